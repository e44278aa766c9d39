// The search form of each category (shown in the chat in state fillingForm), its checks, and the one
// string it sends: 'Kategorie: Handwerk; Gewerk: Sanitär; …; PLZ: 50667' (read on the server by
// parseFormOutput in server/ai/nlu/extract.ts). Labels come from the intake locale files. Pure: no DOM.
import { CAR_BRANDS } from '../../../core/categories/car-brands.ts';
import { categoryLabel, intakeText, toLang, URGENCIES, type CategoryId } from './labels.ts';
import { ISO_DATE, type IntakeView } from './view.ts';

export type FieldKind = 'text' | 'textarea' | 'number' | 'date' | 'select' | 'carBrand' | 'carModel';

/**
 * How much of the form's row a field takes: full; half on a wide form (one column on a phone); pair,
 * always half (small numbers); narrow and wide, a third and two thirds (postcode and place).
 */
export type FieldWidth = 'full' | 'half' | 'pair' | 'narrow' | 'wide';

export interface FormField {
  key: string;
  kind: FieldKind;
  width: FieldWidth;
  /** Option ids of a select: labels under forms.<category>.<key>.options (the urgency: urgency.<id>). */
  options?: readonly string[];
  /** Bounds of a number field. */
  min?: number;
  max?: number;
  maxLength?: number;
  /** Words under fields.<key> (the fields every form has) rather than forms.<category>.<key>. */
  common?: boolean;
  /** The locale files have a placeholder for it. */
  placeholder?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
}

export interface CategoryForm {
  category: CategoryId;
  /** The field the category cannot do without (required besides postcode or place). */
  keyField: string;
  /** The category's own fields; the common ones follow (COMMON_FIELDS). */
  fields: readonly FormField[];
}

export type FormValues = Record<string, string>;

const OTHER = 'other';
const THIS_YEAR = new Date().getFullYear();

const select = (key: string, options: readonly string[], width: FieldWidth = 'half'): FormField => ({ key, kind: 'select', options, width });
const text = (key: string, width: FieldWidth = 'full', placeholder = true): FormField => ({ key, kind: 'text', width, maxLength: 120, placeholder });
const count = (key: string, min: number, max: number, width: FieldWidth = 'pair'): FormField => ({
  key,
  kind: 'number',
  min,
  max,
  width,
  inputMode: 'numeric',
});
const date = (key: string, width: FieldWidth = 'half'): FormField => ({ key, kind: 'date', width });

/** The fields every form has, after the category's own. */
export const COMMON_FIELDS: readonly FormField[] = [
  { key: 'description', kind: 'textarea', width: 'full', maxLength: 1200, common: true, placeholder: true },
  { key: 'postcode', kind: 'text', width: 'narrow', maxLength: 5, common: true, placeholder: true, autoComplete: 'postal-code', inputMode: 'numeric' },
  { key: 'place', kind: 'text', width: 'wide', maxLength: 80, common: true, placeholder: true, autoComplete: 'address-level2' },
  { key: 'budget', kind: 'text', width: 'half', maxLength: 40, common: true, placeholder: true, inputMode: 'text' },
  { key: 'urgency', kind: 'select', width: 'half', options: URGENCIES, common: true },
  { key: 'date', kind: 'date', width: 'half', common: true },
];

export const CATEGORY_FORMS: Record<CategoryId, CategoryForm> = {
  auto: {
    category: 'auto',
    keyField: 'purpose',
    fields: [
      { key: 'brand', kind: 'carBrand', width: 'half' },
      { key: 'model', kind: 'carModel', width: 'half', maxLength: 60 },
      { ...count('year', 1950, THIS_YEAR + 1, 'half'), placeholder: true },
      select('purpose', ['kauf', 'verkauf', 'reparatur', 'wartung', 'leasing', 'sonstiges']),
    ],
  },
  urlaub_reisen: {
    category: 'urlaub_reisen',
    keyField: 'destination',
    fields: [
      text('destination', 'half'),
      select('tripType', ['pauschal', 'hotel', 'flug', 'ferienwohnung', 'kreuzfahrt', 'rundreise', 'sonstiges']),
      date('departure'),
      date('return'),
      count('adults', 1, 30),
      count('children', 0, 20),
    ],
  },
  versicherung: {
    category: 'versicherung',
    keyField: 'insuranceType',
    fields: [
      select(
        'insuranceType',
        ['kfz', 'haftpflicht', 'hausrat', 'wohngebaeude', 'kranken', 'zahnzusatz', 'berufsunfaehigkeit', 'leben', 'rechtsschutz', 'reise', 'tier', 'sonstiges'],
        'full',
      ),
      select('concern', ['neu', 'wechsel', 'beratung', 'schaden']),
      select('insured', ['single', 'paar', 'familie', 'firma']),
    ],
  },
  essen: {
    category: 'essen',
    keyField: 'foodType',
    fields: [
      select('foodType', ['lieferung', 'kuchen', 'backwaren', 'lebensmittel', 'fleisch', 'obstGemuese', 'getraenke', 'sonstiges'], 'full'),
      text('wish'),
      count('persons', 1, 500),
      select('handover', ['lieferung', 'abholung', 'egal'], 'pair'),
    ],
  },
  gastronomie: {
    category: 'gastronomie',
    keyField: 'service',
    fields: [
      select('service', ['catering', 'partyservice', 'location', 'koch', 'personal', 'buffet', 'sonstiges']),
      select('occasion', ['hochzeit', 'geburtstag', 'firmenfeier', 'weihnachtsfeier', 'trauerfeier', 'privat', 'sonstiges']),
      count('guests', 1, 5000),
    ],
  },
  dienstleistungen: {
    category: 'dienstleistungen',
    keyField: 'service',
    fields: [
      select('service', [
        'reinigung',
        'umzug',
        'garten',
        'entruempelung',
        'kinderbetreuung',
        'pflege',
        'nachhilfe',
        'haustiere',
        'recht',
        'steuern',
        'foto',
        'it',
        'sonstiges',
      ]),
      select('frequency', ['einmalig', 'woechentlich', 'monatlich', 'regelmaessig']),
      text('scope'),
    ],
  },
  immobilien: {
    category: 'immobilien',
    keyField: 'intent',
    fields: [
      select('intent', ['kaufen', 'mieten', 'verkaufen', 'vermieten', 'bewerten']),
      select('propertyType', ['wohnung', 'haus', 'grundstueck', 'gewerbe', 'stellplatz', 'wgZimmer']),
      count('rooms', 1, 30),
      count('area', 1, 100_000),
    ],
  },
  elektronik: {
    category: 'elektronik',
    keyField: 'device',
    fields: [
      select('device', ['smartphone', 'computer', 'tablet', 'tv', 'audio', 'haushalt', 'konsole', 'kamera', 'sonstiges']),
      select('concern', ['kauf', 'reparatur', 'einrichtung', 'verkauf', 'sonstiges']),
      text('brandModel'),
    ],
  },
  beauty: {
    category: 'beauty',
    keyField: 'treatment',
    fields: [
      select('treatment', ['friseur', 'kosmetik', 'naegel', 'massage', 'makeup', 'wimpern', 'haarentfernung', 'sonstiges'], 'full'),
      select('forWhom', ['damen', 'herren', 'kinder'], 'pair'),
      count('persons', 1, 50),
    ],
  },
  handwerk: {
    category: 'handwerk',
    keyField: 'trade',
    fields: [
      select('trade', ['sanitaer', 'heizung', 'elektro', 'maler', 'dach', 'boden', 'schreiner', 'sonstiges']),
      text('job', 'half'),
      count('size', 1, 100_000, 'half'),
    ],
  },
  news: {
    category: 'news',
    keyField: 'kind',
    fields: [
      select('kind', ['abo', 'pressemitteilung', 'redaktion', 'lokal', 'newsletter', 'sonstiges'], 'full'),
      text('topic', 'half'),
      select('format', ['print', 'digital', 'beides']),
    ],
  },
};

/** All fields of a category's form, in the order shown and sent. */
export function formFields(category: CategoryId): readonly FormField[] {
  return [...CATEGORY_FORMS[category].fields, ...COMMON_FIELDS];
}

function wordsKey(category: CategoryId, field: FormField): string {
  return field.common ? `fields.${field.key}` : `forms.${category}.${field.key}`;
}

export function fieldLabel(category: CategoryId, field: FormField, lang: string): string {
  return intakeText(lang, `${wordsKey(category, field)}.label`);
}

export function fieldPlaceholder(category: CategoryId, field: FormField, lang: string, values: FormValues = {}): string | undefined {
  if (field.kind === 'carModel') return intakeText(lang, values.brand === OTHER ? 'forms.auto.model.free' : 'forms.auto.model.placeholder');
  return field.placeholder ? intakeText(lang, `${wordsKey(category, field)}.placeholder`) : undefined;
}

export function isRequired(category: CategoryId, field: FormField): boolean {
  return CATEGORY_FORMS[category].keyField === field.key;
}

/** A car model is typed in when the brand is not in the list. */
export function isFreeModel(values: FormValues): boolean {
  return values.brand === OTHER;
}

/** The choices of a select field (ids), given the values so far (the models follow the brand). */
export function fieldOptions(field: FormField, values: FormValues = {}): readonly string[] {
  if (field.kind === 'select') return field.options ?? [];
  if (field.kind === 'carBrand') return [...CAR_BRANDS.map((b) => b.brand), OTHER];
  if (field.kind === 'carModel') {
    const brand = CAR_BRANDS.find((b) => b.brand === values.brand);
    return brand ? [...brand.models, OTHER] : [];
  }
  return [];
}

export function optionLabel(category: CategoryId, field: FormField, id: string, lang: string): string {
  if (field.kind === 'carBrand') return id === OTHER ? intakeText(lang, 'forms.auto.brand.other') : id;
  if (field.kind === 'carModel') return id === OTHER ? intakeText(lang, 'forms.auto.model.other') : id;
  if (field.common && field.key === 'urgency') return intakeText(lang, `urgency.${id}`);
  return intakeText(lang, `${wordsKey(category, field)}.options.${id}`);
}

// ---------------------------------------------------------------------------------------------------
// Values → the form string.

/** A value as it may stand in the form string: one line, no ';' (the pair separator). */
export function cleanValue(value: string): string {
  return value
    .replace(/[\r\n]+/g, ' ')
    .replace(/\s*;\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^,\s*|,$/g, '')
    .trim();
}

/** '300 – 500 €' → '300-500': the budget as typed, without currency. */
function budgetText(value: string): string {
  return cleanValue(value)
    .replace(/€|\b(?:eur|euro|euros)\b/gi, '')
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

function outputValue(category: CategoryId, field: FormField, raw: string | undefined, lang: string, values: FormValues): string {
  const value = cleanValue(raw ?? '');
  if (!value) return '';
  if (field.common && field.key === 'budget') {
    const amount = budgetText(value);
    return amount ? `${amount} €` : '';
  }
  switch (field.kind) {
    case 'date':
      return ISO_DATE.test(value) ? value : '';
    case 'select':
    case 'carBrand':
      return fieldOptions(field, values).includes(value) ? cleanValue(optionLabel(category, field, value, lang)) : '';
    case 'carModel':
      if (isFreeModel(values)) return value;
      return fieldOptions(field, values).includes(value) ? cleanValue(optionLabel(category, field, value, lang)) : '';
    default:
      return value;
  }
}

/**
 * The one chat message the form sends: `Kategorie: <label>; <Label>: <value>; …` (English UI:
 * `Category: …`), the non-empty fields in form order, labels and option labels in the UI language.
 */
export function formOutput(category: CategoryId, values: FormValues, lang: string): string {
  const l = toLang(lang);
  const pairs = [`${intakeText(l, 'fields.category.label')}: ${categoryLabel(category, l)}`];
  for (const field of formFields(category)) {
    const value = outputValue(category, field, values[field.key], l, values);
    if (value) pairs.push(`${fieldLabel(category, field, l)}: ${value}`);
  }
  // Every pair ends with ';' (the form output of the specification: 'Label: value;' pairs).
  return pairs.map((pair) => `${pair};`).join(' ');
}

// ---------------------------------------------------------------------------------------------------
// Checks.

/** A message key of intake:errors.* with its parameters. */
export interface FieldError {
  key: string;
  params?: Record<string, number>;
}

/** Errors by field key; `location` when neither postcode nor place is given. */
export type FormErrors = Record<string, FieldError>;

const toNumber = (s: string) => Number(s.replace(/[.\s]/g, ''));

/** The budget as typed: an amount or a range with digits ('300-500', 'bis 800', '1.000'). */
export function budgetError(value: string): FieldError | null {
  const amount = budgetText(value);
  if (!amount) return null;
  if (!/\d/.test(amount) || amount.length > 40) return { key: 'budget' };
  const range = /^(\d[\d.\s]*)-(\d[\d.\s]*)$/.exec(amount);
  if (range && toNumber(range[1]!) > toNumber(range[2]!)) return { key: 'budgetRange' };
  return null;
}

export function validateForm(category: CategoryId, values: FormValues, today: string): FormErrors {
  const errors: FormErrors = {};
  const get = (key: string) => cleanValue(values[key] ?? '');
  for (const field of formFields(category)) {
    const value = get(field.key);
    if (!value) {
      if (isRequired(category, field)) errors[field.key] = { key: field.kind === 'select' || field.kind === 'carBrand' ? 'choose' : 'required' };
      continue;
    }
    if (field.kind === 'number') {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < (field.min ?? 0) || n > (field.max ?? Number.MAX_SAFE_INTEGER))
        errors[field.key] = { key: 'number', params: { min: field.min ?? 0, max: field.max ?? 0 } };
    } else if (field.kind === 'date') {
      if (!ISO_DATE.test(value)) errors[field.key] = { key: 'required' };
      else if (value < today) errors[field.key] = { key: 'datePast' };
    } else if (field.common && field.key === 'postcode') {
      if (!/^\d{5}$/.test(value)) errors.postcode = { key: 'postcode' };
    } else if (field.common && field.key === 'budget') {
      const e = budgetError(value);
      if (e) errors.budget = e;
    }
  }
  if (!get('postcode') && !get('place')) errors.location = { key: 'location' };
  if (category === 'urlaub_reisen' && !errors.return && !errors.departure) {
    const departure = get('departure');
    const back = get('return');
    if (departure && back && back < departure) errors.return = { key: 'returnBeforeDeparture' };
  }
  return errors;
}

/** The form's start values: what the draft already knows (the person may have said it before). */
export function initialValues(view: Partial<IntakeView>): FormValues {
  const values: FormValues = {};
  if (view.description) values.description = view.description;
  if (view.postcode) values.postcode = view.postcode;
  if (view.place) values.place = view.place;
  const min = view.budgetMin ?? null;
  const max = view.budgetMax ?? null;
  if (!view.budgetOpen && (min !== null || max !== null)) values.budget = min !== null && max !== null && min !== max ? `${min}-${max}` : String(max ?? min);
  if (view.urgency) values.urgency = view.urgency;
  if (view.date) values.date = view.date;
  return values;
}
