// Text helpers shared by the NLU modules: folding for comparison, tokens with offsets, masking.

export type Lang = 'de' | 'en';

const UMLAUT_FOLD: ReadonlyMap<string, string> = new Map(Object.entries({ ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' } satisfies Record<string, string>));

/** Comparison form of a word or phrase: lower case, ä→ae, ö→oe, ü→ue, ß→ss, other accents dropped. */
export function fold(s: string): string {
  let t = s.toLowerCase();
  if (/[\u0300-\u036f]/.test(t)) t = t.normalize('NFC');
  t = t.replace(/[äöüß]/g, (c) => UMLAUT_FOLD.get(c)!);
  if (/[^\x00-\x7f]/.test(t)) t = t.normalize('NFD').replace(/\p{M}/gu, '');
  return t;
}

const SAME_LENGTH_FOLD: ReadonlyMap<string, string> = new Map(Object.entries({ ä: 'a', ö: 'o', ü: 'u', ß: 's' } satisfies Record<string, string>));

/**
 * Lower case with ä→a, ö→o, ü→u, ß→s and accents dropped, one character for one, so offsets in the
 * result are offsets in the input (for cue words before a match). Falls back to fold's rules for
 * the rare characters whose lower case is longer.
 */
export function foldSameLength(s: string): string {
  let out = '';
  for (const ch of s) {
    const lower = ch.toLowerCase();
    const mapped = SAME_LENGTH_FOLD.get(lower) ?? (lower.length === 1 && lower.charCodeAt(0) > 0x7f ? lower.normalize('NFD')[0]! : lower);
    out += mapped.length === ch.length ? mapped : ch;
  }
  return out;
}

/** Trimmed, whitespace collapsed, Unicode NFC. */
export function cleanText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export interface Token {
  /** As written. */
  text: string;
  /** fold(text). */
  norm: string;
  start: number;
  end: number;
}

// Words of letters and digits; inner hyphens and apostrophes keep a word together ('Kfz-Versicherung', 'Anne-Marie').
const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    out.push({ text: m[0], norm: fold(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export interface Span {
  start: number;
  end: number;
}

/** Replaces the spans by spaces, keeping every other offset where it was. */
export function maskSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const chars = text.split('');
  for (const { start, end } of spans) for (let i = Math.max(0, start); i < Math.min(end, chars.length); i++) chars[i] = ' ';
  return chars.join('');
}

export function isCapitalized(word: string): boolean {
  const first = word[0];
  return first !== undefined && first !== first.toLowerCase() && first === first.toUpperCase();
}

/** Damerau-Levenshtein distance with an early exit once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const prev2: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur: number[] = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    for (let j = 0; j <= b.length; j++) prev2[j] = prev[j]!;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}
