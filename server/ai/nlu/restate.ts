// The person's description after a correction in the summary ('nein, 200 €', 'doch 20095 Hamburg', 'lieber
// übermorgen'): the old budget, place or date said in the description is replaced by the new one, so that
// providers do not read 'budget 150 euros' beside a budget of 200 €. Only what was read as that field is
// replaced; a text that never said it stays as the person wrote it.
import { formatDate, formatEuroWhole } from '../../../core/money/format-money.ts';
import type { Lang } from '../../../core/text.ts';
import { extractDate } from './dates.ts';
import { findMoney, type MoneyMatch } from './money.ts';

export interface DescribedFields {
  budgetMin: number | null;
  budgetMax: number | null;
  postcode: string | null;
  place: string | null;
  /** YYYY-MM-DD */
  date?: string | null;
}

type BudgetKind = 'point' | 'range' | 'max' | 'min';

function kindOf(min: number | null, max: number | null): BudgetKind | null {
  if (min === null && max === null) return null;
  if (min === null) return 'max';
  if (max === null) return 'min';
  return min === max ? 'point' : 'range';
}

// Cue words that only fit one kind of budget ('bis 300 €', 'ab 500', 'ca. 300'); a budget noun fits all.
const KIND_CUE =
  /^(bis zu|bis max\.?|bis maximal|bis|max\.?|maximal|maximum|höchstens|up to|at most|no more than|under|below|ab|mindestens|mind\.|min\.?|at least|from|starting at|over|more than|ca\.?|circa|etwa|ungefähr|rund|around|about|approx\.?|roughly)\s*$/iu;

const CUE_WORD: Record<Lang, Record<'max' | 'min', string>> = {
  de: { max: 'bis', min: 'ab' },
  en: { max: 'up to', min: 'from' },
};

function amountPhrase(min: number | null, max: number | null, kind: BudgetKind, lang: Lang, withCue: boolean): string {
  // Plain spaces: the description is the person's text, not a formatted cell.
  const money = (n: number) => formatEuroWhole(n, lang).replace(/[\u00a0\u202f]/gu, ' ');
  switch (kind) {
    case 'point':
      return money(min as number);
    case 'range':
      return `${money(min as number)} – ${money(max as number)}`;
    case 'max':
      return withCue ? `${CUE_WORD[lang].max} ${money(max as number)}` : money(max as number);
    case 'min':
      return withCue ? `${CUE_WORD[lang].min} ${money(min as number)}` : money(min as number);
  }
}

function restateBudget(text: string, before: DescribedFields, after: Partial<DescribedFields>, lang: Lang): string {
  if (!('budgetMin' in after) && !('budgetMax' in after)) return text;
  const newMin = after.budgetMin ?? null;
  const newMax = after.budgetMax ?? null;
  const oldKind = kindOf(before.budgetMin, before.budgetMax);
  const newKind = kindOf(newMin, newMax);
  if (!oldKind || !newKind || (newMin === before.budgetMin && newMax === before.budgetMax)) return text;
  const said: MoneyMatch | undefined = findMoney(text).find((m) => m.min === before.budgetMin && m.max === before.budgetMax);
  if (!said) return text;
  // The amount starts at its first digit or currency sign; what stands before it is the cue ('budget ', 'bis ').
  const amountAt = said.text.search(/[\d€$£]/u);
  if (amountAt < 0) return text;
  const cue = said.text.slice(0, amountAt);
  const kindCue = KIND_CUE.test(cue);
  const sameKind = oldKind === newKind;
  // A cue of the old kind that no longer fits goes ('bis 300 €' → '250 €'); a budget noun stays ('budget €200').
  const keptCue = sameKind || !kindCue ? cue : '';
  const phrase = amountPhrase(newMin, newMax, newKind, lang, !(sameKind && kindCue));
  return text.slice(0, said.start) + keptCue + phrase + text.slice(said.end);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Words before a place that make it the place of the request ('in Essen'), not a word that sounds like one
// ('Essen für 20 Personen').
const PLACE_CUE = '(?:in|im|nach|aus|bei|um|nahe|near|around|at|from)';

function restateLocation(text: string, before: DescribedFields, after: Partial<DescribedFields>): string {
  let out = text;
  const newPlace = after.place && after.place !== before.place ? after.place : null;
  const newPostcode = before.postcode && after.postcode && after.postcode !== before.postcode ? after.postcode : null;
  if (newPostcode && before.postcode) {
    // '10115 Berlin' as one: the postcode and the place after it.
    if (before.place) {
      out = out.replace(
        new RegExp(`(?<!\\d)${before.postcode}(\\s+)${escape(before.place)}(?![\\p{L}\\p{N}])`, 'gu'),
        (_m, space: string) => `${newPostcode}${space}${after.place ?? before.place}`,
      );
    }
    out = out.replace(new RegExp(`(?<!\\d)${before.postcode}(?!\\d)`, 'g'), newPostcode);
  }
  if (newPlace && before.place) {
    out = out.replace(
      new RegExp(`(?<![\\p{L}\\p{N}])(${PLACE_CUE}\\s+)${escape(before.place)}(?![\\p{L}\\p{N}])`, 'giu'),
      (_m, cue: string) => `${cue}${newPlace}`,
    );
  }
  return out;
}

// A preposition right before the date words keeps its place ('bis morgen' → 'bis 05.12.2026'); without one
// the new date gets its own ('morgen früh' → 'am 05.12.2026 früh').
const DATE_PREPOSITION = /(?:^|\s)(?:am|an|bis|ab|vor|zum|für|on|by|from|until|till|before|for)\s+$/iu;
const DATE_CUE: Record<Lang, string> = { de: 'am', en: 'on' };

function restateDate(text: string, before: DescribedFields, after: Partial<DescribedFields>, lang: Lang, now: Date): string {
  if (!after.date || !before.date || after.date === before.date) return text;
  const said = extractDate(text, { lang, now });
  if (said.date !== before.date || !said.span) return text;
  const date = formatDate(after.date, lang);
  const phrase = DATE_PREPOSITION.test(text.slice(0, said.span.start)) ? date : `${DATE_CUE[lang]} ${date}`;
  return text.slice(0, said.span.start) + phrase + text.slice(said.span.end);
}

/** The description with a corrected budget, place and date said anew; unchanged when it did not say them. */
export function restateDescription(description: string, before: DescribedFields, after: Partial<DescribedFields>, lang: Lang, now = new Date()): string {
  return restateDate(restateLocation(restateBudget(description, before, after, lang), before, after), before, after, lang, now);
}
