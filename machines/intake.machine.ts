// The seeker intake: the assistant has greeted the person (the follow-up script's greeting) and asks for a
// first name; then a category (dropdown and its form) or the whole need in free text; then only the
// missing fields, one question at a time; then a summary to edit and confirm. Pure: no I/O. The tools
// (server/chat/tools/intake.ts) read the person's words into a draft patch; this machine decides.
// The part before the category dropdown and after the confirmation is built from the follow-up script
// (buildIntakeMachine): one state per shown step, in the script's order (docs/domain/follow-up-script.md).
import { assign, setup } from 'xstate';
import type { StepPurpose } from './follow-up-script.ts';

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
  /** The ids of the script's steps the flow has said, in order (the server words them; figures count them). */
  said: string[];
}

export type IntakeEvent =
  /** `stated`: the person said it is their name ('call me Jo'), not just a word in answer to the question. */
  | { type: 'FIRST_NAME_SUBMITTED'; name: string; stated?: boolean }
  | { type: 'CATEGORY_CHOSEN'; category: string }
  /** Free text, an answer to a question, or an edit: the fields the tool read from it. */
  | { type: 'DRAFT_UPDATED'; patch: DraftPatch; open?: SkippableField[] }
  /** The category form's or the summary card's 'Label: value;' string, read into a patch. */
  | { type: 'FORM_SUBMITTED'; patch: DraftPatch; open?: SkippableField[] }
  | { type: 'QUESTION_SKIPPED' }
  | { type: 'REQUEST_CONFIRMED'; version: number; requestId: string; requestStatus: 'draft' | 'open' | 'review' }
  | { type: 'NEW_REQUEST_STARTED' }
  /** The person leaves the request form ('abbrechen', 'ich will keine Anfrage stellen'): the draft is dropped. */
  | { type: 'REQUEST_CANCELLED' }
  /** 'Zurück': the question before the one asked now is asked again. */
  | { type: 'STEP_BACK' };

/** The first missing field, in asking order; null when the draft is complete. */
export function nextMissing(draft: RequestDraft, skipped: readonly SkippableField[]): IntakeField | null {
  if (!draft.category) return 'category';
  if (!draft.description) return 'description';
  // A place alone ('Berlin') does not say where exactly: providers are matched by postcode and radius.
  if (!draft.postcode) return 'location';
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

/** Whether the draft holds anything yet (a need told before the first name, for example). */
export function draftStarted(draft: RequestDraft): boolean {
  return (Object.keys(EMPTY_DRAFT) as (keyof RequestDraft)[]).some((key) => draft[key] !== null);
}

const FIELD_VALUES: Record<IntakeField, (keyof RequestDraft)[]> = {
  category: ['category'],
  description: ['description'],
  location: ['postcode', 'place'],
  budget: ['budgetMin', 'budgetMax'],
  urgency: ['urgency'],
  date: ['date'],
};

/**
 * The field 'zurück' asks again: the last one before the question asked now (in asking order) that holds a
 * value or was left open; the last such field when nothing is asked (the summary). null at the first question.
 */
export function previousField(context: Pick<IntakeContext, 'draft' | 'skipped'>): IntakeField | null {
  const asked = nextMissing(context.draft, context.skipped);
  const until = asked ? INTAKE_FIELDS.indexOf(asked) : INTAKE_FIELDS.length;
  for (let i = until - 1; i >= 0; i--) {
    const f = INTAKE_FIELDS[i]!;
    const answered = FIELD_VALUES[f].some((k) => context.draft[k] !== null) || (context.skipped as readonly string[]).includes(f);
    if (answered) return f;
  }
  return null;
}

function updates(context: IntakeContext, patch: DraftPatch, open: readonly SkippableField[] = []): boolean {
  const skipped = skippedAfter(context.skipped, patch, open);
  return patchChanges(context.draft, openPatch(patch, open)) || skipped.length !== context.skipped.length || skipped.some((f) => !context.skipped.includes(f));
}

/** A first name as the simplest check allows; the server provides the full check (surname lists). */
const SIMPLE_FIRST_NAME = /^\p{L}[\p{L}\p{M}'-]{0,39}$/u;

const asked =
  (field: IntakeField) =>
  ({ context }: { context: IntakeContext }) =>
    nextMissing(context.draft, context.skipped) === field;

const intakeSetup = setup({
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
    draftStarted: ({ context }) => draftStarted(context.draft),
    canStepBack: ({ context }) => previousField(context) !== null,
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
      draft: ({ context, event }) =>
        event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED' ? applyPatch(context.draft, openPatch(event.patch, event.open)) : context.draft,
      skipped: ({ context, event }) =>
        event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED' ? skippedAfter(context.skipped, event.patch, event.open) : context.skipped,
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
    say: assign({ said: ({ context }, params: { step: string }) => [...(context.said ?? []), params.step] }),
    stepBack: assign({
      draft: ({ context }) => {
        const field = previousField(context);
        if (!field) return context.draft;
        const next = { ...context.draft };
        for (const k of FIELD_VALUES[field]) (next as Record<string, unknown>)[k] = null;
        return next;
      },
      skipped: ({ context }) => {
        const field = previousField(context);
        return context.skipped.filter((f) => f !== field);
      },
      version: ({ context }) => context.version + 1,
    }),
    startOver: assign({
      draft: () => ({ ...EMPTY_DRAFT }),
      skipped: () => [],
      version: ({ context }) => context.version + 1,
      requestId: () => null,
      requestStatus: () => null,
    }),
  },
});

/** The part of a script step the machine needs: which step, what for, whether it is shown. */
export interface ScriptShapeStep {
  id: string;
  purpose: StepPurpose;
  active: boolean;
}

/** The default script's six steps (their words are in the locale files: chat:intake.script.<id>). */
export const DEFAULT_SCRIPT_SHAPE: readonly ScriptShapeStep[] = [
  { id: 'greeting-hello', purpose: 'greeting', active: true },
  { id: 'greeting-urgent', purpose: 'greeting', active: true },
  { id: 'ask-name', purpose: 'askName', active: true },
  { id: 'name-confirmed', purpose: 'nameConfirmed', active: true },
  { id: 'category-prompt', purpose: 'categoryPrompt', active: true },
  { id: 'closing', purpose: 'closing', active: true },
];

/** The state of a message step (said on the way, then on at once). */
export const messageState = (id: string) => `msg_${id}`;
/** The state where the request intake begins: the category dropdown. */
export const HAND_OFF_STATE = 'choosingCategory';
/** The state a script without a category step ends in: nothing leads on from it. */
export const STRANDED_STATE = 'stranded';

const say = (step: string) => ({ type: 'say' as const, params: { step } });

/**
 * The intake machine for a follow-up script. The shown steps before the category step become states in
 * their order: a message is said and the flow goes on at once, the first-name question waits for the name.
 * The category step is the hand-off to the request intake (unchanged by the script); the shown steps after
 * it (the closing and any messages) are said once a request is confirmed. A step of the flow placed where it
 * cannot work (the first-name question after the category step) is built but nothing leads to it, and a
 * script without a shown category step ends in a state with no way on: the publish check
 * (server/domain/follow-up/check-follow-up-script.ts) finds both in the generated graph.
 */
export function buildIntakeMachine(steps: readonly ScriptShapeStep[] = DEFAULT_SCRIPT_SHAPE) {
  const shown = steps.filter((s) => s.active);
  const categoryAt = shown.findIndex((s) => s.purpose === 'categoryPrompt');
  const category = categoryAt >= 0 ? shown[categoryAt]! : null;
  const before = categoryAt >= 0 ? shown.slice(0, categoryAt) : shown;
  const after = categoryAt >= 0 ? shown.slice(categoryAt + 1) : [];
  const states: Record<string, unknown> = {};
  const nameFirst = before.find((s) => s.purpose === 'askName');
  const lateName = after.find((s) => s.purpose === 'askName');

  const chain = (list: readonly ScriptShapeStep[], end: string): string => {
    let next = end;
    for (const step of [...list].reverse()) {
      if (step.purpose === 'askName') {
        if (step !== nameFirst) continue;
        states.greeting = {
          description: "Asks for the first name (the script's first-name question).",
          entry: say(step.id),
          on: {
            FIRST_NAME_SUBMITTED: { guard: 'isFirstName', target: next, actions: 'rememberFirstName' },
            // A need told instead of the name is kept; the name is asked again, then the intake goes on with it.
            // (Only where the script leads to the request intake at all.)
            ...(category
              ? { DRAFT_UPDATED: { guard: 'changesDraft', actions: 'applyPatch' }, REQUEST_CANCELLED: { target: 'idle', actions: 'startOver' } }
              : {}),
          },
        };
        next = 'greeting';
      } else if (step.purpose === 'categoryPrompt') {
        continue;
      } else {
        states[messageState(step.id)] = { description: `Says the script's step ${step.id}.`, entry: say(step.id), always: { target: next } };
        next = messageState(step.id);
      }
    }
    return next;
  };

  const initial = chain(before, category ? 'handOff' : STRANDED_STATE);
  const closingStart = chain(
    after.filter((s) => s.purpose !== 'askName'),
    'submitted',
  );
  if (!category) states[STRANDED_STATE] = { description: 'The script has no category step: the flow cannot go on.' };
  if (lateName) {
    // Built as the script says, but the request intake never comes back to it: unreachable.
    states.greeting = {
      description: 'Asks for the first name, placed after the category step.',
      entry: say(lateName.id),
      on: { FIRST_NAME_SUBMITTED: { guard: 'isFirstName', target: 'handOff', actions: 'rememberFirstName' } },
    };
  }
  const categoryEntry = category ? [say(category.id)] : [];

  return intakeSetup.createMachine({
    id: 'intake',
    initial,
    context: { firstName: null, draft: { ...EMPTY_DRAFT }, skipped: [], version: 0, requestId: null, requestStatus: null, said: [] },
    // A first name given later ('Ich heiße übrigens Marta') is taken wherever the conversation stands (a
    // script that never reaches the request intake keeps its dead end for the publish check to find).
    ...(category ? { on: { FIRST_NAME_SUBMITTED: { guard: 'isFirstName', actions: 'rememberFirstName' } } } : {}),
    states: {
      ...(states as {}),
      ...(category
        ? {
            handOff: {
              description: 'Transient: where the request intake begins; with a need already told, at its first missing field.',
              always: [{ guard: 'draftStarted', target: 'routing' }, { target: HAND_OFF_STATE }],
            },
          }
        : {}),
      idle: {
        description: 'The person left the request form; a need, a category or a new request starts it again.',
        on: {
          DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          CATEGORY_CHOSEN: { guard: 'isCategory', target: 'fillingForm', actions: 'setCategory' },
          NEW_REQUEST_STARTED: { target: 'choosingCategory', actions: 'startOver' },
        },
      },
      choosingCategory: {
        description: 'The assistant shows the category dropdown; the person may also describe the whole need.',
        entry: categoryEntry,
        on: {
          CATEGORY_CHOSEN: { guard: 'isCategory', target: 'fillingForm', actions: 'setCategory' },
          DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          REQUEST_CANCELLED: { target: 'idle', actions: 'startOver' },
        },
      },
      fillingForm: {
        description: "The chosen category's form is shown with its 'Übernehmen' button.",
        on: {
          FORM_SUBMITTED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          CATEGORY_CHOSEN: { guard: 'isCategory', target: 'fillingForm', reenter: true, actions: 'setCategory' },
          DRAFT_UPDATED: { guard: 'changesDraft', target: 'routing', actions: 'applyPatch' },
          REQUEST_CANCELLED: { target: 'idle', actions: 'startOver' },
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
          REQUEST_CANCELLED: { target: 'idle', actions: 'startOver' },
          STEP_BACK: { guard: 'canStepBack', target: 'routing', actions: 'stepBack' },
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
          REQUEST_CONFIRMED: { guard: 'confirmsCurrentDraft', target: closingStart, actions: 'rememberRequest' },
          REQUEST_CANCELLED: { target: 'idle', actions: 'startOver' },
          STEP_BACK: { guard: 'canStepBack', target: 'routing', actions: 'stepBack' },
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
}

/** The intake machine of the default script. */
export const intakeMachine = buildIntakeMachine();

export type IntakeState = 'greeting' | 'choosingCategory' | 'fillingForm' | `asking.${IntakeField}` | 'reviewing' | 'submitted' | 'idle';
