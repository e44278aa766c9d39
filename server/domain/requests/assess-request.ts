// The pre-filter: a quality score (0-100) and flags with reasons for a released request. Flagged requests,
// and those scoring below the setting, wait for moderation; clean ones are matched at once. Pure apart
// from the word lists; the duplicate check and the model's opinion come in as facts.
import naughty from 'naughty-words';
import { findContacts } from '../../../core/redaction/contact.ts';

export type FlagCode = 'duplicate' | 'postcode_unknown' | 'too_thin' | 'nonsense' | 'contact_data' | 'link' | 'abusive' | 'model_flagged';

export interface Flag {
  code: FlagCode;
  detail?: string;
}

export interface Assessment {
  score: number;
  flags: Flag[];
}

// Words of the LDNOOBW lists (CC BY 4.0) that are ordinary in requests for goods and services, left out on purpose:
// a 'Nippel' is a plumbing fitting, 'nackt' describes walls and cars, the others are medical or harmless.
const BENIGN = new Set(['nackt', 'nippel', 'pinkeln', 'popel', 'kimme', 'mufti', 'fratze', 'bonze', 'lümmel', 'penis', 'orgasmus', 'bimbo', 'ische']);

const fold = (s: string) => s.toLowerCase().normalize('NFC');

let abusive: { words: Set<string>; phrases: string[] } | null = null;
function abusiveWords() {
  if (abusive) return abusive;
  const words = new Set<string>();
  const phrases: string[] = [];
  for (const w of [...(naughty as Record<string, string[]>).de!, ...(naughty as Record<string, string[]>).en!]) {
    const f = fold(w).trim();
    if (!f || BENIGN.has(f)) continue;
    if (/\s/.test(f)) phrases.push(f);
    else words.add(f);
  }
  abusive = { words, phrases };
  return abusive;
}

/** The abusive words of a text (whole words, or whole phrases). */
export function findAbusive(text: string): string[] {
  const { words, phrases } = abusiveWords();
  const folded = fold(text);
  const tokens = folded.match(/[\p{L}\p{M}]+/gu) ?? [];
  const hits = new Set(tokens.filter((t) => words.has(t)));
  const padded = ` ${tokens.join(' ')} `;
  for (const p of phrases) if (padded.includes(` ${p} `)) hits.add(p);
  return [...hits];
}

const KEYBOARD_RUNS = /(qwert|wertz|asdf|sdfg|dfgh|fghj|ghjk|hjkl|jklö|yxcv|xcvb|cvbn|zxcv)/i;

/** Letters-words of a text. */
function words(text: string): string[] {
  return text.match(/\p{L}[\p{L}\p{M}'-]*/gu) ?? [];
}

export function looksLikeNonsense(text: string): boolean {
  const compact = text.replace(/\s+/g, '');
  if (!compact) return true;
  const letters = (compact.match(/\p{L}/gu) ?? []).length;
  if (letters / compact.length < 0.5) return true;
  if (/(.)\1{4,}/u.test(compact)) return true;
  const ws = words(text).map((w) => w.toLowerCase());
  const long = ws.filter((w) => w.length >= 4);
  const vowelless = long.filter((w) => !/[aeiouäöüyéèáàóòíìú]/i.test(w));
  if (long.length && vowelless.length / long.length > 0.5) return true;
  if (ws.some((w) => KEYBOARD_RUNS.test(w))) return true;
  if (ws.length >= 5 && new Set(ws).size / ws.length < 0.4) return true;
  return false;
}

export function isTooThin(text: string): boolean {
  const ws = words(text).filter((w) => w.length >= 2);
  return ws.length < 2 || ws.join('').length < 8;
}

/** Word-set similarity of two descriptions (1 = same words). */
export function similarity(a: string, b: string): number {
  const sa = new Set(words(a).map((w) => w.toLowerCase()));
  const sb = new Set(words(b).map((w) => w.toLowerCase()));
  if (!sa.size || !sb.size) return 0;
  let common = 0;
  for (const w of sa) if (sb.has(w)) common++;
  return common / (sa.size + sb.size - common);
}

export interface AssessInput {
  description: string;
  hasCoordinates: boolean;
  /** An earlier request of the same person (or chat session) that reads the same. */
  duplicateOf: string | null;
  /** What a configured model said, when one was asked. */
  model?: { flagged: boolean; reason?: string } | null;
}

export function assessRequest(input: AssessInput): Assessment {
  const flags: Flag[] = [];
  let score = 100;
  const text = input.description;
  if (input.duplicateOf) {
    flags.push({ code: 'duplicate', detail: input.duplicateOf });
    score -= 40;
  }
  if (!input.hasCoordinates) {
    flags.push({ code: 'postcode_unknown' });
    score -= 30;
  }
  if (looksLikeNonsense(text)) {
    flags.push({ code: 'nonsense' });
    score -= 60;
  } else if (isTooThin(text)) {
    flags.push({ code: 'too_thin' });
    score -= 40;
  } else if (words(text).length < 4) {
    // Short but readable ('Heizung kaputt'): matched, with a lower score.
    score -= 20;
  }
  const contacts = findContacts(text);
  if (contacts.some((c) => c.kind === 'url')) {
    flags.push({ code: 'link' });
    score -= 20;
  }
  // Street addresses are hidden in every teaser but are no reason to hold a request (a move names two).
  if (contacts.some((c) => c.kind !== 'url' && c.kind !== 'address')) {
    flags.push({ code: 'contact_data' });
    score -= 20;
  }
  const bad = findAbusive(text);
  if (bad.length) {
    flags.push({ code: 'abusive', detail: bad.slice(0, 5).join(', ') });
    score -= 60;
  }
  if (input.model?.flagged) {
    flags.push({ code: 'model_flagged', ...(input.model.reason ? { detail: input.model.reason.slice(0, 200) } : {}) });
    score -= 40;
  }
  return { score: Math.max(0, Math.min(100, score)), flags };
}
