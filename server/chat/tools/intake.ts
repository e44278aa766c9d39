// Tools of the seeker intake (machines/intake.machine.ts). Each validates its input with zod, reads the
// person's words with the one extraction path (server/ai/nlu, also behind POST /api/intake/extract), and
// sends one machine event; the machine's guards decide. Every outcome carries the intake view
// (docs/domain/intake-contract.md) that the chat widgets render.
import { z } from 'zod';
import {
  EMPTY_DRAFT,
  INTAKE_FIELDS,
  SKIPPABLE_FIELDS,
  URGENCIES,
  type DraftPatch,
  type IntakeContext,
  type IntakeField,
  type RequestDraft,
  type SkippableField,
} from '../../../machines/intake.machine.ts';
import {
  CATEGORY_IDS,
  categoryFromLabel,
  categoryLabel,
  extractLocation,
  extractRequest,
  isCategoryId,
  isFormOutput,
  parseFormOutput,
  todayIso,
  urgencyLabel,
  type ExtractedRequest,
} from '../../ai/nlu/index.ts';
import { matchesAny, normalize, type IntentInput } from '../../ai/offline/intents.ts';
import { personaName } from '../../ai/prompts.ts';
import { teaserDescription } from '../../domain/requests/request-views.ts';
import { submitRequest } from '../../domain/requests/requests.ts';
import { formatBudget } from '../../domain/money/format-money.ts';
import { translator, type Lang } from '../../i18n.ts';
import { sayText, sessionFollowUpScript, stepsById } from '../../intake/follow-up-script.ts';
import type { MachineRun } from '../../machines/runtime.ts';
import type { ToolOutcome } from './outcome.ts';
import { defineChatTool, requestConfirmation, sendMachineEvent, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const MAX_TEXT = 2000;
const MAX_BUDGET = 10_000_000;

// ---------------------------------------------------------------------------------------------------
// The intake view: what the widgets render and the replies are phrased from.

type ViewData = NonNullable<ToolOutcome['data']>;

function contextOf(machine: MachineRun): IntakeContext {
  const c = machine.context as Partial<IntakeContext>;
  return {
    firstName: c.firstName ?? null,
    draft: { ...EMPTY_DRAFT, ...(c.draft ?? {}) },
    skipped: c.skipped ?? [],
    version: c.version ?? 0,
    requestId: c.requestId ?? null,
    requestStatus: c.requestStatus ?? null,
    said: Array.isArray(c.said) ? c.said : [],
  };
}

export function intakeView(machine: MachineRun, lang: Lang, extra: ViewData = {}): ViewData {
  const c = contextOf(machine);
  return {
    firstName: c.firstName,
    category: c.draft.category,
    description: c.draft.description,
    postcode: c.draft.postcode,
    place: c.draft.place,
    budgetMin: c.draft.budgetMin,
    budgetMax: c.draft.budgetMax,
    budgetOpen: c.skipped.includes('budget'),
    urgency: c.draft.urgency,
    date: c.draft.date,
    version: c.version,
    // The description as providers will see it before unlocking (the same function as their teaser).
    teaser: c.draft.description ? teaserDescription(c.draft.description, lang) : null,
    ...(c.requestId ? { requestId: c.requestId, requestStatus: c.requestStatus } : {}),
    ...extra,
  };
}

function formatDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y!, m! - 1, d!),
  );
}

/** 'Notiert: Handwerk · 50667 Köln · 300 € – 500 €. ' for the fields this step set (empty when none). */
function acknowledge(before: RequestDraft, after: RequestDraft, lang: Lang): string {
  const t = translator(lang);
  const bits: string[] = [];
  if (after.category && after.category !== before.category && isCategoryId(after.category)) bits.push(categoryLabel(after.category, lang));
  if ((after.postcode !== before.postcode || after.place !== before.place) && (after.postcode || after.place))
    bits.push([after.postcode, after.place].filter(Boolean).join(' '));
  if (after.budgetMin !== before.budgetMin || after.budgetMax !== before.budgetMax) {
    const b = formatBudget(after.budgetMin, after.budgetMax, lang);
    if (b) bits.push(b);
  }
  if (after.urgency && after.urgency !== before.urgency) bits.push(urgencyLabel(after.urgency, lang));
  if (after.date && after.date !== before.date) bits.push(formatDate(after.date, lang));
  return bits.length ? `${t('chat:intake.ack', { facts: bits.join(' · ') }) as string} ` : '';
}

/** How many steps of the follow-up script the machine has said so far (before an event). */
const saidCount = (ctx: ChatToolContext) => contextOf(ctx.machine).said.length;

/** The words of the script steps the machine said since `from` (after an event), from the session's own script. */
async function sayNew(ctx: ChatToolContext, from: number): Promise<string | null> {
  const ids = contextOf(ctx.machine).said.slice(from);
  if (!ids.length) return null;
  const session = await ctx.deps.db.prisma.chatSession.findUnique({ where: { id: ctx.sessionId }, select: { followUpScript: true } });
  const script = await sessionFollowUpScript(ctx.deps.db.prisma, session, ctx.deps.logger);
  return sayText(stepsById(script, ids), ctx.lang, { name: contextOf(ctx.machine).firstName, persona: personaName(ctx.lang) });
}

// ---------------------------------------------------------------------------------------------------
// Reading the person's words into a draft patch.

function askedField(state: string): IntakeField | null {
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
    found.postcode = r.postcode;
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
const structuredFields = {
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

type Structured = { [K in keyof typeof structuredFields]?: z.infer<(typeof structuredFields)[K]> };

function readStructured(input: Structured, lang: Lang, now: Date): { patch: DraftPatch; reason?: string; params?: Record<string, string> } {
  const patch: DraftPatch = {};
  if (input.category) patch.category = input.category;
  if (input.description) patch.description = input.description;
  if (input.postcode || input.place) {
    const loc = extractLocation([input.postcode, input.place].filter(Boolean).join(' '), { lang, category: null, expectPlace: true });
    if (!loc.postcode && !loc.place)
      return { patch, reason: input.postcode ? 'UNKNOWN_POSTCODE' : 'UNKNOWN_PLACE', params: { postcode: input.postcode ?? '', place: input.place ?? '' } };
    patch.postcode = loc.postcode;
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

// ---------------------------------------------------------------------------------------------------
// Sending events and describing the outcome.

function questionText(lang: Lang, state: string): string {
  const field = askedField(state);
  return field ? (translator(lang)(`chat:intake.question.${field}`) as string) : '';
}

/** Sends a draft change and describes where it led: the next question, or the summary with its confirm button. */
async function updateDraft(ctx: ChatToolContext, type: 'DRAFT_UPDATED' | 'FORM_SUBMITTED', reading: Pick<Reading, 'patch' | 'open'>): Promise<ToolOutcome> {
  const before = contextOf(ctx.machine).draft;
  const outcome = await sendMachineEvent(ctx, { type, patch: reading.patch, open: reading.open });
  if (!outcome.accepted) return { ...outcome, data: intakeView(ctx.machine, ctx.lang, { question: questionText(ctx.lang, ctx.machine.state) }) };
  return describeReached(ctx, outcome, acknowledge(before, contextOf(ctx.machine).draft, ctx.lang));
}

async function describeReached(ctx: ChatToolContext, outcome: ToolOutcome, ack: string): Promise<ToolOutcome> {
  const state = ctx.machine.state;
  const data = intakeView(ctx.machine, ctx.lang, { ack, question: questionText(ctx.lang, state) });
  if (state === 'reviewing') {
    // The summary card's confirm button: a pending confirmation only the person's click can run.
    const version = contextOf(ctx.machine).version;
    const pending = await requestConfirmation(ctx, confirmRequestTool, { version });
    return { ...outcome, data, confirmation: pending.confirmation };
  }
  return { ...outcome, data };
}

function refuse(ctx: ChatToolContext, reason: string, params: Record<string, string> = {}): ToolOutcome {
  return {
    accepted: false,
    reason,
    state: ctx.machine.state,
    data: intakeView(ctx.machine, ctx.lang, { ...params, question: questionText(ctx.lang, ctx.machine.state) }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Offline detectors: how the rules model recognises each tool's message.

const INTRO = [
  /^(?:hallo|hi|hey|moin|servus)?[\s,!.]*(?:ich hei(?:ss|ß)e|ich bin(?: die| der)?|mein (?:vor)?name (?:ist|lautet)|nenn(?:t)? mich)\s+/i,
  /^(?:hello|hi|hey)?[\s,!.]*(?:my (?:first )?name is|i am|i'm|im|call me|it's|this is)\s+/i,
];

/** 'Ich heiße Anna.' → 'Anna': an introduction around the name is not part of it. */
export function nameFromAnswer(text: string): string {
  let name = text.trim();
  for (const re of INTRO) name = name.replace(re, '');
  return name.replace(/[.!]+$/, '').trim();
}

function isLabelOf(text: string, keys: readonly string[]): boolean {
  const n = normalize(text).replace(/[.!?]+$/, '');
  return (['de', 'en'] as const).some((lng) => keys.some((key) => normalize(translator(lng)(key, { defaultValue: '' }) as string) === n));
}

const SKIP = [
  /^(ueberspringen|ueberspring|skip|weiter|egal|keine ahnung|weiss (ich )?nicht|weiss nicht|unklar|noch offen|offen|flexibel|nicht wichtig|kein(en)? (feste[nr]? |bestimmte[nr]? )?(termin|datum)|kein budget|budget offen|no idea|(i )?(do not|don't|dont) know|not sure|no fixed date|no date|any time|anytime|whenever|open|flexible|budget open|no budget|doesn'?t matter|does not matter)[.!]*$/,
];
const CONFIRM = [
  /^(ja|jo|jap|jawohl|passt|stimmt|genau|korrekt|richtig|ok|okay|alles (gut|richtig|korrekt)|yes|yeah|yep|correct|looks good|that'?s right|perfect|perfekt)\b/,
  /\b(absenden|abschicken|bestaetigen|bestaetige|senden|submit|confirm|send it|post it)\b/,
];
const NEW_REQUEST = [/\b(neue|weitere|noch eine|zweite) anfrage\b/, /\b(new|another|second) request\b/, /\bnochmal\b.*\banfrage\b/];

function detectCategory({ text }: IntentInput) {
  const category = categoryFromLabel(text.trim().replace(/[.!]+$/, ''));
  return category ? { category } : null;
}

function detectText({ text }: IntentInput) {
  if (isFormOutput(text)) return null;
  return text.trim() ? { text: text.trim().slice(0, MAX_TEXT) } : null;
}

// ---------------------------------------------------------------------------------------------------
// The tools.

const ASKING = INTAKE_FIELDS.map((f) => `asking.${f}`);
const SKIPPABLE_STATES = SKIPPABLE_FIELDS.map((f) => `asking.${f}`);

export const confirmRequestTool = defineChatTool({
  name: 'confirmRequest',
  description:
    'Store the request shown in the summary. This only proposes it: the person must press the confirm button on the summary card. Call it when the person says the summary is correct.',
  input: z.object({ version: z.number().int().nonnegative().optional().describe('The draft version shown in the summary') }),
  access: 'public',
  machine: 'intake',
  states: ['reviewing'],
  requiresConfirmation: true,
  // The confirmation pins the version the person sees; a later edit makes it stale.
  pinInput: (ctx, input) => ({ version: input.version ?? contextOf(ctx.machine).version }),
  confirmSummary: () => ({ key: 'confirm.summary.request' }),
  confirmData: (ctx) => intakeView(ctx.machine, ctx.lang),
  offline: { priority: 50, detect: ({ text }) => (matchesAny(normalize(text), CONFIRM) ? {} : null) },
  run: async (ctx, input) => {
    const c = contextOf(ctx.machine);
    if (input.version !== undefined && input.version !== c.version) return refuse(ctx, 'DRAFT_CHANGED');
    const probe = { type: 'REQUEST_CONFIRMED', version: c.version, requestId: 'probe', requestStatus: 'draft' as const };
    if (!ctx.machine.can(probe)) return refuse(ctx, 'NOT_POSSIBLE_NOW');
    const stored = await submitRequest(ctx.deps, ctx.auth, {
      draft: c.draft,
      firstName: c.firstName,
      sessionId: ctx.sessionId,
      lang: ctx.lang,
      sourceKey: ctx.confirmationId ?? `${ctx.sessionId}:${c.version}`,
    });
    const said = saidCount(ctx);
    const outcome = await sendMachineEvent(ctx, { type: 'REQUEST_CONFIRMED', version: c.version, requestId: stored.id, requestStatus: stored.status });
    const t = translator(ctx.lang);
    // The closing of the script invites to register; a verified seeker's request is published at once instead.
    const closing = stored.status === 'draft' ? ((await sayNew(ctx, said)) ?? '') : '';
    const status = t(`chat:intake.submitted.${stored.status}`) as string;
    return {
      ...outcome,
      // The closing already says what happens next for a draft; the card adds the status line.
      data: intakeView(ctx.machine, ctx.lang, {
        say: closing || status,
        requestId: stored.id,
        requestStatus: stored.status,
        needsRegistration: stored.status === 'draft',
      }),
    };
  },
});

export const intakeTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'submitFirstName',
    description: "Record the person's first name. The first message after the greeting is taken as the first name (one word).",
    input: z.object({ name: z.string().trim().min(1).max(200).describe('The first name as the person wrote it') }),
    access: 'public',
    machine: 'intake',
    states: ['greeting'],
    offline: { priority: 10, detect: ({ text }) => (text.trim() ? { name: text.trim() } : null) },
    run: async (ctx, input) => {
      const name = nameFromAnswer(input.name);
      const said = saidCount(ctx);
      const outcome = await sendMachineEvent(ctx, { type: 'FIRST_NAME_SUBMITTED', name });
      if (!outcome.accepted) return { ...outcome, data: intakeView(ctx.machine, ctx.lang) };
      const text = await sayNew(ctx, said);
      return { ...outcome, data: intakeView(ctx.machine, ctx.lang, text ? { say: text } : {}) };
    },
  }),
  defineChatTool({
    name: 'chooseCategory',
    description: 'The person chose a category (from the dropdown or by naming it); the category form is shown next.',
    input: z.object({ category: z.enum(CATEGORY_IDS).describe('Category id') }),
    access: 'public',
    machine: 'intake',
    states: ['choosingCategory', 'fillingForm', 'asking.category'],
    offline: { priority: 60, detect: detectCategory },
    run: async (ctx, input) => {
      const before = contextOf(ctx.machine).draft;
      const outcome = await sendMachineEvent(ctx, { type: 'CATEGORY_CHOSEN', category: input.category });
      if (!outcome.accepted) return refuse(ctx, outcome.reason ?? 'NOT_POSSIBLE_NOW');
      const label = categoryLabel(input.category, ctx.lang);
      if (ctx.machine.state === 'fillingForm') return { ...outcome, data: intakeView(ctx.machine, ctx.lang, { categoryLabel: label }) };
      return describeReached(ctx, outcome, acknowledge(before, contextOf(ctx.machine).draft, ctx.lang));
    },
  }),
  defineChatTool({
    name: 'describeRequest',
    description:
      'The person described the whole need in their own words. Pass the message text unchanged; the server extracts category, description, location, budget, urgency and date, and the next step asks only for what is missing.',
    input: z.object({ text: z.string().trim().min(1).max(MAX_TEXT).describe("The person's message, unchanged") }),
    access: 'public',
    machine: 'intake',
    states: ['choosingCategory', 'fillingForm'],
    offline: { priority: 20, detect: detectText },
    run: async (ctx, input) => {
      const reading = readMessage(input.text, { lang: ctx.lang, now: new Date(), state: ctx.machine.state, draft: contextOf(ctx.machine).draft });
      if (reading.pastDate) return refuse(ctx, 'DATE_IN_PAST', { date: formatDate(reading.pastDate, ctx.lang) });
      if (!Object.keys(reading.patch).length)
        return refuse(ctx, reading.invalidPostcode ? 'UNKNOWN_POSTCODE' : 'NEED_NOT_UNDERSTOOD', { postcode: reading.invalidPostcode ?? '' });
      return updateDraft(ctx, 'DRAFT_UPDATED', reading);
    },
  }),
  defineChatTool({
    name: 'submitCategoryForm',
    description:
      "The person pressed 'Übernehmen' on a category form or saved the summary card: one string of 'Label: value;' pairs starting with 'Kategorie:'. Pass it unchanged.",
    input: z.object({ output: z.string().trim().min(1).max(4000).describe("The form's 'Label: value;' string, unchanged") }),
    access: 'public',
    machine: 'intake',
    states: ['choosingCategory', 'fillingForm', ...ASKING, 'reviewing'],
    offline: { priority: 70, detect: ({ text }) => (isFormOutput(text) ? { output: text.trim() } : null) },
    run: async (ctx, input) => {
      if (!isFormOutput(input.output)) return refuse(ctx, 'INVALID_FORM');
      const reading = readMessage(input.output, { lang: ctx.lang, now: new Date(), state: ctx.machine.state, draft: contextOf(ctx.machine).draft });
      if (reading.pastDate) return refuse(ctx, 'DATE_IN_PAST', { date: formatDate(reading.pastDate, ctx.lang) });
      if (reading.invalidPostcode) return refuse(ctx, 'UNKNOWN_POSTCODE', { postcode: reading.invalidPostcode });
      return updateDraft(ctx, 'FORM_SUBMITTED', reading);
    },
  }),
  defineChatTool({
    name: 'updateRequestDraft',
    description:
      'The person answered the question asked or changed a field of the request. Pass their message as text (the server reads it for the asked field), and/or fields you are sure of.',
    input: z
      .object({ text: z.string().trim().min(1).max(MAX_TEXT).optional().describe("The person's answer, unchanged"), ...structuredFields })
      .refine((v) => Object.values(v).some((x) => x !== undefined), 'give the text or at least one field'),
    access: 'public',
    machine: 'intake',
    states: [...ASKING, 'reviewing'],
    offline: { priority: 20, detect: detectText },
    run: async (ctx, input) => {
      const now = new Date();
      const { text, ...fields } = input;
      const structured = readStructured(fields, ctx.lang, now);
      if (structured.reason) return refuse(ctx, structured.reason, structured.params);
      const reading = text
        ? readMessage(text, { lang: ctx.lang, now, state: ctx.machine.state, draft: contextOf(ctx.machine).draft })
        : { patch: {}, open: [], invalidPostcode: null, pastDate: null };
      if (reading.pastDate) return refuse(ctx, 'DATE_IN_PAST', { date: formatDate(reading.pastDate, ctx.lang) });
      const patch = { ...reading.patch, ...structured.patch };
      if (!Object.keys(patch).length) {
        if (reading.invalidPostcode) return refuse(ctx, 'UNKNOWN_POSTCODE', { postcode: reading.invalidPostcode });
        return refuse(ctx, 'ANSWER_NOT_UNDERSTOOD');
      }
      return updateDraft(ctx, 'DRAFT_UPDATED', { patch, open: reading.open });
    },
  }),
  defineChatTool({
    name: 'skipQuestion',
    description: 'The person leaves the asked optional field open (budget, urgency or date), e.g. "keine Ahnung", "egal", "no fixed date".',
    input: z.object({}),
    access: 'public',
    machine: 'intake',
    states: SKIPPABLE_STATES,
    offline: {
      priority: 55,
      detect: ({ text }) =>
        isLabelOf(text, ['intake:answers.skip', 'intake:answers.noDate', 'intake:answers.budgetOpen']) || matchesAny(normalize(text), SKIP) ? {} : null,
    },
    run: async (ctx) => {
      const outcome = await sendMachineEvent(ctx, { type: 'QUESTION_SKIPPED' });
      if (!outcome.accepted) return refuse(ctx, outcome.reason ?? 'NOT_POSSIBLE_NOW');
      return describeReached(ctx, outcome, '');
    },
  }),
  confirmRequestTool,
  defineChatTool({
    name: 'startNewRequest',
    description: 'The person wants to post another request (the first name is kept).',
    input: z.object({}),
    access: 'public',
    machine: 'intake',
    states: ['submitted'],
    offline: { priority: 40, detect: ({ text }) => (isLabelOf(text, ['intake:answers.newRequest']) || matchesAny(normalize(text), NEW_REQUEST) ? {} : null) },
    run: async (ctx) => {
      const said = saidCount(ctx);
      const outcome = await sendMachineEvent(ctx, { type: 'NEW_REQUEST_STARTED' });
      const text = await sayNew(ctx, said);
      return { ...outcome, data: intakeView(ctx.machine, ctx.lang, text ? { say: text } : {}) };
    },
  }),
];
