// Admin tools for the follow-up script: show it, change the draft (hide, show, add, move a step) and publish
// it. Every change is proposed as a before/after card and runs only on the admin's confirmation, through the
// same domain commands as the editor (server/domain/follow-up).
import { z } from 'zod';
import { quotedOf, stepNumbersOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { translator, type Lang } from '../../i18n.ts';
import { personaName } from '../../ai/prompts.ts';
import { MAX_STEP_TEXT, MAX_STEPS, stepText, type FollowUpScript, type FollowUpStep } from '../../../machines/follow-up-script.ts';
import { applyFollowUpEdit, editFollowUpDraft, type FollowUpEdit } from '../../domain/follow-up/edit-follow-up-draft.ts';
import { getFollowUpEditor } from '../../domain/follow-up/get-follow-up-editor.ts';
import { publishFollowUpScript, refuseBroken } from '../../domain/follow-up/publish-follow-up-script.ts';
import { checkFollowUpScript } from '../../domain/follow-up/check-follow-up-script.ts';
import { findDraft, workingScript } from '../../domain/follow-up/follow-up-versions.ts';
import { loadFollowUpScript } from '../../intake/follow-up-script.ts';
import { AppError } from '../../../core/errors.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { attempt, refusalOf } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
const stepNumber = z.number().int().min(1).max(MAX_STEPS);

function words(step: FollowUpStep, lang: Lang): string {
  return stepText(step, lang, { name: '{name}', persona: personaName(lang) });
}

function stepLabel(step: FollowUpStep, lang: Lang): string {
  const t = translator(lang);
  return `${t(`chat:adminFollowUp.type.${step.type}`)} · ${t(step.active ? 'chat:adminFollowUp.shown' : 'chat:adminFollowUp.hidden')} · ${words(step, lang)}`;
}

/** The script as lines 'Step n: Text · sichtbar · words'. */
function listing(script: FollowUpScript, lang: Lang): string {
  const t = translator(lang);
  return script.steps.map((s, i) => `${t('chat:adminFollowUp.step', { n: i + 1 })}: ${stepLabel(s, lang)}`).join('\n');
}

/**
 * The before/after card of a change of the script: a row per step added, removed, shown or hidden, or with
 * other words (matched by id), and one row for the order when it changed.
 */
function changeOf(before: FollowUpScript, after: FollowUpScript, lang: Lang, subjectKey = 'chat:adminFollowUp.subjectDraft'): ChangeView {
  const t = translator(lang);
  const rows: ChangeView['rows'] = [];
  const step = (n: number) => t('chat:adminFollowUp.step', { n }) as string;
  const old = new Map(before.steps.map((s, i) => [s.id, { s, i }]));
  const kept = new Set(after.steps.map((s) => s.id));
  after.steps.forEach((a, i) => {
    const b = old.get(a.id);
    if (!b) rows.push({ label: step(i + 1), before: null, after: stepLabel(a, lang) });
    else if (b.s.active !== a.active || b.s.content.de !== a.content.de || b.s.content.en !== a.content.en || b.s.type !== a.type)
      rows.push({ label: step(i + 1), before: stepLabel(b.s, lang), after: stepLabel(a, lang) });
  });
  before.steps.forEach((b, i) => {
    if (!kept.has(b.id)) rows.push({ label: step(i + 1), before: stepLabel(b, lang), after: null });
  });
  const order = (s: FollowUpScript, ids: Set<string>) => s.steps.filter((x) => ids.has(x.id));
  const common = new Set(before.steps.filter((s) => kept.has(s.id)).map((s) => s.id));
  const was = order(before, common);
  const is = order(after, common);
  if (was.some((s, i) => s.id !== is[i]!.id)) {
    const numbers = (list: FollowUpStep[]) => list.map((s) => before.steps.findIndex((x) => x.id === s.id) + 1).join(' · ');
    rows.push({ label: t('chat:adminFollowUp.order') as string, before: numbers(was), after: numbers(is) });
  }
  return { subject: t(subjectKey) as string, rows };
}

async function editCard(ctx: ChatToolContext, edit: FollowUpEdit) {
  const before = await workingScript(ctx.deps.db.prisma);
  return { change: changeOf(before, applyFollowUpEdit(before, edit), ctx.lang) };
}

function editTool(name: 'hideFollowUpStep' | 'showFollowUpStep', op: 'hide' | 'show', description: string): AnyChatToolDef {
  return defineChatTool({
    name,
    description,
    input: z.object({ step: stepNumber.describe('The step number as listed (Step 1 is the first)') }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) => refusalOf(ctx, async () => void applyFollowUpEdit(await workingScript(ctx.deps.db.prisma), { op, step: input.step })),
    confirmData: (ctx, input) => editCard(ctx, { op, step: input.step }),
    confirmSummary: (input) => ({ key: `confirm.summary.${name}`, params: { step: input.step } }),
    understand: {
      intents: [name],
      slots: ({ text }) => {
        const { step } = stepNumbersOf(text);
        return step ? { step } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const saved = await editFollowUpDraft(ctx.deps.db.prisma, { actorId: ctx.auth.user.id, edit: { op, step: input.step }, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { step: input.step, draft: saved.number } };
      }),
  });
}

/**
 * The words of a new step: what follows the colon (or stands in quotes), German and English parted by ' / ',
 * '|' or 'EN:'. A text in one language only gives that one; the other stays empty and the tool asks for it.
 */
function addedTexts(text: string): { de?: string; en?: string } | null {
  const raw = quotedOf(text);
  if (!raw) return null;
  const [first, second] = raw.split(/\s+(?:\/|\||en:)\s+|\s*\bEN:\s*/i).map((s) => s.trim().replace(/^["„“]|["“”]$/g, ''));
  if (!first) return null;
  if (second) return { de: first.slice(0, MAX_STEP_TEXT), en: second.slice(0, MAX_STEP_TEXT) };
  // One text: German unless it reads as English.
  const english =
    /\b(the|you|your|we|our|and|is|are|hello|welcome|thanks)\b/i.test(first) && !/\b(der|die|das|du|dein|wir|und|ist|hallo|willkommen|danke)\b/i.test(first);
  return english ? { en: first.slice(0, MAX_STEP_TEXT) } : { de: first.slice(0, MAX_STEP_TEXT) };
}

/** Where a new step goes: 'nach Schritt 3' → 4, 'vor Schritt 2' → 2, 'an Position 1' → 1. */
function positionOf(text: string): number | undefined {
  const head = text.split(/[:"„“]/)[0]!;
  const n = stepNumbersOf(head);
  if (n.after !== undefined) return n.after + 1;
  if (n.before !== undefined) return n.before;
  return n.to ?? undefined;
}

export const adminFollowUpTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showFollowUpScript',
    description:
      'Shows the follow-up script (the seeker greeting): the draft if there is one, otherwise the script new chats use, step by step, with the check result (admins only).',
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['showFollowUpScript'] },
    run: async (ctx) => {
      const view = await getFollowUpEditor(ctx.deps.db.prisma);
      const t = translator(ctx.lang);
      const head = view.draft
        ? t('chat:adminFollowUp.headDraft', { number: view.draft.number, count: view.script.steps.length })
        : t('chat:adminFollowUp.headLive', { count: view.script.steps.length, version: view.live.number ?? t('chat:adminFollowUp.default') });
      const check = view.check.ok ? t('chat:adminFollowUp.checkOk') : t('chat:adminFollowUp.checkFailed', { count: view.check.problems.length });
      return {
        accepted: true,
        state: ctx.machine.state,
        data: { say: `${head}\n${listing(view.script, ctx.lang)}\n${check}`, steps: view.script.steps.length, draft: view.draft?.number ?? null },
      };
    },
  }),
  editTool('hideFollowUpStep', 'hide', 'Hides one step of the follow-up script in the draft (publish to use it). Only proposes it: the admin confirms.'),
  editTool('showFollowUpStep', 'show', 'Shows a hidden step of the follow-up script again, in the draft. Only proposes it: the admin confirms.'),
  defineChatTool({
    name: 'addFollowUpStep',
    description:
      'Adds a message step (text, or voice read aloud) to the follow-up script draft, in German and English; by default before the first-name question. Only proposes it: the admin confirms.',
    input: z.object({
      de: z.string().trim().min(1).max(MAX_STEP_TEXT).optional().describe('The German words'),
      en: z.string().trim().min(1).max(MAX_STEP_TEXT).optional().describe('The English words'),
      type: z.enum(['text', 'voice']).default('text'),
      at: stepNumber.optional().describe('The position in the list (1 = first); default: before the first-name question'),
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      // A step speaks to German and English visitors alike: both words are needed, never one copied into the other.
      if (!input.de || !input.en)
        return {
          accepted: false,
          reason: 'FOLLOW_UP_TEXT_MISSING',
          state: ctx.machine.state,
          data: { missing: input.de ? 'en' : 'de', given: input.de ?? input.en ?? '' },
        };
      return refusalOf(ctx, async () => void applyFollowUpEdit(await workingScript(ctx.deps.db.prisma), { op: 'add', ...input, de: input.de!, en: input.en! }));
    },
    confirmData: (ctx, input) => editCard(ctx, { op: 'add', ...input, de: input.de ?? '', en: input.en ?? '' }),
    confirmSummary: (input) => ({ key: 'confirm.summary.addFollowUpStep', params: { de: input.de ?? '', en: input.en ?? '' } }),
    understand: {
      intents: ['addFollowUpStep'],
      slots: ({ text }) => {
        const at = positionOf(text);
        const voice = /\b(sprach\w*|voice|audio|vorles\w*|read aloud)\b/.test(foldText(text.split(/[:"„“]/)[0]!, 'de'));
        return { ...(addedTexts(text) ?? {}), type: voice ? 'voice' : 'text', ...(at !== undefined ? { at } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        if (!input.de || !input.en) return { accepted: false, reason: 'FOLLOW_UP_TEXT_MISSING', state: ctx.machine.state };
        const saved = await editFollowUpDraft(ctx.deps.db.prisma, {
          actorId: ctx.auth.user.id,
          edit: { op: 'add', ...input, de: input.de, en: input.en },
          via: 'chat',
        });
        return { accepted: true, state: ctx.machine.state, data: { draft: saved.number, steps: saved.script.steps.length } };
      }),
  }),
  defineChatTool({
    name: 'moveFollowUpStep',
    description: 'Moves one step of the follow-up script draft to another position. Only proposes it: the admin confirms.',
    input: z.object({ step: stepNumber.describe('The step number as listed'), to: stepNumber.describe('Its new position (1 = first)') }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) => refusalOf(ctx, async () => void applyFollowUpEdit(await workingScript(ctx.deps.db.prisma), { op: 'move', ...input })),
    confirmData: (ctx, input) => editCard(ctx, { op: 'move', ...input }),
    confirmSummary: (input) => ({ key: 'confirm.summary.moveFollowUpStep', params: { step: input.step, to: input.to } }),
    understand: {
      intents: ['moveFollowUpStep'],
      slots: ({ text }) => {
        const n = stepNumbersOf(text);
        const to = n.to ?? (n.after !== undefined ? n.after + 1 : n.before);
        return n.step !== undefined && to !== undefined ? { step: n.step, to } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const saved = await editFollowUpDraft(ctx.deps.db.prisma, { actorId: ctx.auth.user.id, edit: { op: 'move', ...input }, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { ...input, draft: saved.number } };
      }),
  }),
  defineChatTool({
    name: 'publishFollowUpScript',
    description:
      'Publishes the draft of the follow-up script after the graph check (every state reachable, the request intake reached, no dead end); new chats use it, running ones keep theirs. Only proposes it: the admin confirms.',
    // The draft the card shows, pinned when the card is made: a draft edited before the click is not published.
    input: z.object({ draftId: z.string().optional(), draftUpdatedAt: z.string().optional() }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    pinInput: async (ctx) => {
      const draft = await findDraft(ctx.deps.db.prisma);
      return draft ? { draftId: draft.id, draftUpdatedAt: draft.updatedAt.toISOString() } : {};
    },
    precheck: (ctx) =>
      refusalOf(ctx, async () => {
        const draft = await findDraft(ctx.deps.db.prisma);
        if (!draft) throw new AppError('FOLLOW_UP_NO_DRAFT');
        refuseBroken(checkFollowUpScript(draft.config));
      }),
    confirmData: async (ctx) => {
      const t = translator(ctx.lang);
      const prisma = ctx.deps.db.prisma;
      const [draft, live] = await Promise.all([findDraft(prisma), loadFollowUpScript(prisma)]);
      const after = await workingScript(prisma);
      const change = changeOf(live.script, after, ctx.lang, 'chat:adminFollowUp.subjectPublish');
      const version = (n: number | null) => (n === null ? (t('chat:adminFollowUp.default') as string) : (t('chat:adminFollowUp.version', { n }) as string));
      return {
        number: draft?.number ?? 0,
        change: {
          subject: t('chat:adminFollowUp.subjectPublish') as string,
          rows: [{ label: t('chat:adminFollowUp.live') as string, before: version(live.versionNumber), after: version(draft?.number ?? null) }, ...change.rows],
        },
      };
    },
    confirmSummary: (_input, data) => ({ key: 'confirm.summary.publishFollowUpScript', params: { number: Number(data?.number ?? 0) } }),
    understand: { intents: ['publishFollowUpScript'] },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const expected = input.draftId && input.draftUpdatedAt ? { id: input.draftId, updatedAt: input.draftUpdatedAt } : undefined;
        const published = await publishFollowUpScript(ctx.deps.db.prisma, { actorId: ctx.auth.user.id, via: 'chat', expected });
        return { accepted: true, state: ctx.machine.state, data: { number: published.number } };
      }),
  }),
];
