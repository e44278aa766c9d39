// The date a request names, relative to a reference time, as an ISO date (YYYY-MM-DD) in Europe/Berlin.
//
// chrono-node (chrono.de, chrono.en, forwardDate) reads explicit and relative dates ('am 3. Januar',
// 'morgen', 'übermorgen', 'in 2 Wochen', 'tomorrow', 'Dec 15'). Rules of our own come first, for what
// chrono misses or reads differently:
// - '15/12', '15/12/2026': day first, as written in Germany and Britain.
// - 'am 15.12.', 'bis 15.12.' (no year): the next 15 December on or after today.
// - 'Ende des Monats' / 'end of the month': the month's last day; 'Ende Juni' / 'end of June' likewise,
//   'Anfang Juli' the 1st, 'Mitte Juli' the 15th, 'im Juli' / 'in July' / 'ab Juli' / 'from July' the
//   1st (today if in July).
// - Recurrences are no date: 'jeden Freitag', 'freitags', 'every Friday', 'alle zwei Wochen', 'pro Woche'.
// - Durations are no date: 'ca. 2 Wochen', 'about 2 weeks', 'für 3 Tage' (but 'in 2 Wochen' is).
// - 'diese Woche' / 'this week' / 'Ende der Woche': this week's Friday (Sunday on a weekend);
//   'nächste Woche' / 'next week': next week's Monday; 'Ende nächster Woche' its Friday.
// - Weekdays: 'Freitag', 'am Freitag', 'diesen/kommenden Freitag', 'this/coming Friday': the next
//   Friday after today. 'nächsten Freitag' / 'next Friday': the Friday of next calendar week (as chrono
//   reads it), 'übernächsten Freitag' a week later. 'Wochenende' / 'weekend': the coming Saturday.
// - Named days: Karfreitag, Ostersonntag/-montag, Christi Himmelfahrt/Vatertag, Pfingstsonntag/-montag, Fronleichnam
//   (from Easter), Muttertag / Mother's Day (second Sunday in May, as in Germany), Valentinstag, Halloween, Tag der
//   Deutschen Einheit, Allerheiligen, Nikolaustag, Heiligabend, 1. Weihnachtstag, Silvester(party), Neujahr, Christmas
//   Eve/Day, New Year's Eve/Day: their next date. 'in einem Monat' / 'in a month', 'in 2 Wochen' / 'in 10 days'.
// - Seasons ('im Herbst', 'in the spring') and years ('nächstes Jahr') give no date, as holidays ('Sommerferien')
//   do not: they are too vague for a day. urgency.ts reads how far away they are.
// - 'heut' is 'heute'; 'nächsten Monat' is read in every case ('ab nächstem Monat').
// - A number after a month ('1. Oktober, 2 Personen') is never its year; only four digits are.
// - 'nächsten Monat' / 'next month': its 1st. 'innerhalb von 2 Wochen' / 'within 3 days': that deadline.
// - 'asap', 'so schnell wie möglich', 'sofort' set asap (an urgency, not a date). The word 'so' is not
//   Sonntag, 'guten Morgen' is not tomorrow, two-letter weekday abbreviations ('Mo', 'Fr') count only
//   when written with a dot and a date ('Fr. 13.6.').
// Dates before today ('seit gestern') are not the date a request needs and are skipped.
import * as chrono from 'chrono-node';
import { fold, maskSpans, type Lang, type Span } from '../../../core/text.ts';

// \b in JavaScript only knows ASCII letters: 'übernächsten' has no \b before its ü. U is a Unicode one.
const U = '(?:(?<![A-Za-z\\u00C0-\\u024F0-9])(?=[A-Za-z\\u00C0-\\u024F0-9])|(?<=[A-Za-z\\u00C0-\\u024F0-9])(?![A-Za-z\\u00C0-\\u024F0-9]))';

function rx(re: RegExp): RegExp {
  const flags = re.flags.includes('u') ? re.flags : re.flags + 'u';
  return new RegExp(re.source.replace(/\\b/g, U), flags);
}

export type DateKind = 'on' | 'by' | 'from' | 'approx';

export interface DateResult {
  /** YYYY-MM-DD, or null when the text names no date. */
  date: string | null;
  /** 'by' for deadlines ('bis Freitag'), 'from' for starts ('ab 1.8.'), 'approx' for months and seasons. */
  kind: DateKind | null;
  /** 'asap', 'so schnell wie möglich', 'sofort', ... */
  asap: boolean;
  text: string | null;
  span: Span | null;
}

export interface DateOptions {
  lang: Lang;
  now: Date;
  /** Calendar of the reference; default Europe/Berlin. */
  timeZone?: string;
  /**
   * Spans already read as something else (amount, place, phone number): dates inside them are
   * dropped. Better than blanking them out, which changes how chrono reads what stands next to them.
   */
  ignore?: readonly Span[];
}

/** A calendar day as a UTC midnight timestamp, so day arithmetic ignores daylight saving. */
type Day = number;
const DAY_MS = 86_400_000;

function dayOf(y: number, m: number, d: number): Day {
  return Date.UTC(y, m - 1, d);
}

export function isoDate(day: Day): string {
  return new Date(day).toISOString().slice(0, 10);
}

function parts(day: Day): { y: number; m: number; d: number; wd: number } {
  const dt = new Date(day);
  // wd: 1 = Monday .. 7 = Sunday
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate(), wd: ((dt.getUTCDay() + 6) % 7) + 1 };
}

function addDays(day: Day, n: number): Day {
  return day + n * DAY_MS;
}

function lastOfMonth(y: number, m: number): Day {
  return dayOf(y, m + 1, 0);
}

/** The calendar day of `now` in the time zone. */
export function referenceDay(now: Date, timeZone = 'Europe/Berlin'): Day {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (t: string) => Number(f.find((p) => p.type === t)!.value);
  return dayOf(get('year'), get('month'), get('day'));
}

/** Today's date in ISO form for the reference time. */
export function todayIso(now: Date, timeZone = 'Europe/Berlin'): string {
  return isoDate(referenceDay(now, timeZone));
}

/** Whole days from the reference day to an ISO date (0 = today, 1 = tomorrow). */
export function daysUntil(iso: string, now: Date, timeZone = 'Europe/Berlin'): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round((dayOf(y, m, d) - referenceDay(now, timeZone)) / DAY_MS);
}

const MONTHS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    januar: 1,
    jan: 1,
    january: 1,
    jaenner: 1,
    februar: 2,
    feb: 2,
    february: 2,
    märz: 3,
    maerz: 3,
    marz: 3,
    mrz: 3,
    march: 3,
    mar: 3,
    april: 4,
    apr: 4,
    mai: 5,
    may: 5,
    juni: 6,
    jun: 6,
    june: 6,
    juli: 7,
    jul: 7,
    july: 7,
    august: 8,
    aug: 8,
    september: 9,
    sept: 9,
    sep: 9,
    oktober: 10,
    okt: 10,
    october: 10,
    oct: 10,
    november: 11,
    nov: 11,
    dezember: 12,
    dez: 12,
    december: 12,
    dec: 12,
  } satisfies Record<string, number>),
);
const MONTH_RE = [...MONTHS.keys()].sort((a, b) => b.length - a.length).join('|');
const MONTH_COMMA_NUMBER = new RegExp(`(${MONTH_RE})(\\s*,\\s*\\d{1,3})(?!\\d)`, 'giu');

const WEEKDAYS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    montag: 1,
    dienstag: 2,
    mittwoch: 3,
    donnerstag: 4,
    freitag: 5,
    samstag: 6,
    sonnabend: 6,
    sonntag: 7,
    monday: 1,
    tuesday: 2,
    wednesday: 3,
    thursday: 4,
    friday: 5,
    saturday: 6,
    sunday: 7,
  } satisfies Record<string, number>),
);
const WEEKDAY_RE = [...WEEKDAYS.keys()].join('|');

const ASAP = [
  /\bso\s+(schnell|bald|zeitnah|fix)\s+wie\s+m(ö|oe)glich\b/i,
  /\bschnellstm(ö|oe)glich\b/i,
  /\bschnellstens\b/i,
  /\bm(ö|oe)glichst\s+(schnell|sofort|bald|zeitnah|heute)\b/i,
  /\ba\.?s\.?a\.?p\.?(?![A-Za-z\u00C0-\u024F])/iu,
  /\bas\s+soon\s+as\s+(possible|you\s+can)\b/i,
  /\bsofort\b/i,
  /\bumgehend\b/i,
  /\bimmediately\b/i,
  /\bright\s+(away|now)\b/i,
  /\bpronto\b/i,
];

const ASAP_RX = ASAP.map(rx);

export function mentionsAsap(text: string): boolean {
  return ASAP_RX.some((re) => re.test(text));
}

interface Found {
  day: Day;
  kind: DateKind;
  start: number;
  end: number;
}

// Words before a date that make it a deadline or a start.
function kindBefore(text: string, start: number, fallback: DateKind): DateKind {
  const before = fold(text.slice(Math.max(0, start - 25), start));
  if (
    /(bis|bis zum|bis spaetestens|spaetestens|spaetestens am|bis sp\.|by|until|till|no later than|before|vor dem|deadline)\s*(zum|am|den|the)?\s*$/.test(before)
  )
    return 'by';
  if (/(ab|ab dem|ab den|vom|von|starting|from|beginning|ab spaetestens)\s*(dem|den|the)?\s*$/.test(before)) return 'from';
  return fallback;
}

function weekdayAfter(today: Day, wd: number, strictlyAfter = true): Day {
  const t = parts(today).wd;
  let diff = (wd - t + 7) % 7;
  if (diff === 0 && strictlyAfter) diff = 7;
  return addDays(today, diff);
}

function mondayOfWeek(day: Day): Day {
  return addDays(day, -(parts(day).wd - 1));
}

function endOfThisWeek(today: Day): Day {
  const wd = parts(today).wd;
  return wd <= 5 ? addDays(today, 5 - wd) : addDays(today, 7 - wd);
}

function nextOccurrenceOfMonth(today: Day, month: number): number {
  const { y, m } = parts(today);
  return month >= m ? y : y + 1;
}

type Rule = { re: RegExp; make: (m: RegExpExecArray, today: Day) => { day: Day; kind: DateKind } | null };

/** Easter Sunday of a year (anonymous Gregorian algorithm) as [month, day]. */
export function easterSunday(year: number): [number, number] {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return [Math.floor((h + l - 7 * m + 114) / 31), ((h + l - 7 * m + 114) % 31) + 1];
}

// Named days: [pattern, day of a given year]. Easter-based ones move; the rest are fixed.
const HOLIDAYS: [string, (y: number) => Day][] = [
  ['karfreitag|good\\s+friday', (y) => addDays(dayOf(y, ...easterSunday(y)), -2)],
  ['ostersonntag|easter\\s+sunday', (y) => dayOf(y, ...easterSunday(y))],
  ['ostermontag|easter\\s+monday', (y) => addDays(dayOf(y, ...easterSunday(y)), 1)],
  ['christi\\s+himmelfahrt|vatertag\\p{L}*|ascension\\s+day', (y) => addDays(dayOf(y, ...easterSunday(y)), 39)],
  ['pfingstsonntag|whit\\s*sunday|pentecost\\s+sunday', (y) => addDays(dayOf(y, ...easterSunday(y)), 49)],
  ['pfingstmontag|whit\\s*monday', (y) => addDays(dayOf(y, ...easterSunday(y)), 50)],
  ['fronleichnam|corpus\\s+christi', (y) => addDays(dayOf(y, ...easterSunday(y)), 60)],
  // The second Sunday in May, as in Germany (Britain's Mothering Sunday is in Lent).
  ["muttertag\\p{L}*|mother(?:'|’)?s\\s+day", (y) => addDays(dayOf(y, 5, 1), ((7 - parts(dayOf(y, 5, 1)).wd) % 7) + 7)],
  ["valentinstag\\p{L}*|valentine(?:'|’)?s(?:\\s+day)?", (y) => dayOf(y, 2, 14)],
  ['halloween\\p{L}*', (y) => dayOf(y, 10, 31)],
  ['tag\\s+der\\s+deutschen\\s+einheit|german\\s+unity\\s+day', (y) => dayOf(y, 10, 3)],
  ["allerheiligen|all\\s+saints(?:'|’)?\\s+day", (y) => dayOf(y, 11, 1)],
  ['nikolaustag|nikolausabend', (y) => dayOf(y, 12, 6)],
  ['heilig(?:en)?\\s*abend|weihnachtsabend|christmas\\s+eve', (y) => dayOf(y, 12, 24)],
  ['(?:1\\.|erste[rnm]?)\\s+weihnachts(?:feier)?tag|christmas\\s+day', (y) => dayOf(y, 12, 25)],
  ["silvester\\p{L}*|new\\s+year(?:'|’)?s\\s+eve", (y) => dayOf(y, 12, 31)],
  ["neujahr(?:stag)?|new\\s+year(?:'|’)?s\\s+day", (y) => dayOf(y, 1, 1)],
];

const WORD_END = '(?![A-Za-z\\u00C0-\\u024F])';

/** Day and month (and maybe a year) as matched; without a year the next such day from today. */
function numericDay(m: RegExpExecArray, today: Day): { day: Day; kind: DateKind } | null {
  const d = Number(m[1]);
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  let y = m[3] ? Number(m[3]) : parts(today).y;
  if (m[3] && m[3].length === 2) y += 2000;
  let day = dayOf(y, mo, d);
  if (parts(day).d !== d) return null;
  if (!m[3] && day < today) day = dayOf(y + 1, mo, d);
  return { day, kind: 'on' };
}

const RULES: Rule[] = [
  // Karfreitag, Ostersonntag, Heiligabend, Silvester(party), Christmas Eve, New Year's Eve: their next date
  ...HOLIDAYS.map(
    ([words, of]): Rule => ({
      re: new RegExp(`\\b(?:${words})${WORD_END}`, 'giu'),
      make: (_m, today) => {
        const { y } = parts(today);
        const day = of(y) >= today ? of(y) : of(y + 1);
        return { day, kind: 'on' };
      },
    }),
  ),
  // 15.12. / 15.12.2026 / 15.12.26
  {
    re: /(?<![\d.])(\d{1,2})\.\s?(\d{1,2})\.(\d{4}|\d{2}(?!\d))?(?![\d])/gu,
    make: (m, today) => {
      return numericDay(m, today);
    },
  },
  // 15/12, 15/12/2026: day first, as written in Germany and Britain ('24/7' is no date)
  {
    re: /(?<![\d/.])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/gu,
    make: (m, today) => {
      if (m[0] === '24/7') return null;
      return numericDay(m, today);
    },
  },
  // Ende des Monats, Monatsende, end of the month; Ende nächsten Monats, end of next month
  {
    re: new RegExp(
      `\\b(?:(?:zum|bis zum|bis|by the|by|at the|to the)\\s+)?(?:ende\\s+(?:des\\s+|dieses\\s+|diesen\\s+)?(n(?:ä|ae)chste[nm]\\s+|kommende[nm]\\s+)?monats?|monatsende|end\\s+of\\s+(?:the\\s+|this\\s+)?(next\\s+)?month|month[-\\s]end)${WORD_END}`,
      'giu',
    ),
    make: (m, today) => {
      const { y, m: mo } = parts(today);
      return { day: m[1] || m[2] ? lastOfMonth(y, mo + 1) : lastOfMonth(y, mo), kind: 'by' };
    },
  },
  // Anfang/Mitte nächsten Monats, beginning of next month
  {
    re: /\b(anfang|mitte|beginning\s+of|start\s+of|middle\s+of|mid)[\s-]+(?:des\s+)?(n(?:ä|ae)chste[nm]|kommende[nm]|next)\s+monats?\b|\b(anfang|mitte)\s+des\s+monats\b/giu,
    make: (m, today) => {
      const { y, m: mo } = parts(today);
      const word = fold(m[1] ?? m[3] ?? '');
      if (m[3]) return { day: word === 'mitte' ? Math.max(today, dayOf(y, mo, 15)) : today, kind: 'approx' };
      return { day: /mitte|middle|mid/.test(word) ? dayOf(y, mo + 1, 15) : dayOf(y, mo + 1, 1), kind: 'approx' };
    },
  },
  // nächsten Monat, ab nächstem Monat, next month, im nächsten Monat
  {
    re: /\b(?:im\s+|in\s+)?(?:n(?:ä|ae)chste[nms]|kommende[nms]|next)\s+monat(?:s)?\b|\bnext\s+month\b/giu,
    make: (_m, today) => {
      const { y, m } = parts(today);
      return { day: dayOf(y, m + 1, 1), kind: 'approx' };
    },
  },
  // Ende/Anfang/Mitte Juni, end of June, early/mid/late July, im Juli, in July
  {
    re: new RegExp(
      `\\b(ende|anfang|mitte|end\\s+of|beginning\\s+of|start\\s+of|early|mid|middle\\s+of|late|im|in|bis\\s+ende|by\\s+the\\s+end\\s+of|ab|from|starting(?:\\s+in)?|bis|until|by)[\\s-]+(${MONTH_RE})${WORD_END}(?!\\s*\\d)`,
      'giu',
    ),
    make: (m, today) => {
      const month = MONTHS.get(fold(m[2]!));
      if (!month) return null;
      const word = fold(m[1]!).replace(/\s+/g, ' ');
      const y = nextOccurrenceOfMonth(today, month);
      if (/ende|end|late/.test(word)) return { day: lastOfMonth(y, month), kind: 'by' };
      if (/mitte|mid|middle/.test(word)) return { day: Math.max(today, dayOf(y, month, 15)), kind: 'approx' };
      if (/^(ab|from|starting)/.test(word)) return { day: Math.max(today, dayOf(y, month, 1)), kind: 'from' };
      if (/^(bis|until|by)$/.test(word)) return { day: Math.max(today, dayOf(y, month, 1)), kind: 'by' };
      return { day: Math.max(today, dayOf(y, month, 1)), kind: 'approx' };
    },
  },
  // Ende der Woche, end of the week, Ende nächster Woche, Anfang nächster Woche, early next week
  {
    re: /\b(ende|anfang|mitte|end\s+of|beginning\s+of|start\s+of|early|middle\s+of|mid|late)\s+(?:der\s+|dieser\s+|diese\s+|this\s+|the\s+)?(n(?:ä|ae)chste[rn]?|kommende[rn]?|next)?\s*(?:woche|week)\b/giu,
    make: (m, today) => {
      const word = fold(m[1]!);
      const nextWeek = m[2] !== undefined;
      if (!nextWeek) return { day: endOfThisWeek(today), kind: 'by' };
      const monday = addDays(mondayOfWeek(today), 7);
      if (/ende|end|late/.test(word)) return { day: addDays(monday, 4), kind: 'by' };
      if (/mitte|mid|middle/.test(word)) return { day: addDays(monday, 2), kind: 'approx' };
      return { day: monday, kind: 'approx' };
    },
  },
  // übernächste Woche, the week after next
  {
    re: /\b(?:(?:in\s+der\s+)?(?:ü|ue)bern(?:ä|ae)chsten?\s+woche|the\s+week\s+after\s+next)\b/giu,
    make: (_m, today) => ({ day: addDays(mondayOfWeek(today), 14), kind: 'from' }),
  },
  // diese Woche, this week, noch diese Woche, within the week
  {
    re: /\b(?:(?:noch\s+)?(?:in\s+)?(?:diese[rn]?|dieser)\s+woche|this\s+week|within\s+the\s+week|im\s+laufe\s+der\s+woche)\b/giu,
    make: (_m, today) => ({ day: endOfThisWeek(today), kind: 'by' }),
  },
  // nächste Woche, next week, kommende Woche
  {
    re: /\b(?:(?:in\s+der\s+|ab\s+)?(?:n(?:ä|ae)chste[rn]?|kommende[rn]?)\s+woche|next\s+week|the\s+coming\s+week)\b/giu,
    make: (_m, today) => ({ day: addDays(mondayOfWeek(today), 7), kind: 'from' }),
  },
  // (dieses/nächstes) Wochenende, (this/next) weekend
  {
    re: /\b(?:(?:am|an\s+diesem|an\s+dem|dieses|diesem|(?:ü|ue)bers?|zum|(n(?:ä|ae)chste[sn]?|kommende[sn]?)|this|at\s+the|on\s+the|over\s+the|the|(next|coming))\s+)?(?:wochenende|weekend)\b/giu,
    make: (m, today) => {
      const sat = parts(today).wd >= 6 ? today : weekdayAfter(today, 6);
      return { day: m[1] || m[2] ? addDays(mondayOfWeek(today), 12) : sat, kind: 'on' };
    },
  },
  // morgen, übermorgen, tomorrow, the day after tomorrow ('guten Morgen', 'am Morgen', 'jeden Morgen' are mornings)
  {
    re: /(?<!(?:guten|am|jeden|heute?|diesen|gestern|dem|den|einen|sch(?:ö|oe)nen|fr(?:ü|ue)hen|zum|vom|bis\s+zum)\s+)\b(?:((?:ü|ue)ber)morgen|morgen)\b|\b(?:(the\s+day\s+after\s+)tomorrow|tomorrow)\b/giu,
    make: (m, today) => ({ day: addDays(today, m[1] || m[2] ? 2 : 1), kind: 'on' }),
  },
  // Weekdays with their modifiers.
  {
    re: new RegExp(
      `\\b(?:(am|bis|ab|sp(?:ä|ae)testens|on|by|until|from)\\s+)?(?:(n(?:ä|ae)chste[nrs]?|(?:ü|ue)bern(?:ä|ae)chste[nrs]?|kommende[nrsm]?|diese[nrs]?|next|this|coming|this\\s+coming|the\\s+following|jede[nrs]?|immer|every|each)\\s+)?(${WEEKDAY_RE})(s?)(?:abend|morgen|vormittag|nachmittag|mittag|nacht|fr(?:ü|ue)h)?${WORD_END}(?![,\\s]*(?:den\\s+|the\\s+)?\\d{1,2}(?:[./\\s]|st|nd|rd|th))`,
      'giu',
    ),
    make: (m, today) => {
      const wd = WEEKDAYS.get(fold(m[3]!));
      if (!wd) return null;
      const mod = fold(m[2] ?? '');
      // 'jeden Freitag', 'every Friday', 'freitags', 'on Fridays': a recurrence, no date.
      if (/^(jede|immer|every|each)/.test(mod) || m[4]) return null;
      let day: Day;
      if (/^uebern/.test(mod)) day = addDays(mondayOfWeek(today), 14 + wd - 1);
      else if (/^naechst|^next$/.test(mod)) day = addDays(mondayOfWeek(today), 7 + wd - 1);
      else day = weekdayAfter(today, wd, !/^dies|^this/.test(mod));
      const pre = fold(m[1] ?? '');
      const kind: DateKind = /^(bis|spaetestens|by|until)$/.test(pre) ? 'by' : /^(ab|from)$/.test(pre) ? 'from' : 'on';
      return { day, kind };
    },
  },
  // innerhalb von 2 Wochen, in den nächsten 3 Tagen, within 3 days, in the next 2 weeks
  {
    re: /\b(?:innerhalb\s+(?:von\s+|der\s+n(?:ä|ae)chsten\s+)?|in\s+den\s+n(?:ä|ae)chsten\s+|within(?:\s+the\s+next)?\s+|in\s+the\s+next\s+)(\d{1,2}|ein(?:er|em|en)?|zwei|drei|vier|f(?:ü|ue)nf|sechs|sieben|acht|neun|zehn|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+(tage?n?|wochen?|monate?n?|days?|weeks?|months?)\b/giu,
    make: (m, today) => {
      const n = numberWord(m[1]!);
      if (n === null) return null;
      const unit = fold(m[2]!);
      if (/^(tag|day)/.test(unit)) return { day: addDays(today, n), kind: 'by' };
      if (/^(woche|week)/.test(unit)) return { day: addDays(today, 7 * n), kind: 'by' };
      const { y, m: mo, d } = parts(today);
      return { day: dayOf(y, mo + n, d), kind: 'by' };
    },
  },
  // in 3 Tagen, in zwei Wochen, in einem Monat, in a month, in 10 days: that day. chrono misses the months and
  // reads 'in 2 weeks before my holiday' as two weeks before today.
  {
    re: /\b(?:in|in\s+about|in\s+etwa|in\s+ca\.?)\s+(\d{1,2}|ein(?:e[mr])?|zwei|drei|vier|f(?:ü|ue)nf|sechs|sieben|acht|neun|zehn|elf|zw(?:ö|oe)lf|vierzehn|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen)\s+(tage?n?|wochen?|monate?n?|days?|weeks?|months?)\b/giu,
    make: (m, today) => {
      const n = numberWord(m[1]!);
      if (n === null) return null;
      const unit = fold(m[2]!);
      if (/^(tag|day)/.test(unit)) return { day: addDays(today, n), kind: 'on' };
      if (/^(woche|week)/.test(unit)) return { day: addDays(today, 7 * n), kind: 'on' };
      const { y, m: mo, d } = parts(today);
      return { day: dayOf(y, mo + n, d), kind: 'on' };
    },
  },
  // heute, heute noch, heut (colloquial), today, tonight
  {
    re: /\b(?:heute?|today|tonight|this\s+evening|this\s+afternoon)\b/giu,
    make: (_m, today) => ({ day: today, kind: 'on' }),
  },
];

for (const rule of RULES) rule.re = rx(rule.re);

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    ein: 1,
    eine: 1,
    einer: 1,
    einem: 1,
    einen: 1,
    zwei: 2,
    drei: 3,
    vier: 4,
    fuenf: 5,
    sechs: 6,
    sieben: 7,
    acht: 8,
    neun: 9,
    zehn: 10,
    elf: 11,
    zwoelf: 12,
    vierzehn: 14,
    a: 1,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    fourteen: 14,
  } satisfies Record<string, number>),
);

function numberWord(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  return NUMBER_WORDS.get(fold(s)) ?? null;
}

// Spans chrono must not read: 'so' is not Sonntag, 'guten Morgen' is not tomorrow, 'a second' is not now.
const GUARDS: RegExp[] = [
  /\bso\b(?!\.?,?\s*\d{1,2}\.\d{1,2}\.)/gi,
  /\b(mo|di|mi|do|fr|sa)\b(?!\.?,?\s*\d{1,2}\.\d{1,2}\.)/gi,
  /\b(guten|am|jeden|heute?|diesen|morgens?|gestern)\s+morgen\b/gi,
  /\b(sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)\b(?!\.?,?\s*\d)/gi,
  /\b(a|one)\s+second\b/gi,
  /\b(right\s+)?now\b/gi,
  /\bmay\b(?!\s*\d)(?<!\d\s*may)/gi,
  /\bmarch\b(?!\s*\d)/g,
  /\bvon\s+\d+\b/gi,
  // Durations: 'ca. 2 Wochen', 'about 2 weeks', 'für 3 Tage'.
  /\b(?:about|around|approx\.?|approximately|roughly|for|ca\.?|circa|etwa|ungef(?:ä|ae)hr|rund|f(?:ü|ue)r|knapp|max\.?|mindestens|at\s+least)\s+(?:\d+|ein(?:e|en)?|zwei|drei|vier|f(?:ü|ue)nf|a|one|two|three|four|five)\s+(?:tage?n?|wochen?|monate?n?|days?|weeks?|months?|n(?:ä|ae)chte|nights?)\b/gi,
  // Recurrences are no date: 'alle zwei Wochen', 'every two weeks', 'pro Woche', 'twice a week'.
  /\b(?:alle|every|each)\s+(?:\d+|zwei|drei|vier|two|three|four|other|paar)?\s*(?:tage?n?|wochen?|monate?n?|days?|weeks?|months?)\b/gi,
  /(?<!\bin\s)\b(?:jede[nrs]?|pro|per|a|an|die|einmal|zweimal|dreimal|einmal\s+in\s+der|zweimal\s+in\s+der|once|twice|three\s+times)\s+(?:tag|woche|monat|day|week|month|fortnight)\b/gi,
];

const GUARDS_RX = GUARDS.map(rx);

// A chrono result must name a day, not only a time or a duration ('für 4 Std', 'in 2 Stunden').
const CHRONO_DATE_WORDS = rx(
  new RegExp(
    `\\b(?:${MONTH_RE}|${WEEKDAY_RE}|heute|morgen|(?:ü|ue)bermorgen|today|tomorrow|tonight|tage?n?|wochen?|monate?n?|weeks?|days?|months?|fortnight)\\b|\\d{1,2}[./-]\\d{1,2}`,
    'i',
  ),
);

/** The first date a text names (see the rules at the top of this file). */
export function extractDate(text: string, options: DateOptions): DateResult {
  const today = referenceDay(options.now, options.timeZone);
  const ignore = options.ignore ?? [];
  const asap = mentionsAsap(text);
  const found: Found[] = [];
  const taken: Span[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some((s) => start < s.end && end > s.start)) continue;
      if (ignore.some((s) => start < s.end && end > s.start)) continue;
      const r = rule.make(m, today);
      taken.push({ start, end });
      if (!r || r.day < today) continue;
      const kind = r.kind === 'on' || r.kind === 'approx' ? kindBefore(text, start, r.kind) : r.kind;
      found.push({ day: r.day, kind, start, end });
    }
  }
  // chrono for the rest, on a copy where our own matches and the guarded words are blanked out.
  let masked = maskSpans(text, taken);
  for (const re of GUARDS_RX) masked = masked.replace(re, (s) => ' '.repeat(s.length));
  // '1. Oktober, 2 Personen': chrono would read the ', 2' as the year 2002. Only four digits make a year.
  masked = masked.replace(MONTH_COMMA_NUMBER, (_s, month: string, rest: string) => month + ' '.repeat(rest.length));
  const ref = parts(today);
  const refDate = new Date(ref.y, ref.m - 1, ref.d, 12, 0, 0);
  const parsers = options.lang === 'de' ? [chrono.de, chrono.en] : [chrono.en, chrono.de];
  for (const [i, parser] of parsers.entries()) {
    if (i > 0 && found.length > 0) break;
    for (const r of parser.parse(masked, refDate, { forwardDate: true })) {
      if (!CHRONO_DATE_WORDS.test(r.text)) continue;
      if (!r.start.isCertain('day') && !r.start.isCertain('weekday')) continue;
      const y = r.start.get('year');
      const mo = r.start.get('month');
      const d = r.start.get('day');
      if (!y || !mo || !d) continue;
      const day = dayOf(y, mo, d);
      if (day < today) continue;
      if (found.some((f) => r.index < f.end && r.index + r.text.length > f.start)) continue;
      if (ignore.some((s) => r.index < s.end && r.index + r.text.length > s.start)) continue;
      found.push({ day, kind: kindBefore(text, r.index, 'on'), start: r.index, end: r.index + r.text.length });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const first = found[0];
  if (!first) return { date: null, kind: null, asap, text: null, span: null };
  return {
    date: isoDate(first.day),
    kind: first.kind,
    asap,
    text: text.slice(first.start, first.end),
    span: { start: first.start, end: first.end },
  };
}

/** Just the ISO date (or null). */
export function parseDate(text: string, options: DateOptions): string | null {
  return extractDate(text, options).date;
}
