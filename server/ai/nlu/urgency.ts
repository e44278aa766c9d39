// Urgency of a request from German and English words and from how far away the need is, on the scale of
// docs/intake-eval.md (relative to the message's date):
// - sehr_dringend: today, tonight, now, immediately, an emergency, tomorrow, 'so schnell wie möglich';
// - dringend: within the next 7 days ('diese Woche', 'nächste Woche', 'in 3 Tagen', 'dringend', 'schnell');
// - normal: 8 days to 8 weeks away;
// - niedrig: more than 8 weeks away (a wedding in August, the summer holidays), or explicitly no hurry.
// Negations are read first, so 'nicht dringend' / 'not urgent' is niedrig, never dringend.
// Nothing said and no date, holiday or season named: normal with stated = false, and the intake asks.
import { daysUntil } from './dates.ts';
import { fold, type Lang } from '../../../core/text.ts';
import { URGENCY_LABELS, URGENCY_VALUES, isUrgency, urgencyLabel, type Urgency } from '../../../core/requests/urgency.ts';

export { URGENCY_LABELS, URGENCY_VALUES, isUrgency, urgencyLabel, type Urgency };

const RANK: Record<Urgency, number> = { niedrig: 0, normal: 1, dringend: 2, sehr_dringend: 3 };

// Other words a form or a person uses for a level (a Map: the label is the person's word).
const LABEL_WORDS: ReadonlyMap<string, Urgency> = new Map(
  Object.entries({
    hoch: 'dringend',
    high: 'dringend',
    eilig: 'dringend',
    low: 'niedrig',
    gering: 'niedrig',
    medium: 'normal',
    mittel: 'normal',
    sofort: 'sehr_dringend',
    notfall: 'sehr_dringend',
    emergency: 'sehr_dringend',
    asap: 'sehr_dringend',
  } satisfies Record<string, Urgency>),
);

/** Urgency from a label or id as a form or dropdown sends it ('Sehr dringend', 'very urgent', 'niedrig'). */
export function urgencyFromLabel(label: string): Urgency | null {
  const key = label
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (isUrgency(key)) return key;
  for (const u of URGENCY_VALUES) {
    const { de, en } = URGENCY_LABELS[u];
    if (de.toLowerCase().replace(/\s+/g, '_') === key || en.toLowerCase().replace(/\s+/g, '_') === key) return u;
  }
  return LABEL_WORDS.get(key) ?? null;
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
    'heute?\\s+noch',
    'noch\\s+heute?',
    'gleich\\s+heute?',
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
    'jetzt\\s+gleich',
    'gleich\\s+jetzt',
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
const LANG_ONLY: ReadonlyMap<string, Lang> = new Map(
  Object.entries({ fast: 'en', quick: 'en', soon: 'en', eile: 'de', bald: 'de', schnell: 'de', rasch: 'de' } satisfies Record<string, Lang>),
);

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
    const only = LANG_ONLY.get(m[0].toLowerCase());
    if (only && only !== lang) continue;
    consider('dringend', m[0]);
  }
  if (!found && low.length > 0) return { urgency: 'niedrig', text: low[0]![0] };
  return found;
}

/**
 * The scale (docs/intake-eval.md), from how many days away the need is: today or tomorrow → sehr_dringend,
 * within 7 days → dringend, 8 days to 8 weeks → normal, later → niedrig.
 */
export function urgencyFromDays(days: number): Urgency | null {
  if (days < 0) return null;
  if (days <= 1) return 'sehr_dringend';
  if (days <= 7) return 'dringend';
  if (days <= 56) return 'normal';
  return 'niedrig';
}

/** The urgency a named date gives on the scale (a date in the past says nothing). */
export function urgencyFromDate(isoDate: string | null, now: Date): Urgency | null {
  if (!isoDate) return null;
  return urgencyFromDays(daysUntil(isoDate, now));
}

// 'diese Woche', 'nächste Woche', 'in 3 Tagen': within the next 7 days, dringend, whatever weekday today is.
const WEEK = w(
  [
    '(?:diese|dieser|kommende|kommender|n(?:ä|ae)chste|n(?:ä|ae)chster)\\s+woche',
    '(?:im\\s+)?laufe\\s+der\\s+(?:woche|n(?:ä|ae)chsten\\s+tage)',
    'in\\s+den\\s+(?:n(?:ä|ae)chsten|kommenden)\\s+tagen',
    'innerhalb\\s+(?:einer|der\\s+n(?:ä|ae)chsten)\\s+woche',
    'in\\s+(?:[2-7]|zwei|drei|vier|f(?:ü|ue)nf|sechs|sieben)\\s+tagen',
    'bis\\s+(?:ende\\s+der\\s+woche|zum\\s+wochenende)',
    '(?:this|next|the\\s+coming)\\s+week',
    'within\\s+(?:a|the\\s+(?:next|coming))\\s+week',
    'in\\s+the\\s+(?:next|coming)\\s+(?:few\\s+)?days',
    'in\\s+(?:[2-7]|two|three|four|five|six|seven)\\s+days',
    'by\\s+the\\s+end\\s+of\\s+(?:the|this)\\s+week',
  ].join('|'),
);

/** Easter Sunday of a year (anonymous Gregorian algorithm), as [month 1-12, day]. */
function easter(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return [month, day];
}

function shift([month, day]: [number, number], year: number, by: number): [number, number] {
  const t = new Date(Date.UTC(year, month - 1, day + by));
  return [t.getUTCMonth() + 1, t.getUTCDate()];
}

// Holidays and seasons the date reader leaves open: when they begin (the need is for then).
const HORIZONS: { re: RegExp; start: (year: number) => [number, number] }[] = [
  { re: w('oster(?:n|ferien|urlaub|wochenende|montag|sonntag)?|easter(?:\\s+(?:holidays?|break|weekend))?'), start: (y) => shift(easter(y), y, -3) },
  { re: w('pfingst(?:en|ferien|urlaub)?|whitsun(?:tide)?|pentecost'), start: (y) => shift(easter(y), y, 49) },
  { re: w('(?:heilig\\s*abend|weihnacht(?:en|sferien|sfeier|sgeschenk(?:e)?|szeit)?|christmas(?:\\s+eve)?|xmas)'), start: () => [12, 20] },
  { re: w("silvester|neujahr|new\\s+year(?:'s)?(?:\\s+eve)?"), start: () => [12, 31] },
  { re: w('sommerferien|sommerurlaub|summer\\s+(?:holidays?|vacation|break)'), start: () => [7, 1] },
  { re: w('herbstferien|autumn\\s+(?:holidays?|break)|half[-\\s]term'), start: () => [10, 1] },
  {
    re: w(
      '(?:im|diesen|n(?:ä|ae)chsten)\\s+(?:sommer|herbst|winter|fr(?:ü|ue)hling|fr(?:ü|ue)hjahr)|(?:in\\s+the|this|next)\\s+(?:summer|autumn|fall|winter|spring)',
    ),
    start: () => [0, 0],
  },
];
const SEASON_START: ReadonlyMap<string, [number, number]> = new Map(
  Object.entries({
    sommer: [6, 21],
    summer: [6, 21],
    herbst: [9, 23],
    autumn: [9, 23],
    fall: [9, 23],
    winter: [12, 21],
    fruehling: [3, 20],
    fruehjahr: [3, 20],
    fruhling: [3, 20],
    fruhjahr: [3, 20],
    spring: [3, 20],
  } satisfies Record<string, [number, number]>),
);

// Next year, or some years ahead: from the next 1 January on (the need is far away, whatever today is).
const NEXT_YEARS = w(
  [
    '(?:im\\s+)?(?:n(?:ä|ae)chste[snm]?|kommende[snm]?)\\s+jahr(?:es)?',
    'in\\s+(?:\\d{1,2}|ein\\s+paar|einigen|zwei|drei|vier|f(?:ü|ue)nf)\\s+jahren',
    'next\\s+year',
    'in\\s+(?:a\\s+(?:few|couple\\s+of)|\\d{1,2}|two|three|four|five|several)\\s+years',
  ].join('|'),
);

/** Days until a holiday or season the text names (its next start; one already under way is 0), or null. */
export function daysUntilNamedTime(text: string, now: Date): number | null {
  const year = now.getUTCFullYear();
  let best: number | null = null;
  NEXT_YEARS.lastIndex = 0;
  if (NEXT_YEARS.test(text)) best = daysUntil(`${year + 1}-01-01`, now);
  NEXT_YEARS.lastIndex = 0;
  for (const { re, start } of HORIZONS) {
    for (const m of text.matchAll(re)) {
      let md = start(year);
      if (md[0] === 0) {
        const season = [...SEASON_START.keys()].find((k) => fold(m[0]).includes(k));
        if (!season) continue;
        md = SEASON_START.get(season)!;
      }
      const iso = (y: number, [mo, d]: [number, number]) => `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
      let days = daysUntil(iso(year, md), now);
      if (days < 0) days = daysUntil(iso(year + 1, start(year + 1)[0] === 0 ? md : start(year + 1)), now);
      if (days < 0) continue;
      best = best === null ? days : Math.min(best, days);
    }
  }
  return best;
}

export interface UrgencyResult {
  urgency: Urgency;
  /** False when nothing in the text said how urgent or how far away: urgency is then 'normal' and asked for. */
  stated: boolean;
  source: 'words' | 'date' | 'default';
  text: string | null;
}

/**
 * Urgency on the scale of docs/intake-eval.md: words first ('sofort', 'dringend', 'keine Eile'), then how far
 * away the named date, holiday or season is. Words and a date: the more urgent wins, so 'no hurry' gives
 * niedrig unless a date raises it ('kein Stress, aber bis morgen', 'irgendwann im April'). 'Diese Woche' /
 * 'nächste Woche' are dringend on any weekday (the date read from them is only a stand-in).
 */
export function detectUrgency(text: string, options: { lang: Lang; now: Date; date?: string | null }): UrgencyResult {
  const words = urgencyFromWords(text, options.lang);
  const week = WEEK.exec(text);
  WEEK.lastIndex = 0;
  if (week && (!words || RANK[words.urgency] < RANK.sehr_dringend)) return { urgency: 'dringend', stated: true, source: 'words', text: week[0] };
  const dateDays = options.date ? daysUntil(options.date, options.now) : null;
  const named = daysUntilNamedTime(text, options.now);
  const days = dateDays !== null && dateDays >= 0 ? dateDays : named;
  const fromDate = days === null ? null : urgencyFromDays(days);
  if (words) {
    if (fromDate && RANK[fromDate] > RANK[words.urgency]) return { urgency: fromDate, stated: true, source: 'date', text: null };
    return { urgency: words.urgency, stated: true, source: 'words', text: words.text };
  }
  if (fromDate) return { urgency: fromDate, stated: true, source: 'date', text: null };
  return { urgency: 'normal', stated: false, source: 'default', text: null };
}
