// Urgency of a request from German and English words and from the date it names.
//
// Rule: the urgency is the highest of (a) what the words say and (b) what a near date says:
// today or tomorrow → sehr_dringend, within 7 days → dringend; a later date says nothing.
// Words for 'no hurry' give niedrig unless a near date raises it ('kein Stress, aber bis morgen').
// Negations are read first, so 'nicht dringend' / 'not urgent' is niedrig, never dringend.
// Nothing said and no near date: normal, with stated = false (the intake does not ask for it; see extract.ts).
import { daysUntil } from './dates.ts';
import { type Lang } from './text.ts';

export const URGENCY_VALUES = ['sehr_dringend', 'dringend', 'normal', 'niedrig'] as const;
export type Urgency = (typeof URGENCY_VALUES)[number];

export const URGENCY_LABELS: Record<Urgency, { de: string; en: string }> = {
  sehr_dringend: { de: 'Sehr dringend', en: 'Very urgent' },
  dringend: { de: 'Dringend', en: 'Urgent' },
  normal: { de: 'Normal', en: 'Normal' },
  niedrig: { de: 'Niedrig', en: 'Low' },
};

const RANK: Record<Urgency, number> = { niedrig: 0, normal: 1, dringend: 2, sehr_dringend: 3 };

export function urgencyLabel(u: Urgency, lang: Lang): string {
  return URGENCY_LABELS[u][lang];
}

export function isUrgency(v: string): v is Urgency {
  return (URGENCY_VALUES as readonly string[]).includes(v);
}

/** Urgency from a label or id as a form or dropdown sends it ('Sehr dringend', 'very urgent', 'niedrig'). */
export function urgencyFromLabel(label: string): Urgency | null {
  const key = label.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (isUrgency(key)) return key;
  for (const u of URGENCY_VALUES) {
    const { de, en } = URGENCY_LABELS[u];
    if (de.toLowerCase().replace(/\s+/g, '_') === key || en.toLowerCase().replace(/\s+/g, '_') === key) return u;
  }
  const map: Record<string, Urgency> = { hoch: 'dringend', high: 'dringend', eilig: 'dringend', low: 'niedrig', gering: 'niedrig', medium: 'normal', mittel: 'normal', sofort: 'sehr_dringend', notfall: 'sehr_dringend', emergency: 'sehr_dringend', asap: 'sehr_dringend' };
  return map[key] ?? null;
}

const U = '(?<![A-Za-z\\u00C0-\\u024F0-9])';
const E = '(?![A-Za-z\\u00C0-\\u024F0-9])';
const w = (s: string) => new RegExp(`${U}(?:${s})${E}`, 'giu');

// Checked in this order; a match blanks its words out for the later lists.
const LOW = w(
  [
    'nicht\\s+(?:so\\s+|sonderlich\\s+|besonders\\s+|super\\s+|allzu\\s+)?(?:dringend|eilig|akut)',
    'eilt\\s+nicht',
    'kein(?:en)?\\s+(?:stress|zeitdruck|druck|eile|hektik|notfall)',
    'keine\\s+(?:eile|hektik)',
    'ohne\\s+(?:eile|zeitdruck|stress|hektik)',
    'hat\\s+(?:noch\\s+)?(?:zeit|keine\\s+eile)',
    'habe\\s+(?:noch\\s+)?zeit',
    'hab\\s+(?:noch\\s+)?zeit',
    'zeit\\s+lassen',
    'irgendwann',
    'gelegentlich',
    'bei\\s+gelegenheit',
    'langfristig',
    '(?:zeitlich\\s+)?flexibel',
    'in\\s+ruhe',
    'nur\\s+(?:mal\\s+)?(?:unverbindlich|informieren)',
    'no\\s+(?:rush|hurry|pressure|stress)',
    'not\\s+(?:so\\s+|that\\s+|very\\s+|too\\s+|particularly\\s+)?(?:urgent|in\\s+a\\s+hurry|pressing)',
    "(?:there's|there\\s+is|is)\\s+no\\s+(?:rush|hurry)",
    'whenever(?:\\s+(?:you\\s+can|it\\s+suits))?',
    'eventually',
    'some\\s*time',
    'at\\s+some\\s+point',
    'take\\s+your\\s+time',
    '(?:time\\s+is\\s+)?flexible',
    'low\\s+priority',
    'niedrige\\s+priorit(?:ä|ae)t',
    'in\\s+den\\s+n(?:ä|ae)chsten\\s+monaten',
    'in\\s+the\\s+(?:next|coming)\\s+(?:few\\s+)?months',
  ].join('|'),
);

const VERY = w(
  [
    '(?:sehr|extrem|super|mega|total|echt|wirklich|äußerst|aeusserst|ganz|besonders|absolut|richtig)\\s+dringend',
    'dringendst',
    'h(?:ö|oe)chst\\s+dringend',
    'sofort(?:ig)?',
    'heute\\s+noch',
    'noch\\s+heute',
    'gleich\\s+heute',
    'not(?:fall|falls|fälle)',
    'notf(?:a|ä)llm(?:ä|ae)(?:ß|ss)ig',
    'notdienst',
    'notruf',
    'so\\s+(?:schnell|rasch|fix)\\s+wie\\s+m(?:ö|oe)glich',
    'schnellstm(?:ö|oe)glich',
    'schnellstens',
    'umgehend',
    'unverz(?:ü|ue)glich',
    'jetzt\\s+sofort',
    'eilt\\s+sehr',
    'sehr\\s+eilig',
    'es\\s+brennt',
    'akut(?:e|er|es)?',
    'a\\.?s\\.?a\\.?p\\.?',
    'as\\s+soon\\s+as\\s+(?:possible|you\\s+can)',
    '(?:very|extremely|super|really|most|incredibly)\\s+urgent(?:ly)?',
    'emergency',
    'emergencies',
    'immediately',
    'immediate',
    'right\\s+(?:away|now)',
    'straight\\s+away',
    'today\\s+if\\s+possible',
    'same[-\\s]day',
    'urgent\\s+emergency',
    // 'need a plumber NOW', 'JETZT': shouted, it is no filler word.
    '(?-i:NOW|JETZT)',
    'need(?:ed)?\\s+(?:\\S+\\s+){0,5}now(?=\\s*[!.]*\\s*$)',
  ].join('|'),
);

const URGENT = w(
  [
    'dringend(?:e|er|es|en)?',
    'eilig(?:e|er|es|en)?',
    'eilt',
    'zeitnah',
    'bald(?:m(?:ö|oe)glichst)?',
    'm(?:ö|oe)glichst\\s+(?:bald|schnell|zeitnah|rasch)',
    'so\\s+bald\\s+wie\\s+m(?:ö|oe)glich',
    'rasch',
    'schnell',
    'kurzfristig(?:e|er|es)?',
    'pressiert',
    'eile',
    'zeitkritisch',
    'urgent(?:ly)?',
    'urgency',
    'quickly',
    'quick',
    'soon',
    'fast',
    'in\\s+a\\s+hurry',
    'hurry',
    'at\\s+short\\s+notice',
    'short\\s+notice',
    'pressing',
    'time[-\\s]sensitive',
    'promptly',
  ].join('|'),
);

// 'fast' is German for 'almost', 'bald' a name part in English text: these count in their language only.
const LANG_ONLY: Record<string, Lang> = { fast: 'en', quick: 'en', soon: 'en', eile: 'de', bald: 'de', schnell: 'de', rasch: 'de' };

export interface UrgencyWords {
  urgency: Urgency;
  text: string;
}

/** What the words alone say, or null. */
export function urgencyFromWords(text: string, lang: Lang): UrgencyWords | null {
  let rest = text;
  let found: UrgencyWords | null = null;
  const consider = (u: Urgency, t: string) => {
    if (!found || RANK[u] > RANK[found.urgency]) found = { urgency: u, text: t };
  };
  const low = [...rest.matchAll(LOW)];
  for (const m of low) rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
  for (const m of rest.matchAll(VERY)) consider('sehr_dringend', m[0]);
  for (const m of rest.matchAll(URGENT)) {
    const only = LANG_ONLY[m[0].toLowerCase()];
    if (only && only !== lang) continue;
    consider('dringend', m[0]);
  }
  if (!found && low.length > 0) return { urgency: 'niedrig', text: low[0]![0] };
  return found;
}

/** Today or tomorrow → sehr_dringend, within 7 days → dringend, else null (a later date says nothing). */
export function urgencyFromDate(isoDate: string | null, now: Date): Urgency | null {
  if (!isoDate) return null;
  const days = daysUntil(isoDate, now);
  if (days < 0) return null;
  if (days <= 1) return 'sehr_dringend';
  if (days <= 7) return 'dringend';
  return null;
}

export interface UrgencyResult {
  urgency: Urgency;
  /** False when neither words nor a near date said anything: urgency is the default 'normal'. */
  stated: boolean;
  source: 'words' | 'date' | 'default';
  text: string | null;
}

export function detectUrgency(text: string, options: { lang: Lang; now: Date; date?: string | null }): UrgencyResult {
  const words = urgencyFromWords(text, options.lang);
  const fromDate = urgencyFromDate(options.date ?? null, options.now);
  if (words && (!fromDate || RANK[words.urgency] >= RANK[fromDate])) return { urgency: words.urgency, stated: true, source: 'words', text: words.text };
  if (fromDate) return { urgency: fromDate, stated: true, source: 'date', text: null };
  return { urgency: 'normal', stated: false, source: 'default', text: null };
}
