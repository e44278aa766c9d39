// Tools of the seeker intake (machines/intake.machine.ts). Each validates its input with zod, reads the
// person's words with the one extraction path (server/ai/nlu, also behind POST /api/intake/extract), and
// sends one machine event; the machine's guards decide. Every outcome carries the intake view
// (docs/domain/intake-contract.md) that the chat widgets render.
import { z } from 'zod';
import { EMPTY_DRAFT, INTAKE_FIELDS, SKIPPABLE_FIELDS, type DraftPatch, type RequestDraft } from '../../../machines/intake.machine.ts';
import { CATEGORY_IDS, categoryFromLabel, categoryLabel, checkFirstName, isCategoryId, isFormOutput, urgencyLabel } from '../../ai/nlu/index.ts';
import { isKnownFirstName, isKnownSurname } from '../../ai/nlu/names.ts';
import { restateDescription } from '../../ai/nlu/restate.ts';
import type { MessageInput } from '../../ai/offline/catalog.ts';
import { firstNameOf, nameInMessage, nameIsStated } from '../../ai/understanding/entities.ts';
import { personaName } from '../../ai/prompts.ts';
import { submitRequest } from '../../domain/requests/requests.ts';
import { getSessionFollowUpScript } from '../../domain/chat/chat-sessions.ts';
import { formatBudget } from '../../../core/money/format-money.ts';
import { translator, type Lang } from '../../i18n.ts';
import { sayText, stepsById } from '../../intake/follow-up-script.ts';
import { contextOf, intakeView } from '../../intake/intake-view.ts';
import type { ToolOutcome } from '../../../core/chat/outcome.ts';
import { defineChatTool, requestConfirmation, sendMachineEvent, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import { askedField, formatDate, MAX_TEXT, readMessage, readStructured, structuredFields, type Reading } from './intake-forms.ts';
import { isLabelOf } from './labels.ts';

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
  const script = await getSessionFollowUpScript(ctx.deps.db.prisma, ctx.sessionId, ctx.deps.logger);
  return sayText(stepsById(script, ids), ctx.lang, { name: contextOf(ctx.machine).firstName, persona: personaName(ctx.lang) });
}

// ---------------------------------------------------------------------------------------------------
// Sending events and describing the outcome.

/** The question the state asks, in words: the asked field's, the first name's, or none. */
export function questionText(lang: Lang, state: string, draft?: RequestDraft): string {
  const t = translator(lang);
  if (state === 'greeting') return t('chat:intake.question.name') as string;
  const field = askedField(state);
  if (field === 'location' && draft?.place) return t('chat:intake.question.locationPostcode', { place: draft.place }) as string;
  return field ? (t(`chat:intake.question.${field}`) as string) : '';
}

/** Sends a draft change and describes where it led: the next question, or the summary with its confirm button. */
async function updateDraft(ctx: ChatToolContext, type: 'DRAFT_UPDATED' | 'FORM_SUBMITTED', reading: Pick<Reading, 'patch' | 'open'>): Promise<ToolOutcome> {
  const before = contextOf(ctx.machine).draft;
  const outcome = await sendMachineEvent(ctx, { type, patch: restated(before, reading.patch, ctx.lang), open: reading.open });
  if (!outcome.accepted)
    return { ...outcome, data: intakeView(ctx.machine, ctx.lang, { question: questionText(ctx.lang, ctx.machine.state, contextOf(ctx.machine).draft) }) };
  return describeReached(ctx, outcome, acknowledge(before, contextOf(ctx.machine).draft, ctx.lang));
}

/**
 * A patch that changes the budget or the place of a described draft also says them anew in the description
 * ('budget 150 euros' → 'budget €200'), so that providers do not read the old figure beside the new one.
 */
function restated(before: RequestDraft, patch: DraftPatch, lang: Lang): DraftPatch {
  if (patch.description !== undefined || !before.description) return patch;
  const description = restateDescription(before.description, before, patch, lang);
  return description === before.description ? patch : { ...patch, description };
}

async function describeReached(ctx: ChatToolContext, outcome: ToolOutcome, ack: string): Promise<ToolOutcome> {
  const state = ctx.machine.state;
  const data = intakeView(ctx.machine, ctx.lang, { ack, question: questionText(ctx.lang, state, contextOf(ctx.machine).draft) });
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
    data: intakeView(ctx.machine, ctx.lang, { ...params, question: questionText(ctx.lang, ctx.machine.state, contextOf(ctx.machine).draft) }),
  };
}

// ---------------------------------------------------------------------------------------------------
// The tools.

const ASKING = INTAKE_FIELDS.map((f) => `asking.${f}`);
const SKIPPABLE_STATES = SKIPPABLE_FIELDS.map((f) => `asking.${f}`);
/** The states of the request form: a cancel leaves them. */
const FORM_STATES = ['greeting', 'choosingCategory', 'fillingForm', ...ASKING, 'reviewing'];

/** The request draft the chat passes to the offline model with the message. */
const draftOf = (m: MessageInput): RequestDraft => ({ ...EMPTY_DRAFT, ...((m.context?.draft as Partial<RequestDraft> | undefined) ?? {}) });

/** What a message gives the draft, read as readMessage does in the tool (empty when nothing). */
const patchOf = (m: MessageInput) => readMessage(m.text, { lang: m.lang, now: m.now, state: m.state ?? '', draft: draftOf(m) });

const words = (text: string) => (text.match(/\p{L}+/gu) ?? []).length;

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
  understand: { intents: ['affirm'] },
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
    description:
      "Record the person's first name: their answer to the name question ('Anna', 'Ich heiße Anna'), or a name they give later ('übrigens, ich heiße Marta').",
    input: z.object({
      name: z.string().trim().min(1).max(200).describe('The first name as the person wrote it'),
      need: z
        .string()
        .trim()
        .min(1)
        .max(MAX_TEXT)
        .optional()
        .describe("What the person needs, when they said it in the same message ('ich heiße Anna und brauche einen Maler')"),
      stated: z.boolean().optional().describe("true when the person said it is their name ('call me Jo', 'ich heiße Jo'), not just a word"),
    }),
    access: 'public',
    machine: 'intake',
    states: '*',
    understand: {
      intents: ['giveName'],
      // A name said as one ('Ich heiße Anna', 'Moin, Hauke hier', 'sag einfach Alex'); a bare word only as the
      // answer to the name question (later, 'Jana' alone is no renaming).
      slots: ({ text, state }) => {
        const name = nameInMessage(text);
        if (!name) return null;
        if (state !== 'greeting' && !firstNameOf(text).introduced && !/\s/.test(text.trim())) return null;
        return nameIsStated(text) ? { name, stated: true } : { name };
      },
      // The name question: 'Ich heiße Anna' is an answer whatever else it resembles; a name inside a sentence
      // ('Ich bin neu in Leipzig und brauche einen Zahnarzt', 'Moin, Hauke hier') only when the classifier
      // does not read the sentence as something else; a bare word only when it is no greeting or other intent
      // the classifier is sure of.
      answer: ({ text, state }) => {
        if (state !== 'greeting') return null;
        const { name: said, certain, rest } = firstNameOf(text);
        if (!said) return null;
        const found = nameInMessage(text);
        if (found) {
          // 'Ich heiße Anna und brauche einen Maler in Köln': the name, and the need kept for the next step.
          const need = (rest.match(/\p{L}+/gu) ?? []).length >= 3 ? { need: rest.slice(0, MAX_TEXT) } : {};
          const stated = nameIsStated(text) ? { stated: true } : {};
          if ((certain || isKnownFirstName(found)) && !/\s/.test(said)) return { input: { name: found, ...need, ...stated }, strength: 'explicit' };
          return { input: { name: found }, strength: isKnownFirstName(found) ? 'plain' : 'fallback' };
        }
        // Not a first name as it stands ('Anna Schmidt', 'Müller', 'R2D2'): a word or three are still meant as the
        // answer when nothing else fits (the tool says why it cannot take them); a sentence is read for its meaning.
        // A known first or last name in it ('Anna Schmidt', 'Müller') makes it an answer the tool explains.
        const words = said.split(/\s+/);
        if (words.length > 3) return null;
        const named = words.some((w) => isKnownFirstName(w) || isKnownSurname(w));
        return { input: { name: said }, strength: named ? 'plain' : 'fallback' };
      },
    },
    run: async (ctx, input) => {
      const { name, certain } = firstNameOf(input.name);
      const stated = input.stated === true || certain;
      const said = saidCount(ctx);
      if (ctx.machine.state !== 'greeting') {
        // A later name: remembered where the conversation stands, and the open question asked again.
        const check = checkFirstName(name, { stated });
        if (!check.ok) return { ...refuse(ctx, `NAME_${check.reason.toUpperCase()}`) };
        const outcome = await sendMachineEvent(ctx, { type: 'FIRST_NAME_SUBMITTED', name, stated });
        const question = questionText(ctx.lang, ctx.machine.state, contextOf(ctx.machine).draft);
        return { ...outcome, data: intakeView(ctx.machine, ctx.lang, { renamed: true, question }) };
      }
      const outcome = await sendMachineEvent(ctx, { type: 'FIRST_NAME_SUBMITTED', name, stated });
      if (!outcome.accepted) return { ...outcome, data: intakeView(ctx.machine, ctx.lang, { question: questionText(ctx.lang, 'greeting') }) };
      const text = await sayNew(ctx, said);
      const reached: string = ctx.machine.state;
      if (input.need && reached === 'choosingCategory') {
        // The need said with the name: read as if it came next ('Schön, dich kennenzulernen, Anna! Notiert: …').
        const before = contextOf(ctx.machine).draft;
        const reading = readMessage(input.need, { lang: ctx.lang, now: new Date(), state: reached, draft: before });
        if (Object.keys(reading.patch).length && !reading.pastDate) {
          const updated = await sendMachineEvent(ctx, { type: 'DRAFT_UPDATED', patch: reading.patch, open: reading.open });
          if (updated.accepted) return describeReached(ctx, updated, `${text ? `${text} ` : ''}${acknowledge(before, contextOf(ctx.machine).draft, ctx.lang)}`);
        }
      }
      if (reached !== 'choosingCategory' && reached !== 'greeting') {
        // A need was told before the name: the intake goes on with it (the next missing field or the summary).
        return describeReached(ctx, { ...outcome, ...(text ? { data: { say: text } } : {}) }, text ? `${text} ` : '');
      }
      return { ...outcome, data: intakeView(ctx.machine, ctx.lang, text ? { say: text } : {}) };
    },
  }),
  defineChatTool({
    name: 'chooseCategory',
    description: 'The person chose a category (from the dropdown or by naming it); the category form is shown next.',
    input: z.object({ category: z.enum(CATEGORY_IDS).describe('Category id') }),
    access: 'public',
    machine: 'intake',
    states: ['choosingCategory', 'fillingForm', 'asking.category', 'idle'],
    understand: {
      // The dropdown sends the category's label; a label typed alone is the same choice.
      exact: ({ text }) => {
        const category = categoryFromLabel(text.trim().replace(/[.!]+$/, ''));
        return category ? { category } : null;
      },
    },
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
      'The person described what they need in their own words. Pass the message text unchanged; the server extracts category, description, location, budget, urgency and date, and the next step asks only for what is missing.',
    input: z.object({ text: z.string().trim().min(1).max(MAX_TEXT).describe("The person's message, unchanged") }),
    access: 'public',
    machine: 'intake',
    states: ['greeting', 'choosingCategory', 'fillingForm', 'idle'],
    understand: {
      intents: ['need'],
      slots: ({ text }) => (isFormOutput(text) ? null : { text: text.trim().slice(0, MAX_TEXT) }),
      // Where the assistant has asked what the person needs, a message that gives the draft something is the
      // answer, unless it clearly asks for something else.
      answer: (m) => {
        if (m.state !== 'choosingCategory' && m.state !== 'fillingForm') return null;
        if (isFormOutput(m.text)) return null;
        const { patch } = patchOf(m);
        // Before a category is chosen, the answer names what is needed: an amount or a place alone ('send me
        // the 62 euros I've got') is no need. In the form, any field it fills is an answer.
        const answers =
          m.state === 'choosingCategory' ? !!patch.category : !!(patch.category || patch.postcode || patch.place || patch.budgetMax !== undefined);
        return answers ? { input: { text: m.text.trim().slice(0, MAX_TEXT) }, strength: 'plain' } : null;
      },
    },
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
    states: ['choosingCategory', 'fillingForm', ...ASKING, 'reviewing', 'idle'],
    understand: { exact: ({ text }) => (isFormOutput(text) ? { output: text.trim() } : null) },
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
      'The person answered the question asked or changed a field of the request ("doch lieber Montag", "nicht Köln, Bonn"). Pass their message as text (the server reads it for the asked field), and/or fields you are sure of.',
    input: z
      .object({ text: z.string().trim().min(1).max(MAX_TEXT).optional().describe("The person's answer, unchanged"), ...structuredFields })
      .refine((v) => Object.values(v).some((x) => x !== undefined), 'give the text or at least one field'),
    access: 'public',
    machine: 'intake',
    states: [...ASKING, 'reviewing'],
    understand: {
      intents: ['need'],
      slots: ({ text }) => ({ text: text.trim().slice(0, MAX_TEXT) }),
      // The answer to the asked field: explicit when it gives that field in a few words ('50667 Köln',
      // '300 €', 'nächsten Montag'); a description is any text, and a change in the summary a plain answer.
      answer: (m) => {
        if (isFormOutput(m.text)) return null;
        const field = askedField(m.state ?? '');
        const { patch, invalidPostcode, pastDate } = patchOf(m);
        const input = { text: m.text.trim().slice(0, MAX_TEXT) };
        const gives = Object.keys(patch).length > 0 || invalidPostcode !== null || pastDate !== null;
        if (field === 'description') return { input, strength: words(m.text) >= 2 ? 'plain' : 'fallback' };
        // Not readable as an answer: the question is asked again when nothing else fits.
        if (!gives) return { input, strength: 'fallback' };
        const keys: Record<string, string[]> = {
          category: ['category'],
          location: ['postcode', 'place'],
          budget: ['budgetMin', 'budgetMax'],
          urgency: ['urgency'],
          date: ['date'],
        };
        const asked = field
          ? (keys[field] ?? []).some((k) => k in patch) || (field === 'location' && invalidPostcode !== null) || (field === 'date' && pastDate !== null)
          : false;
        // A new value for a field already filled ('nein, nicht Köln, 53111 Bonn', 'doch lieber Montag') is a
        // correction of the form, whatever 'nein' or 'doch' resemble.
        const draft = draftOf(m);
        const corrects = (['postcode', 'place', 'budgetMin', 'budgetMax', 'urgency', 'date', 'category'] as const).some(
          (k) => patch[k] !== undefined && patch[k] !== null && draft[k] !== null && patch[k] !== draft[k],
        );
        return { input, strength: (asked && words(m.text) <= 6) || (corrects && words(m.text) <= 12) ? 'explicit' : 'plain' };
      },
    },
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
    understand: {
      intents: ['skip'],
      exact: ({ text }) => (isLabelOf(text, ['intake:answers.skip', 'intake:answers.noDate', 'intake:answers.budgetOpen']) ? {} : null),
    },
    run: async (ctx) => {
      const outcome = await sendMachineEvent(ctx, { type: 'QUESTION_SKIPPED' });
      if (!outcome.accepted) return refuse(ctx, outcome.reason ?? 'NOT_POSSIBLE_NOW');
      return describeReached(ctx, outcome, '');
    },
  }),
  defineChatTool({
    name: 'stepBack',
    description: "The person wants to go back to the previous question of the request ('zurück', 'go back'): it is asked again.",
    input: z.object({}),
    access: 'public',
    machine: 'intake',
    states: [...ASKING, 'reviewing'],
    understand: { intents: ['back'] },
    run: async (ctx) => {
      const outcome = await sendMachineEvent(ctx, { type: 'STEP_BACK' });
      if (!outcome.accepted) return refuse(ctx, 'NOTHING_TO_GO_BACK_TO');
      return describeReached(ctx, outcome, '');
    },
  }),
  defineChatTool({
    name: 'cancelRequestDraft',
    description:
      "The person does not want to post this request (any more): 'abbrechen', 'ich will keine Anfrage stellen', 'stop'. The draft is dropped; nothing was sent to anyone.",
    input: z.object({}),
    access: 'public',
    machine: 'intake',
    states: FORM_STATES,
    understand: { intents: ['cancel'] },
    run: async (ctx) => {
      const hadDraft = Object.values(contextOf(ctx.machine).draft).some((v) => v !== null);
      const outcome = await sendMachineEvent(ctx, { type: 'REQUEST_CANCELLED' });
      if (!outcome.accepted) return refuse(ctx, 'NOT_POSSIBLE_NOW');
      return { ...outcome, data: { ...intakeView(ctx.machine, ctx.lang), hadDraft } };
    },
  }),
  confirmRequestTool,
  defineChatTool({
    name: 'startNewRequest',
    description: 'The person wants to post another request (the first name is kept); what they already said about it is taken into the new draft.',
    input: z.object({ text: z.string().trim().max(MAX_TEXT).optional().describe("The person's message, unchanged") }),
    access: 'public',
    machine: 'intake',
    states: ['submitted'],
    understand: {
      intents: ['need'],
      slots: ({ text }) => ({ text: text.trim().slice(0, MAX_TEXT) }),
      exact: ({ text }) => (isLabelOf(text, ['intake:answers.newRequest']) ? {} : null),
    },
    run: async (ctx, input) => {
      const said = saidCount(ctx);
      const outcome = await sendMachineEvent(ctx, { type: 'NEW_REQUEST_STARTED' });
      const text = await sayNew(ctx, said);
      if (outcome.accepted && input.text) {
        // The need told with it goes into the new draft at once ('Ich brauche noch einen Maler in Bonn').
        const reading = readMessage(input.text, { lang: ctx.lang, now: new Date(), state: ctx.machine.state, draft: contextOf(ctx.machine).draft });
        if (Object.keys(reading.patch).length && !reading.pastDate) return updateDraft(ctx, 'DRAFT_UPDATED', reading);
      }
      return { ...outcome, data: intakeView(ctx.machine, ctx.lang, text ? { say: text } : {}) };
    },
  }),
];
