// One request from one message (free text or the category form's 'Label: value;' string).
// Used by the offline rules model and by POST /api/intake/extract.
//
// Required, asked in this order when absent: category, description, location, budget.
// Optional, never asked by default: urgency (default 'normal', details.urgencyStated = false) and date.
// details.optionalMissing lists them so a flow may still ask once at the end.
// - description: the cleaned text (trimmed, whitespace collapsed); it counts as given when it has at
//   least two content words besides greetings and filler ('Heizung kaputt' yes, 'Friseur' or
//   'Hallo' no, then the assistant asks what exactly is needed).
// - location: a known postcode or a known place; a place alone is enough (postcode then stays null).
// - budget: an amount or range of money (see money.ts).
import { categoryFromLabel, classifyCategory, type CategoryId } from './categories.ts';
import { findCars } from '../../../core/categories/car-brands.ts';
import { findContacts, type ContactMatch } from '../../../core/redaction/contact.ts';
import { extractDate, type DateKind, type DateResult } from './dates.ts';
import { parseBudget, type Budget, type Currency } from './money.ts';
import { extractLocation, type LocationResult } from './postcode.ts';
import { cleanText, maskSpans, tokenize, type Lang, type Span } from '../../../core/text.ts';
import { detectUrgency, urgencyFromLabel, type Urgency } from './urgency.ts';

type ParsedBudget = NonNullable<ReturnType<typeof parseBudget>>;

export const REQUIRED_FIELDS = ['category', 'description', 'location', 'budget'] as const;
export type RequiredField = (typeof REQUIRED_FIELDS)[number];
export type OptionalField = 'urgency' | 'date';

export interface ExtractOptions {
  lang: Lang;
  /** Reference time for relative dates ('morgen'); dates are calendar days in Europe/Berlin. */
  now: Date;
  /**
   * The field the assistant has just asked for: a bare answer then counts for it
   * ('500' as a budget, 'Olpe' as a place, 'Handwerk' as a category).
   */
  expect?: RequiredField | OptionalField;
}

export interface ExtractedRequest {
  category: CategoryId | null;
  description: string;
  postcode: string | null;
  place: string | null;
  /** Whole euros (or whole units of details.budgetCurrency). */
  budget: Budget | null;
  urgency: Urgency;
  /** YYYY-MM-DD */
  date: string | null;
  /** Required fields still absent, in the order the assistant asks for them. */
  missing: RequiredField[];
  details: ExtractDetails;
}

export interface ExtractDetails {
  categoryConfidence: number;
  /** 'place' when only a place was named: postcode is null then, placePostcode stands in for distances. */
  locationPrecision: 'postcode' | 'place' | null;
  placePostcode: string | null;
  /** A postcode after 'PLZ' that the data does not know. */
  invalidPostcode: string | null;
  budgetCurrency: Currency | null;
  budgetApprox: boolean;
  urgencyStated: boolean;
  urgencySource: 'words' | 'date' | 'default' | 'form';
  dateKind: DateKind | null;
  asap: boolean;
  /** Contact data in the description: kept, but hidden from providers before unlock (see contact.ts). */
  contacts: ContactMatch[];
  car: { brand: string; model: string | null } | null;
  /** Optional fields not given. */
  optionalMissing: OptionalField[];
  /** The form's 'Label: value' pairs, when the input was a form string. */
  fields?: Record<string, string>;
}

// Words that carry no need: greetings, politeness, asking verbs, pronouns, articles.
const FILLER = new Set(
  `hallo hi hey moin servus guten tag morgen abend gruss gruesse liebe lieber danke bitte ich du wir mir mich mein meine meinen meinem meiner
  uns unser unsere brauche brauchen benoetige benoetigen suche suchen gesucht moechte moechten will wollen haette haetten wuerde wuerden
  gerne gern einen eine einer eines ein der die das den dem des und oder aber auch noch schon mal jemand jemanden jemandem etwas was wer
  wie wo wann ist sind bin hat habe haben fuer mit von vom zum zur bei aus nach auf fuer im in an am es sie er ja nein ok okay so sehr
  hello hey please thanks thank you need needs want wanted looking look for search searching would like someone somebody anyone the a an
  and or but also my me we our us i is are am be have has get got to of in on at with from some something help hilfe`
    .split(/\s+/)
    .filter(Boolean),
);

function contentWords(text: string, ignore: readonly Span[]): number {
  return tokenize(maskSpans(text, ignore)).filter((t) => /\p{L}/u.test(t.text) && t.norm.length >= 3 && !FILLER.has(t.norm)).length;
}

function computeMissing(r: Omit<ExtractedRequest, 'missing' | 'details'>, hasDescription: boolean): RequiredField[] {
  const missing: RequiredField[] = [];
  if (!r.category) missing.push('category');
  if (!hasDescription) missing.push('description');
  if (!r.postcode && !r.place) missing.push('location');
  if (!r.budget) missing.push('budget');
  return missing;
}

/** Everything a free-text message says about a request. */
interface ResultParts {
  category: CategoryId | null;
  categoryConfidence: number;
  description: string;
  location: LocationResult;
  budget: ParsedBudget | null;
  urgency: { urgency: Urgency; stated: boolean; source: ExtractDetails['urgencySource'] };
  date: DateResult | null;
  contacts: ContactMatch[];
  /** The text cars are looked for in. */
  carText: string;
  hasDescription: boolean;
  fields?: Record<string, string>;
}

/** The one shape of a result, whether it came from free text or a form string. */
function assembleResult(p: ResultParts): ExtractedRequest {
  const base = {
    category: p.category,
    description: p.description,
    postcode: p.location.postcode,
    place: p.location.place,
    budget: p.budget ? { min: p.budget.min, max: p.budget.max } : null,
    urgency: p.urgency.urgency,
    date: p.date?.date ?? null,
  };
  const optionalMissing: OptionalField[] = [];
  if (!p.urgency.stated) optionalMissing.push('urgency');
  if (!base.date) optionalMissing.push('date');
  const car = findCars(p.carText)[0];
  return {
    ...base,
    missing: computeMissing(base, p.hasDescription),
    details: {
      categoryConfidence: p.categoryConfidence,
      locationPrecision: p.location.precision,
      placePostcode: p.location.placePostcode,
      invalidPostcode: p.location.invalidPostcode,
      budgetCurrency: p.budget?.currency ?? null,
      budgetApprox: p.budget?.approx ?? false,
      urgencyStated: p.urgency.stated,
      urgencySource: p.urgency.source,
      dateKind: p.date?.kind ?? null,
      asap: p.date?.asap ?? false,
      contacts: p.contacts,
      car: car ? { brand: car.brand, model: car.model } : null,
      optionalMissing,
      ...(p.fields ? { fields: p.fields } : {}),
    },
  };
}

export function extractRequest(text: string, options: ExtractOptions): ExtractedRequest {
  const description = cleanText(text);
  const contacts = findContacts(description);
  // Contact data is kept in the description but read by nothing else ('0171 1234567' is no budget).
  const work = maskSpans(description, contacts);

  const expected = options.expect === 'category' ? categoryFromLabel(work) : null;
  const firstPass = expected ? null : classifyCategory(work, { lang: options.lang });
  const location = extractLocation(work, { lang: options.lang, category: expected ?? firstPass?.category ?? null, expectPlace: options.expect === 'location' });
  // A place read as the location is not a category word ('in Essen').
  const catResult = expected ? null : location.spans.length > 0 ? classifyCategory(work, { lang: options.lang, ignore: location.spans }) : firstPass;
  const category = expected ?? catResult?.category ?? null;

  const afterLocation = maskSpans(work, location.spans);
  const budget = parseBudget(afterLocation, { assumeMoney: options.expect === 'budget' });
  const date = extractDate(description, {
    lang: options.lang,
    now: options.now,
    ignore: [...contacts, ...location.spans, ...(budget ? [budget.span] : [])],
  });
  const urgency =
    options.expect === 'urgency' && urgencyFromLabel(work)
      ? { urgency: urgencyFromLabel(work)!, stated: true, source: 'words' as const }
      : detectUrgency(work, { lang: options.lang, now: options.now, date: date.date });
  const used: Span[] = [...location.spans, ...(budget ? [budget.span] : []), ...(date.span ? [date.span] : [])];
  const hasDescription = contentWords(work, used) >= 2 && options.expect !== 'location' && options.expect !== 'budget';

  return assembleResult({
    category,
    categoryConfidence: expected ? 1 : (catResult?.confidence ?? 0),
    description,
    location,
    budget,
    urgency,
    date,
    contacts,
    carText: work,
    hasDescription,
  });
}

/**
 * A draft updated by the next answer: fields the answer gives replace the draft's, the rest stays.
 * The description grows only by answers that describe something (not by '10115' or '500 €').
 */
export function mergeRequest(draft: ExtractedRequest, update: ExtractedRequest): ExtractedRequest {
  const draftHasDescription = !draft.missing.includes('description');
  const updateHasDescription = !update.missing.includes('description');
  const description =
    !draftHasDescription && updateHasDescription
      ? [draft.description, update.description]
          .filter((s) => s && contentWords(s, []) > 0)
          .join(' ')
          .trim() || update.description
      : draft.description;
  const useLocation = update.postcode !== null || update.place !== null;
  const base = {
    category: update.category ?? draft.category,
    description,
    postcode: useLocation ? update.postcode : draft.postcode,
    place: useLocation ? update.place : draft.place,
    budget: update.budget ?? draft.budget,
    urgency: update.details.urgencyStated ? update.urgency : draft.urgency,
    date: update.date ?? draft.date,
  };
  const optionalMissing: OptionalField[] = [];
  const urgencyStated = draft.details.urgencyStated || update.details.urgencyStated;
  if (!urgencyStated) optionalMissing.push('urgency');
  if (!base.date) optionalMissing.push('date');
  return {
    ...base,
    missing: computeMissing(base, draftHasDescription || updateHasDescription),
    details: {
      categoryConfidence: update.category ? update.details.categoryConfidence : draft.details.categoryConfidence,
      locationPrecision: useLocation ? update.details.locationPrecision : draft.details.locationPrecision,
      placePostcode: useLocation ? update.details.placePostcode : draft.details.placePostcode,
      invalidPostcode: update.details.invalidPostcode,
      budgetCurrency: update.budget ? update.details.budgetCurrency : draft.details.budgetCurrency,
      budgetApprox: update.budget ? update.details.budgetApprox : draft.details.budgetApprox,
      urgencyStated,
      urgencySource: update.details.urgencyStated ? update.details.urgencySource : draft.details.urgencySource,
      dateKind: update.date ? update.details.dateKind : draft.details.dateKind,
      asap: draft.details.asap || update.details.asap,
      contacts: [...draft.details.contacts, ...update.details.contacts],
      car: update.details.car ?? draft.details.car,
      optionalMissing,
      ...(draft.details.fields || update.details.fields ? { fields: { ...draft.details.fields, ...update.details.fields } } : {}),
    },
  };
}

// Form labels, folded, to the field they fill. Other labels ('Marke', 'Reiseziel') go into the description.
type FormField = 'category' | 'budget' | 'postcode' | 'place' | 'location' | 'urgency' | 'date' | 'description';
// A Map: the label is the person's word ('constructor: …' must find nothing, not Object).
const FORM_LABELS: ReadonlyMap<string, FormField> = new Map(
  Object.entries({
    kategorie: 'category',
    category: 'category',
    budget: 'budget',
    preis: 'budget',
    price: 'budget',
    preisrahmen: 'budget',
    'budget eur': 'budget',
    plz: 'postcode',
    postleitzahl: 'postcode',
    postcode: 'postcode',
    'post code': 'postcode',
    zip: 'postcode',
    'zip code': 'postcode',
    ort: 'place',
    stadt: 'place',
    wohnort: 'place',
    place: 'place',
    city: 'place',
    town: 'place',
    standort: 'location',
    location: 'location',
    dringlichkeit: 'urgency',
    urgency: 'urgency',
    datum: 'date',
    date: 'date',
    termin: 'date',
    wann: 'date',
    when: 'date',
    zeitpunkt: 'date',
    'ab wann': 'date',
    'bis wann': 'date',
    beschreibung: 'description',
    description: 'description',
    details: 'description',
    anliegen: 'description',
    nachricht: 'description',
    message: 'description',
  } satisfies Record<string, FormField>),
);

/** Does the text look like the category form's output ('Kategorie: Auto; Marke: BMW; ...')? */
export function isFormOutput(text: string): boolean {
  return /^\s*(kategorie|category)\s*:/i.test(text) && text.includes(';');
}

/**
 * The category form's output: one string of 'Label: value;' pairs starting with 'Kategorie: <category>'
 * (labels in German or English; values must not contain ';').
 */
export function parseFormOutput(text: string, options: ExtractOptions): ExtractedRequest {
  const pairs: [string, string][] = [];
  for (const part of text.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const label = cleanText(part.slice(0, i));
    const value = cleanText(part.slice(i + 1));
    if (!label || !value) continue;
    pairs.push([label, value]);
  }
  let category: CategoryId | null = null;
  let budgetText = '';
  let postcodeText = '';
  let placeText = '';
  let urgencyText = '';
  let dateText = '';
  const descriptionParts: string[] = [];
  const other: [string, string][] = [];
  for (const [label, value] of pairs) {
    const key = label.toLowerCase().replace(/[()]/g, '').replace(/\s+/g, ' ').trim();
    switch (FORM_LABELS.get(key)) {
      case 'category':
        category = categoryFromLabel(value);
        break;
      case 'budget':
        budgetText = value;
        break;
      case 'postcode':
        postcodeText = value;
        break;
      case 'place':
        placeText = value;
        break;
      case 'location':
        placeText = value;
        break;
      case 'urgency':
        urgencyText = value;
        break;
      case 'date':
        dateText = value;
        break;
      case 'description':
        descriptionParts.push(value);
        break;
      default:
        other.push([label, value]);
    }
  }
  const description = naturalDescription(descriptionParts, other);
  const contacts = findContacts(description);
  const budget = budgetText ? parseBudget(budgetText, { assumeMoney: true }) : null;
  const location = extractLocation([postcodeText, placeText].filter(Boolean).join(' '), { lang: options.lang, category, expectPlace: true });
  const date = dateText ? extractDate(dateText, { lang: options.lang, now: options.now }) : null;
  const formUrgency = urgencyText ? urgencyFromLabel(urgencyText) : null;
  const urgency = formUrgency
    ? { urgency: formUrgency, stated: true, source: 'form' as const }
    : detectUrgency([urgencyText, description].join(' '), { lang: options.lang, now: options.now, date: date?.date ?? null });
  return assembleResult({
    category,
    categoryConfidence: category ? 1 : 0,
    description,
    location,
    budget,
    urgency,
    date,
    contacts,
    carText: description,
    // A form's own fields are its description, even a short one ('Marke: BMW; Modell: 3er').
    hasDescription: description.length > 0,
    // Own properties whatever the label ('__proto__' included); a later label wins, as typed.
    fields: Object.fromEntries(pairs),
  });
}

/**
 * The description stored and shown for a form: the person's own words first, as typed,
 * then the form's other details on a line of their own ('Gewerk: Sanitär · Auftrag: Reparatur'), never the
 * machine's 'Label: value;' string.
 */
export function naturalDescription(words: readonly string[], details: readonly (readonly [string, string])[]): string {
  const text = words
    .map((w) => w.trim())
    .filter(Boolean)
    .join(' ');
  const facts = details.map(([label, value]) => `${label}: ${value}`).join(' · ');
  return [text, facts].filter(Boolean).join('\n');
}

/** Free text or form string, whichever the message is. */
export function extractMessage(text: string, options: ExtractOptions): ExtractedRequest {
  return isFormOutput(text) ? parseFormOutput(text, options) : extractRequest(text, options);
}
