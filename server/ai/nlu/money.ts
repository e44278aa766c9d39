// Budget parser for German and English ('1.000 €', '500-1000 Euro', 'bis 2k', 'ca. 300', 'ab 500', 'up to $2,000').
//
// Unit: whole euros (or whole units of the named currency), rounded half up ('1.000,50 €' → 1001);
// a budget is an estimate and the domain stores integers. parseAmount keeps the exact value.
// 'ca. 300' / 'around 300' is a point {300, 300} with approx: true: the seeker named one figure.
// A bare number is money only with a currency ('€', 'EUR', 'Euro', '$', '£', 'CHF'), a multiplier
// ('2k', '20 Tsd.', '1,5 Mio'), '500,-', a rate ('25 per hour', '20-30 pro Person'), 'total' after it
// ('200-250 total', '800 insgesamt') or a budget word before it ('Budget', 'max.', 'bis', 'ab', 'ca.',
// 'up to', 'around', ...); a bare range of numbers from 50 up also counts when it stands alone as one
// item of the message ('…, office in Berlin, 400-600'). Never when a unit follows ('50 Personen', '3 Zimmer',
// '2 travellers', '15 Uhr', '120 qm'), when it is a date or a time, or a year after 'ab'/'seit'/'Baujahr'.
import { fold, foldSameLength, type Span } from '../../../core/text.ts';
import { parseAmount } from '../../../core/money/parse-money.ts';

export type Currency = 'EUR' | 'USD' | 'GBP' | 'CHF';

export interface Budget {
  min: number | null;
  max: number | null;
}

export interface MoneyMatch extends Budget {
  currency: Currency;
  /** 'ca. 300', 'around 300'. */
  approx: boolean;
  /** A budget word stood before it ('Budget', 'Preis', 'pay', ...). */
  budgetWord: boolean;
  text: string;
  start: number;
  end: number;
}

export interface MoneyOptions {
  /** The text is a budget field's value: bare numbers count as money ('Budget: 20000'). */
  assumeMoney?: boolean;
}

// Numbers are read by the one shared parser (decision 049).
export { parseAmount };

const MULTIPLIERS: [RegExp, number][] = [
  [/^(k|tsd\.?|tausend|mille|grand|thousand|riesen)(?![A-Za-z\u00C0-\u024F])/iu, 1_000],
  [/^(mio\.?|million(en)?|millions?|mill\.)(?![A-Za-z\u00C0-\u024F])/iu, 1_000_000],
];

const CURRENCY_AFTER: [RegExp, Currency][] = [
  [
    /^(€|eur(o|os)?(?![A-Za-z\u00C0-\u024F])|teuro(?![A-Za-z\u00C0-\u024F])|öcken(?![A-Za-z\u00C0-\u024F])|tacken(?![A-Za-z\u00C0-\u024F])|mäuse(?![A-Za-z\u00C0-\u024F]))/iu,
    'EUR',
  ],
  [/^(\$|usd(?![A-Za-z\u00C0-\u024F])|dollars?(?![A-Za-z\u00C0-\u024F])|bucks(?![A-Za-z\u00C0-\u024F]))/iu, 'USD'],
  [/^(£|gbp(?![A-Za-z\u00C0-\u024F])|pounds?(?![A-Za-z\u00C0-\u024F]))/iu, 'GBP'],
  [/^(chf(?![A-Za-z\u00C0-\u024F])|franken(?![A-Za-z\u00C0-\u024F]))/iu, 'CHF'],
];

const CURRENCY_BEFORE: [RegExp, Currency][] = [
  [/(€|(?<![A-Za-z\u00C0-\u024F])eur(o)?)\s*$/iu, 'EUR'],
  [/(\$|(?<![A-Za-z\u00C0-\u024F])usd|us\$)\s*$/iu, 'USD'],
  [/(£|(?<![A-Za-z\u00C0-\u024F])gbp)\s*$/iu, 'GBP'],
  [/((?<![A-Za-z\u00C0-\u024F])chf)\s*$/iu, 'CHF'],
];

// Words after a number that make it a quantity, not money.
const UNIT_AFTER =
  /^(personen|person|pers\.?|leute|gäste|gaeste|teilnehmer|kinder|erwachsene|zimmer|zi\.?|räume|raeume|qm|m²|m2|quadratmeter|km|kilometer|uhr|h(?![A-Za-z\u00C0-\u024F])|std\.?|stunden?|tage?n?|wochen?|monate?n?|jahre?n?|j\.|nächte|naechte|nacht|stück|stueck|stk\.?|kg|g(?![A-Za-z\u00C0-\u024F])|l(?![A-Za-z\u00C0-\u024F])|liter|ps(?![A-Za-z\u00C0-\u024F])|kw(?![A-Za-z\u00C0-\u024F])|zoll|etagen?|og(?![A-Za-z\u00C0-\u024F])|stockwerke?|%|prozent|x(?![A-Za-z\u00C0-\u024F])|mal(?![A-Za-z\u00C0-\u024F])|cm|mm|m(?![A-Za-z\u00C0-\u024F])|meter|sterne|grad|°|gb|tb|mb|ghz|hz|zähne|plätze|sitze|sitzer|türer|reifen|fenster|türen|kilo|gramm|wohnungen|häuser|autos|hunde|katzen|paar|portionen|gänge|people|persons|guests|adults|children|kids|travel(l)?ers|rooms?|bedrooms?|bed(?![A-Za-z\u00C0-\u024F])|sqm|sq\.?\s?m|square|hours?|hrs?|days?|nights?|weeks?|months?|years?|yrs?|pieces?|pcs|inch(es)?|miles?|stars?|seats?|doors?|minutes?|min(?![A-Za-z\u00C0-\u024F])|minuten|sekunden|seconds?|floors?|storeys?|st\.|th(?![A-Za-z\u00C0-\u024F])|nd(?![A-Za-z\u00C0-\u024F])|rd(?![A-Za-z\u00C0-\u024F])|er(?![A-Za-z\u00C0-\u024F])|jährige?n?|year-old|-?jährig)/iu;

type Cue = 'max' | 'min' | 'approx' | 'budget' | 'rangeStart' | 'year' | null;

// Checked against the end of the text before a number (foldSameLength: lower case, ä→a, ß→s).
const CUES: [RegExp, Exclude<Cue, null>][] = [
  [/(baujahr|bj\.?|jahrgang|erstzulassung|ez|model year|year|jahr|seit|since|im jahr|in)\s*$/, 'year'],
  [/(zwischen|zw\.|between|von|from|vom)\s*$/, 'rangeStart'],
  [
    /(bis zu|bis max\.?|bis maximal|bis|max\.?|maximal|maximum|hochstens|nicht mehr als|nicht uber|unter|weniger als|up to|upto|at most|no more than|not more than|under|below|less than|within|limit( of)?|budget cap( of)?)\s*$/,
    'max',
  ],
  [/(ab|mindestens|mind\.|min\.?|minimum|uber|mehr als|at least|over|more than|starting at|starting from|upwards of)\s*$/, 'min'],
  [
    /(ca\.?|circa|zirka|etwa|ungefahr|rund|so um die|um die|so ca\.?|gegen|~|around|about|approx\.?|approximately|roughly|round about|in the region of|something like)\s*$/,
    'approx',
  ],
  [
    /(budget|preis|preisrahmen|preisvorstellung|kostenrahmen|kosten|kostet|zahle|zahlen|ausgeben|investieren|bezahlen|bieten|biete|vb|price|pay|paying|spend|spending|cost|costs|offer|afford)\s*:?\s*(von|of|is|ist|liegt bei|bei|about|around|etwa|ca\.?)?\s*$/,
    'budget',
  ],
];

const BUDGET_WORD = /(budget|preis|preisrahmen|preisvorstellung|kosten|zahlen|zahle|ausgeben|investieren|bezahlen|price|pay|spend|cost|afford)/;

interface NumberHit {
  value: number;
  raw: string;
  start: number;
  /** End of the number with multiplier, ',-' and a currency after it. */
  end: number;
  multiplied: boolean;
  hasOwnMultiplier: boolean;
  /** 1000 for 'k' / 'Tsd.', 1,000,000 for 'Mio.', else 1. */
  factor: number;
  currency: Currency | null;
  unitAfter: boolean;
}

const NUMBER = /(?<![A-Za-z\u00C0-\u024F\d.,])(\d{1,3}(?:([.,'\u00a0\u202f])\d{3})(?:\2\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\d]|[.,]\d)/gu;

// Dates ('15.12.', '15.12.2026', '3/4', '3. Mai'), times ('14:30', '14.30 Uhr') and ordinals are not amounts.
const NOT_AMOUNTS: RegExp[] = [
  /(?<!\d)\d{1,2}\.\d{1,2}\.(?:\d{2,4})?(?!\d)/g,
  /(?<!\d)\d{1,4}[/-]\d{1,2}[/-]\d{2,4}(?!\d)/g,
  /(?<![\d.,])\d{1,2}\/\d{1,2}(?![\d/])/g,
  /(?<!\d)\d{1,2}[:.]\d{2}\s*(?:uhr|h\b|am\b|pm\b)/gi,
  /(?<!\d)\d{1,2}:\d{2}(?!\d)/g,
  /(?<!\d)\d{1,2}\s*(?:am|pm)\b/gi,
  /(?<!\d)\d{1,2}\.\s*(?:januar|jan|februar|feb|märz|maerz|mär|april|apr|mai|juni|jun|juli|jul|august|aug|september|sept|sep|oktober|okt|november|nov|dezember|dez)\b/gi,
  /(?<!\d)\d{1,2}(?:st|nd|rd|th)\b/gi,
  // '2 January', '2nd of May', 'January 2': days, not amounts
  /(?<!\d)\d{1,2}\s+(?:of\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|maerz|mai|juni|juli|oktober|dezember|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|okt|nov|dec|dez)\b/gi,
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?\s+\d{1,2}(?!\d)/gi,
  // 'vom 3. bis 10. Juli', 'am 3.', 'zum 15.': days, not amounts
  /(?<![\d.,])\d{1,2}\.(?=\s*(?:bis|-|–|und|u\.)\s*\d{1,2}\.)/g,
  /(?<=(?:vom|am|zum|ab dem|bis zum|den|dem)\s)\d{1,2}\.(?!\d)/gi,
  /\b24\/7\b/g,
];

function mask(text: string): string {
  let out = text;
  for (const re of NOT_AMOUNTS) out = out.replace(re, (m) => ' '.repeat(m.length));
  return out;
}

function readNumbers(text: string): NumberHit[] {
  const masked = mask(text);
  const hits: NumberHit[] = [];
  for (const m of masked.matchAll(NUMBER)) {
    const raw = m[1]!;
    const base = parseAmount(raw);
    if (base === null) continue;
    const start = m.index;
    let end = start + raw.length;
    let rest = text.slice(end);
    let value = base;
    let multiplied = false;
    let factor = 1;
    let lead = /^\s?/.exec(rest)![0].length;
    for (const [re, f] of MULTIPLIERS) {
      const mm = re.exec(rest.slice(lead));
      if (mm) {
        value = base * f;
        factor = f;
        multiplied = true;
        end += lead + mm[0].length;
        rest = text.slice(end);
        break;
      }
    }
    const dash = /^(,-{1,2}|\.-{1,2}|,—)/.exec(rest);
    if (dash) {
      end += dash[0].length;
      rest = text.slice(end);
    }
    let currency: Currency | null = null;
    lead = /^\s*/.exec(rest)![0].length;
    for (const [re, cur] of CURRENCY_AFTER) {
      const cm = re.exec(rest.slice(lead));
      if (cm) {
        currency = cur;
        end += lead + cm[0].length;
        break;
      }
    }
    const before = text.slice(Math.max(0, start - 6), start);
    let beforeStart = start;
    if (!currency) {
      for (const [re, cur] of CURRENCY_BEFORE) {
        const cm = re.exec(before);
        if (cm) {
          currency = cur;
          beforeStart = start - cm[0].length;
          break;
        }
      }
    }
    const unitAfter = !currency && !multiplied && UNIT_AFTER.test(text.slice(end).replace(/^[\s-]*/, ''));
    hits.push({
      value,
      raw: text.slice(beforeStart, end),
      start: beforeStart,
      end,
      multiplied,
      hasOwnMultiplier: multiplied,
      factor,
      currency,
      unitAfter: unitAfter && !dash,
    });
  }
  return hits;
}

function cueBefore(text: string, start: number, floor: number): { cue: Cue; cueStart: number } {
  const from = Math.max(floor, start - 40);
  const folded = foldSameLength(text.slice(from, start));
  for (const [re, cue] of CUES) {
    const m = re.exec(folded);
    if (!m) continue;
    // The cue must start a word: 'ab' in 'Grab' is no cue.
    const prev = folded[m.index - 1];
    if (m.index > 0 && prev !== undefined && /[a-z0-9]/.test(prev) && m[0][0] !== '~') continue;
    return { cue, cueStart: from + m.index };
  }
  return { cue: null, cueStart: start };
}

const RANGE_JOIN = /^\s*(-|–|—|bis|to|und|and|or|oder|\/)\s*$/i;

// A rate is money: '25 per hour', '20-30 per head', '12 pro Person' (not '3 pro Woche': that is how often).
function rateAfter(text: string, end: number): boolean {
  return /^\s*(?:\/|pro|per|je|die|the|an|a)\s*(?:stunde|std\.?|h|hour|hr|nacht|night|monat|month|person|pers\.?|kopf|head|gang|walk|qm|m²|sqm)(?![A-Za-z\u00C0-\u024F])/i.test(
    text.slice(end, end + 16),
  );
}

// 'total' after a figure makes it the whole price: '200-250 total', '800 insgesamt', '300 all in'.
function totalAfter(text: string, end: number): boolean {
  return /^\s*(?:in\s+total|total|altogether|all[\s-]in(?:clusive)?|insgesamt|gesamt|pauschal)(?![A-Za-z\u00C0-\u024F])/i.test(text.slice(end, end + 20));
}

function isYearLike(n: NumberHit): boolean {
  return !n.currency && !n.multiplied && Number.isInteger(n.value) && n.value >= 1900 && n.value <= 2099;
}

// A range of larger numbers written alone as one item of a list ('…, office in Berlin, 400-600'): how people
// write a budget. Small ranges ('Kinder 3-6', '8-12' o'clock) and postcodes stay what they are.
function aloneRange(text: string, a: NumberHit, b: NumberHit, cueStart: number): boolean {
  if (cueStart < a.start || !/^\s*[-–—]\s*$/.test(text.slice(a.end, b.start))) return false;
  if (a.value < 50 || b.value <= a.value || /^\d{5}$/.test(a.raw) || /^\d{5}$/.test(b.raw)) return false;
  return /(?:^|[,;:]|[.!?]\s)\s*$/.test(text.slice(0, a.start)) && /^\s*(?:$|[,;.!?)])/.test(text.slice(b.end));
}

function roundEuro(n: number): number {
  return Math.floor(n + 0.5);
}

/** Every amount or range of money in a text, in text order. */
export function findMoney(text: string, options: MoneyOptions = {}): MoneyMatch[] {
  const nums = readNumbers(text);
  const out: MoneyMatch[] = [];
  let floor = 0;
  for (let i = 0; i < nums.length; i++) {
    const a = nums[i]!;
    const { cue, cueStart } = cueBefore(text, a.start, floor);
    let b: NumberHit | undefined;
    const next = nums[i + 1];
    if (next) {
      const between = text.slice(a.end, next.start);
      const join = RANGE_JOIN.exec(between);
      if (join) {
        const word = join[1]!.toLowerCase();
        const needsStart = word === 'und' || word === 'and' || word === 'or' || word === 'oder';
        if (!needsStart || cue === 'rangeStart') b = next;
      }
    }
    if (b) {
      let lo = a.value;
      let hi = b.value;
      // '1-2k', '1-2 Tsd. €', '1,5-2 Mio': the second number's multiplier covers the first when that keeps the order.
      if (b.hasOwnMultiplier && !a.hasOwnMultiplier && a.value < b.value && a.value * b.factor <= b.value) lo = a.value * b.factor;
      const currency = a.currency ?? b.currency;
      const years = [a, b].every((n) => isYearLike(n));
      const isMoney =
        !b.unitAfter &&
        !a.unitAfter &&
        (currency !== null ||
          a.multiplied ||
          b.multiplied ||
          cue !== null ||
          options.assumeMoney === true ||
          rateAfter(text, b.end) ||
          totalAfter(text, b.end) ||
          (aloneRange(text, a, b, cueStart) && !years));
      if (isMoney && cue !== 'year') {
        if (lo > hi) [lo, hi] = [hi, lo];
        out.push({
          min: roundEuro(lo),
          max: roundEuro(hi),
          currency: currency ?? 'EUR',
          approx: false,
          budgetWord: BUDGET_WORD.test(fold(text.slice(Math.max(0, a.start - 40), a.start))),
          text: text.slice(Math.min(cueStart, a.start), b.end),
          start: Math.min(cueStart, a.start),
          end: b.end,
        });
        floor = b.end;
        i++;
        continue;
      }
    }
    const rate = rateAfter(text, a.end);
    const isYear =
      !a.currency &&
      !a.multiplied &&
      Number.isInteger(a.value) &&
      a.value >= 1900 &&
      a.value <= 2099 &&
      (cue === 'year' || cue === 'min' || cue === 'rangeStart' || cue === null);
    const isPostcodeLike = !a.currency && !a.multiplied && /^\d{5}$/.test(a.raw) && cue !== 'budget' && cue !== 'max';
    const marked = a.currency !== null || a.multiplied || rate || totalAfter(text, a.end) || (cue !== null && cue !== 'year') || options.assumeMoney === true;
    if (!marked || a.unitAfter || isYear || isPostcodeLike) {
      floor = a.end;
      continue;
    }
    const v = roundEuro(a.value);
    const after = text.slice(a.end, a.end + 12);
    const approx = cue === 'approx' || /^\s*(ish\b|oder so|rum\b|herum\b|or so\b)/i.test(after);
    const range: Budget = cue === 'max' ? { min: null, max: v } : cue === 'min' || cue === 'rangeStart' ? { min: v, max: null } : { min: v, max: v };
    out.push({
      ...range,
      currency: a.currency ?? 'EUR',
      approx,
      budgetWord: cue === 'budget' || BUDGET_WORD.test(fold(text.slice(Math.max(0, a.start - 40), a.start))),
      text: text.slice(Math.min(cueStart, a.start), a.end),
      start: Math.min(cueStart, a.start),
      end: a.end,
    });
    floor = a.end;
  }
  return out;
}

export interface BudgetResult extends Budget {
  currency: Currency;
  approx: boolean;
  span: Span;
}

/**
 * The budget of a request: the first amount after a budget word ('Budget', 'Preis', 'pay'), else the
 * first amount of money in the text; null when there is none.
 */
export function parseBudget(text: string, options: MoneyOptions = {}): BudgetResult | null {
  const all = findMoney(text, options);
  const pick = all.find((m) => m.budgetWord) ?? all[0];
  if (!pick) return null;
  return { min: pick.min, max: pick.max, currency: pick.currency, approx: pick.approx, span: { start: pick.start, end: pick.end } };
}
