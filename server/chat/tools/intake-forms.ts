// Reading the intake's input into a draft patch: the person's words and the category form's string (through
// the one extraction path, server/ai/nlu) and the structured fields a model passes, checked alike (postcode
// data, no past dates). Pure: the intake tools (intake.ts) send what this reads to the machine.
import { z } from 'zod';
import { INTAKE_FIELDS, URGENCIES, type DraftPatch, type IntakeField, type RequestDraft, type SkippableField } from '../../../machines/intake.machine.ts';
import { CATEGORY_IDS, extractLocation, extractRequest, isFormOutput, parseFormOutput, todayIso, type ExtractedRequest } from '../../ai/nlu/index.ts';
import type { Lang } from '../../i18n.ts';
import { findPlace } from '../../integrations/geo/postcodes.ts';

export const MAX_TEXT = 2000;

/** The postcode of a place that has only one ('Olpe' → '57462'); null for a city with several, or an unknown place. */
export function onlyPostcodeOf(place: string | null): string | null {
  if (!place) return null;
  const codes = findPlace(place);
  return codes.length === 1 ? codes[0]! : null;
}
const MAX_BUDGET = 10_000_000;

/** '2026-12-15' → '15.12.2026' / '15/12/2026'. */
export function formatDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y!, m! - 1, d!),
  );
}

export function askedField(state: string): IntakeField | null {
  const field = state.startsWith('asking.') ? state.slice('asking.'.length) : null;
  return field && (INTAKE_FIELDS as readonly string[]).includes(field) ? (field as IntakeField) : null;
}

const OPEN_VALUE = /^(offen|open|flexibel|flexible|egal|keine angabe|n\/a|-)$/i;

export interface Reading {
  patch: DraftPatch;
  open: SkippableField[];
  /** A postcode the person gave that the postcode data does not know. */
  invalidPostcode: string | null;
  /** A date before today. */
  pastDate: string | null;
}

/**
 * The fields a message gives. In a question state, the asked field and the fields still empty are taken
 * (a date answer does not overwrite an urgency the person chose); otherwise everything the message says.
 */
export function readMessage(text: string, opts: { lang: Lang; now: Date; state: string; draft: RequestDraft }): Reading {
  const asked = askedField(opts.state);
  const form = isFormOutput(text);
  const r: ExtractedRequest = form
    ? parseFormOutput(text, { lang: opts.lang, now: opts.now })
    : extractRequest(text, { lang: opts.lang, now: opts.now, ...(asked ? { expect: asked } : {}) });
  const found: DraftPatch = {};
  if (r.category) found.category = r.category;
  const described = !r.missing.includes('description');
  if (form && r.description) found.description = r.description;
  else if (!form && (described || (asked === 'description' && /\p{L}{3}/u.test(r.description)))) found.description = r.description;
  // A whole need in one message names its category: the message is the description ('Putzhilfe in Berlin für 150 €').
  else if (!form && !asked && r.category && (r.description.match(/\p{L}{2,}/gu) ?? []).length >= 3) found.description = r.description;
  if (r.postcode || r.place) {
    // A town with one postcode needs no question; a city with many ('Berlin') is asked for the postcode.
    found.postcode = r.postcode ?? onlyPostcodeOf(r.place);
    found.place = r.place;
  }
  if (r.budget) {
    found.budgetMin = r.budget.min;
    found.budgetMax = r.budget.max;
  }
  if (r.details.urgencyStated) found.urgency = r.urgency;
  if (r.date) found.date = r.date;

  const open: SkippableField[] = [];
  if (form && r.details.fields) {
    for (const [label, value] of Object.entries(r.details.fields)) {
      if (/^(budget|preis|price)$/i.test(label.trim()) && OPEN_VALUE.test(value.trim())) open.push('budget');
    }
  }

  let patch: DraftPatch = found;
  if (asked && !form) {
    patch = {};
    const keysOf: Record<IntakeField, (keyof RequestDraft)[]> = {
      category: ['category'],
      description: ['description'],
      location: ['postcode', 'place'],
      budget: ['budgetMin', 'budgetMax'],
      urgency: ['urgency'],
      date: ['date'],
    };
    const askedKeys = keysOf[asked];
    for (const key of Object.keys(found) as (keyof RequestDraft)[]) {
      const isAsked = askedKeys.includes(key);
      const isEmpty = opts.draft[key] === null || opts.draft[key] === '';
      // A bare answer to another question is not a description ('Olpe', '500 €').
      if (key === 'description' && asked !== 'description' && !isEmpty) continue;
      if (key === 'description' && asked !== 'description' && askedKeys.some((k) => found[k] !== undefined)) continue;
      if (isAsked || isEmpty) (patch as Record<string, unknown>)[key] = found[key];
    }
  } else if (!form && opts.draft.description && found.description && opts.state === 'reviewing') {
    // In the summary, free text that says nothing else adds to the description; otherwise it is an edit of the other fields.
    const other = Object.keys(found).some((k) => k !== 'description' && k !== 'category' && k !== 'urgency');
    if (other) delete patch.description;
    else patch = { description: `${opts.draft.description} ${found.description}`.slice(0, MAX_TEXT) };
  }
  if (patch.urgency && !r.details.urgencyStated) delete patch.urgency;
  const pastDate = patch.date && patch.date < todayIso(opts.now) ? patch.date : null;
  if (pastDate) delete patch.date;
  return { patch, open, invalidPostcode: r.details.invalidPostcode && !patch.postcode && !patch.place ? r.details.invalidPostcode : null, pastDate };
}

// Structured fields, as a model passes them: checked like the person's words (postcode data, no past dates).
export const structuredFields = {
  category: z.enum(CATEGORY_IDS).optional().describe('Category id'),
  description: z.string().trim().min(3).max(MAX_TEXT).optional().describe('What exactly is needed, in the person’s words'),
  postcode: z
    .string()
    .regex(/^\d{5}$/)
    .optional()
    .describe('German five-digit postcode'),
  place: z.string().trim().min(2).max(80).optional().describe('Place name'),
  budgetMin: z.number().int().min(0).max(MAX_BUDGET).optional().describe('Budget from, whole euros'),
  budgetMax: z.number().int().min(0).max(MAX_BUDGET).optional().describe('Budget up to, whole euros (same as budgetMin for one amount)'),
  urgency: z.enum(URGENCIES).optional(),
  date: z.iso.date().optional().describe('A specific date, YYYY-MM-DD'),
};

export type Structured = { [K in keyof typeof structuredFields]?: z.infer<(typeof structuredFields)[K]> };

export function readStructured(input: Structured, lang: Lang, now: Date): { patch: DraftPatch; reason?: string; params?: Record<string, string> } {
  const patch: DraftPatch = {};
  if (input.category) patch.category = input.category;
  if (input.description) patch.description = input.description;
  if (input.postcode || input.place) {
    const loc = extractLocation([input.postcode, input.place].filter(Boolean).join(' '), { lang, category: null, expectPlace: true });
    if (!loc.postcode && !loc.place)
      return { patch, reason: input.postcode ? 'UNKNOWN_POSTCODE' : 'UNKNOWN_PLACE', params: { postcode: input.postcode ?? '', place: input.place ?? '' } };
    patch.postcode = loc.postcode ?? onlyPostcodeOf(loc.place);
    patch.place = loc.place;
  }
  if (input.budgetMin !== undefined || input.budgetMax !== undefined) {
    const min = input.budgetMin ?? input.budgetMax!;
    const max = input.budgetMax ?? input.budgetMin!;
    if (min > max) return { patch, reason: 'BUDGET_INVALID' };
    patch.budgetMin = min;
    patch.budgetMax = max;
  }
  if (input.urgency) patch.urgency = input.urgency;
  if (input.date) {
    if (input.date < todayIso(now)) return { patch, reason: 'DATE_IN_PAST', params: { date: formatDate(input.date, lang) } };
    patch.date = input.date;
  }
  return { patch };
}
