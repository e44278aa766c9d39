// The summary card's edit: its values, their checks, and the one chat message it sends, the form string
// of the contract: 'Kategorie: …; Beschreibung: …; PLZ: …; Ort: …; Budget: 300-500 €; Dringlichkeit: …;
// Datum: YYYY-MM-DD'. Pure: no DOM.
import { cleanValue, type FormErrors } from './category-forms.ts';
import { categoryLabel, intakeText, isCategoryId, isUrgency, toLang } from './labels.ts';
import { ISO_DATE, type IntakeView } from './view.ts';

export type SummaryFields = Pick<IntakeView, 'category' | 'description' | 'postcode' | 'place' | 'budgetMin' | 'budgetMax' | 'budgetOpen' | 'urgency' | 'date'>;

/** The edit form's values, as typed. */
export interface SummaryEditValues {
  category: string;
  description: string;
  postcode: string;
  place: string;
  budgetMin: string;
  budgetMax: string;
  budgetOpen: boolean;
  urgency: string;
  date: string;
}

/** The word for a budget left open, as the server reads it (not a display text). */
const BUDGET_OPEN = { de: 'offen', en: 'open' } as const;

export function editValuesOf(view: SummaryFields): SummaryEditValues {
  return {
    category: view.category ?? '',
    description: view.description ?? '',
    postcode: view.postcode ?? '',
    place: view.place ?? '',
    budgetMin: view.budgetMin === null ? '' : String(view.budgetMin),
    budgetMax: view.budgetMax === null ? '' : String(view.budgetMax),
    budgetOpen: view.budgetOpen,
    urgency: view.urgency ?? '',
    date: view.date ?? '',
  };
}

const amount = (s: string): number | null => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

export function validateSummary(values: SummaryEditValues, today: string): FormErrors {
  const errors: FormErrors = {};
  if (!isCategoryId(values.category)) errors.category = { key: 'choose' };
  if (cleanValue(values.description).length < 3) errors.description = { key: 'description' };
  const postcode = values.postcode.trim();
  if (postcode && !/^\d{5}$/.test(postcode)) errors.postcode = { key: 'postcode' };
  if (!postcode && !cleanValue(values.place)) errors.location = { key: 'location' };
  if (!values.budgetOpen) {
    for (const key of ['budgetMin', 'budgetMax'] as const) {
      if (values[key].trim() && amount(values[key]) === null) errors[key] = { key: 'budget' };
    }
    const min = amount(values.budgetMin);
    const max = amount(values.budgetMax);
    if (min !== null && max !== null && min > max) errors.budgetMax = { key: 'budgetRange' };
  }
  if (values.date && !ISO_DATE.test(values.date)) errors.date = { key: 'required' };
  else if (values.date && values.date < today) errors.date = { key: 'datePast' };
  return errors;
}

/** The edited values as a view (call after validateSummary found nothing). */
export function editedView(values: SummaryEditValues): SummaryFields {
  const min = amount(values.budgetMin);
  const max = amount(values.budgetMax);
  return {
    category: isCategoryId(values.category) ? values.category : null,
    description: cleanValue(values.description) || null,
    postcode: values.postcode.trim() || null,
    place: cleanValue(values.place) || null,
    budgetMin: values.budgetOpen ? null : (min ?? max),
    budgetMax: values.budgetOpen ? null : (max ?? min),
    budgetOpen: values.budgetOpen,
    urgency: isUrgency(values.urgency) ? values.urgency : null,
    date: ISO_DATE.test(values.date) ? values.date : null,
  };
}

/** Are the two the same request (nothing to send)? */
export function sameSummary(a: SummaryFields, b: SummaryFields): boolean {
  const keys: (keyof SummaryFields)[] = ['category', 'description', 'postcode', 'place', 'budgetMin', 'budgetMax', 'urgency', 'date'];
  const openA = a.budgetOpen || (a.budgetMin === null && a.budgetMax === null);
  const openB = b.budgetOpen || (b.budgetMin === null && b.budgetMax === null);
  // Text as it would be sent: a line break the view has is no change.
  const norm = (v: unknown) => (typeof v === 'string' ? cleanValue(v) || null : (v ?? null));
  const compared = openA && openB ? keys.filter((k) => k !== 'budgetMin' && k !== 'budgetMax') : keys;
  return openA === openB && compared.every((k) => norm(a[k]) === norm(b[k]));
}

/**
 * The edit message: every field of the summary as 'Label: value;' pairs joined by spaces (German labels
 * Kategorie, Beschreibung, PLZ, Ort, Budget, Dringlichkeit, Datum; English Category, Description,
 * Postcode, Place, Budget, Urgency, Date). Budget '300-500 €', '300 €' or 'offen' / 'open'; empty
 * fields and an empty date are left out.
 */
export function summaryEditOutput(view: SummaryFields, lang: string): string {
  const l = toLang(lang);
  const label = (key: string) => intakeText(l, `fields.${key}.label`);
  const pairs: [string, string | null][] = [
    [label('category'), view.category ? categoryLabel(view.category, l) : null],
    [label('description'), view.description],
    [label('postcode'), view.postcode],
    [label('place'), view.place],
    [label('budget'), budgetValue(view, l)],
    [label('urgency'), view.urgency ? intakeText(l, `urgency.${view.urgency}`) : null],
    [label('date'), view.date && ISO_DATE.test(view.date) ? view.date : null],
  ];
  return pairs
    .map(([k, v]) => [k, v === null ? '' : cleanValue(v)] as const)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
}

function budgetValue(view: SummaryFields, lang: 'de' | 'en'): string | null {
  const { budgetMin: min, budgetMax: max } = view;
  if (view.budgetOpen) return BUDGET_OPEN[lang];
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min !== max) return `${min}-${max} €`;
  return `${max ?? min} €`;
}
