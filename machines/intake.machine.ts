// The seeker intake: the assistant has greeted the person (the follow-up script's greeting) and asks for a
// first name; then a category (dropdown and its form) or the whole need in free text; then only the
// missing fields, one question at a time; then a summary to edit and confirm. Pure: no I/O. The tools
// (server/chat/tools/intake.ts) read the person's words into a draft patch; this machine decides.
import { assign, setup } from 'xstate';

/** The fields of a request, in the order the assistant asks for missing ones. */
export const INTAKE_FIELDS = ['category', 'description', 'location', 'budget', 'urgency', 'date'] as const;
export type IntakeField = (typeof INTAKE_FIELDS)[number];

/** Fields the person may leave open when asked ('Budget offen', 'Kein fester Termin'). */
export const SKIPPABLE_FIELDS = ['budget', 'urgency', 'date'] as const;
export type SkippableField = (typeof SKIPPABLE_FIELDS)[number];

export const URGENCIES = ['sehr_dringend', 'dringend', 'normal', 'niedrig'] as const;
export type DraftUrgency = (typeof URGENCIES)[number];

export interface RequestDraft {
  /** Category id (auto, urlaub_reisen, …). */
  category: string | null;
  description: string | null;
  /** Five-digit postcode, checked against the postcode data by the tool. */
  postcode: string | null;
  place: string | null;
  /** Whole euros; a single amount has min = max. */
  budgetMin: number | null;
  budgetMax: number | null;
  urgency: DraftUrgency | null;
  /** YYYY-MM-DD */
  date: string | null;
}

export type DraftPatch = Partial<RequestDraft>;

export const EMPTY_DRAFT: RequestDraft = {
  category: null,
  description: null,
  postcode: null,
  place: null,
  budgetMin: null,
  budgetMax: null,
  urgency: null,
  date: null,
};

export interface IntakeContext {
  firstName: string | null;
  draft: RequestDraft;
  /** Optional fields the person left open when asked. */
  skipped: SkippableField[];
  /** Grows with every accepted change of the draft; a confirmation names the version it shows. */
  version: number;
  requestId: string | null;
  requestStatus: 'draft' | 'open' | 'review' | null;
}

export type IntakeEvent =
  | { type: 'FIRST_NAME_SUBMITTED'; name: string }
  | { type: 'CATEGORY_CHOSEN'; category: string }
  /** Free text, an answer to a question, or an edit: the fields the tool read from it. */
  | { type: 'DRAFT_UPDATED'; patch: DraftPatch; open?: SkippableField[] }
  /** The category form's or the summary card's 'Label: value;' string, read into a patch. */
  | { type: 'FORM_SUBMITTED'; patch: DraftPatch; open?: SkippableField[] }
  | { type: 'QUESTION_SKIPPED' }
  | { type: 'REQUEST_CONFIRMED'; version: number; requestId: string; requestStatus: 'draft' | 'open' | 'review' }
  | { type: 'NEW_REQUEST_STARTED' };

/** The first missing field, in asking order; null when the draft is complete. */
export function nextMissing(draft: RequestDraft, skipped: readonly SkippableField[]): IntakeField | null {
  if (!draft.category) return 'category';
  if (!draft.description) return 'description';
  if (!draft.postcode && !draft.place) return 'location';
  if (draft.budgetMin === null && draft.budgetMax === null && !skipped.includes('budget')) return 'budget';
  if (draft.urgency === null && !skipped.includes('urgency')) return 'urgency';
  if (draft.date === null && !skipped.includes('date')) return 'date';
  return null;
}

/** The draft with the patch applied (undefined keys keep the draft's value). */
export function applyPatch(draft: RequestDraft, patch: DraftPatch): RequestDraft {
  const next = { ...draft };
  for (const key of Object.keys(EMPTY_DRAFT) as (keyof RequestDraft)[]) {
    if (patch[key] !== undefined) (next as Record<string, unknown>)[key] = patch[key];
  }
  return next;
}

/** Whether the patch changes anything in the draft. */
export function patchChanges(draft: RequestDraft, patch: DraftPatch): boolean {
  return (Object.keys(EMPTY_DRAFT) as (keyof RequestDraft)[]).some((key) => patch[key] !== undefined && patch[key] !== draft[key]);
}

const FIELD_KEYS: Record<SkippableField, (keyof RequestDraft)[]> = { budget: ['budgetMin', 'budgetMax'], urgency: ['urgency'], date: ['date'] };

/** The fields left open after a patch: a value given reopens nothing, a field named in `open` is left open. */
export function skippedAfter(skipped: readonly SkippableField[], patch: DraftPatch, open: readonly SkippableField[] = []): SkippableField[] {
  const kept = skipped.filter((f) => !FIELD_KEYS[f].some((k) => patch[k] !== undefined && patch[k] !== null));
  return [...new Set([...kept, ...open])];
}

/** A patch that leaves fields open also clears their values. */
export function openPatch(patch: DraftPatch, open: readonly SkippableField[] = []): DraftPatch {
  const next = { ...patch };
  for (const f of open) for (const k of FIELD_KEYS[f]) (next as Record<string, unknown>)[k] = null;
  return next;
}

function updates(context: IntakeContext, patch: DraftPatch, open: readonly SkippableField[] = []): boolean {
  const skipped = skippedAfter(context.skipped, patch, open);
  return patchChanges(context.draft, openPatch(patch, open)) || skipped.length !== context.skipped.length || skipped.some((f) => !context.skipped.includes(f));
}

/** A first name as the simplest check allows; the server provides the full check (surname lists). */
const SIMPLE_FIRST_NAME = /^\p{L}[\p{L}\p{M}'-]{0,39}$/u;

const asked = (field: IntakeField) => ({ context }: { context: IntakeContext }) => nextMissing(context.draft, context.skipped) === field;

export const intakeMachine = setup({
  types: {
    context: {} as IntakeContext,
    events: {} as IntakeEvent,
  },
  guards: {
    isFirstName: ({ event }) => event.type === 'FIRST_NAME_SUBMITTED' && SIMPLE_FIRST_NAME.test(event.name.trim()),
    changesDraft: ({ context, event }) => (event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED') && updates(context, event.patch, event.open),
    isCategory: ({ event }) => event.type === 'CATEGORY_CHOSEN' && event.category.length > 0,
    missingCategory: asked('category'),
    missingDescription: asked('description'),
    missingLocation: asked('location'),
    missingBudget: asked('budget'),
    missingUrgency: asked('urgency'),
    missingDate: asked('date'),
    confirmsCurrentDraft: ({ context, event }) =>
      event.type === 'REQUEST_CONFIRMED' && event.version === context.version && nextMissing(context.draft, context.skipped) === null,
  },
  actions: {
    rememberFirstName: assign({ firstName: ({ event }) => (event.type === 'FIRST_NAME_SUBMITTED' ? event.name.trim() : null) }),
    setCategory: assign({
      draft: ({ context, event }) => (event.type === 'CATEGORY_CHOSEN' ? { ...context.draft, category: event.category } : context.draft),
      version: ({ context }) => context.version + 1,
    }),
    applyPatch: assign({
      draft: ({ context, event }) => (event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED' ? applyPatch(context.draft, openPatch(event.patch, event.open)) : context.draft),
      skipped: ({ context, event }) => (event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED' ? skippedAfter(context.skipped, event.patch, event.open) : context.skipped),
      version: ({ context }) => context.version + 1,
    }),
    skipAsked: assign({
      skipped: ({ context }) => {
        const field = nextMissing(context.draft, context.skipped);
        return field && (SKIPPABLE_FIELDS as readonly string[]).includes(field) ? [...context.skipped, field as SkippableField] : context.skipped;
      },
      version: ({ context }) => context.version + 1,
    }),
    rememberRequest: assign({
      requestId: ({ event }) => (event.type === 'REQUEST_CONFIRMED' ? event.requestId : null),
      requestStatus: ({ event }) => (event.type === 'REQUEST_CONFIRMED' ? event.requestStatus : null),
    }),
    startOver: assign({
      draft: () => ({ ...EMPTY_DRAFT }),
      skipped: () => [],
      version: ({ context }) => context.version + 1,
      requestId: () => null,
      requestStatus: () => null,
    }),
  },
}).createMachine({
  id: 'intake',
  initial: 'greeting',
  context: { firstName: null, draft: { ...EMPTY_DRAFT }, skipped: [], version: 0, requestId: null, requestStatus: null },
  states: {
    greeting: {
      description: 'The assistant has sent the greeting of the follow-up script and asks for the first name.',
      on: {
        FIRST_NAME_SUBMITTED: { guard: 'isFirstName', target: 'choosingCategory', actions: 'rememberFirstName' },
      },
    },
    choosingCategory: {
      description: 'The assistant shows the category dropdown; the person may also describe the whole need.',
      on: {
        CATEGORY_CHOSEN: { guard: 'isCategory', target: 'fillingForm', actions: 'setCategory' },
        DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
        FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
      },
    },
    fillingForm: {
      description: "The chosen category's form is shown with its 'Übernehmen' button.",
      on: {
        FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
        CATEGORY_CHOSEN: { guard: 'isCategory', target: 'fillingForm', reenter: true, actions: 'setCategory' },
        DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
      },
    },
    routing: {
      description: 'Transient: asks for the first missing field, or shows the summary when nothing is missing.',
      always: [
        { guard: 'missingCategory', target: 'asking.category' },
        { guard: 'missingDescription', target: 'asking.description' },
        { guard: 'missingLocation', target: 'asking.location' },
        { guard: 'missingBudget', target: 'asking.budget' },
        { guard: 'missingUrgency', target: 'asking.urgency' },
        { guard: 'missingDate', target: 'asking.date' },
        { target: 'reviewing' },
      ],
    },
    asking: {
      description: 'The assistant asks for one missing field; the answer (or any other change) updates the draft.',
      initial: 'category',
      on: {
        DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
        FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
      },
      states: {
        category: {
          description: 'Asks for the category (the dropdown is shown again).',
          on: { CATEGORY_CHOSEN: { guard: 'isCategory', target: '#intake.routing', actions: 'setCategory' } },
        },
        description: { description: 'Asks what exactly is needed.' },
        location: { description: 'Asks for the postcode or place.' },
        budget: {
          description: 'Asks for the budget; it may be left open.',
          on: { QUESTION_SKIPPED: { target: '#intake.routing', actions: 'skipAsked' } },
        },
        urgency: {
          description: 'Asks how urgent it is; may be skipped (then normal).',
          on: { QUESTION_SKIPPED: { target: '#intake.routing', actions: 'skipAsked' } },
        },
        date: {
          description: 'Asks for a specific date; may be left open.',
          on: { QUESTION_SKIPPED: { target: '#intake.routing', actions: 'skipAsked' } },
        },
      },
    },
    reviewing: {
      description: 'The summary card with every field, editable, and the confirm button.',
      on: {
        DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
        FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
        REQUEST_CONFIRMED: { guard: 'confirmsCurrentDraft', target: 'submitted', actions: 'rememberRequest' },
      },
    },
    submitted: {
      description: 'The request is stored (held as a draft until the seeker is registered and verified).',
      tags: ['done'],
      on: {
        NEW_REQUEST_STARTED: { target: 'choosingCategory', actions: 'startOver' },
      },
    },
  },
});

export type IntakeState =
  | 'greeting'
  | 'choosingCategory'
  | 'fillingForm'
  | `asking.${IntakeField}`
  | 'reviewing'
  | 'submitted';
