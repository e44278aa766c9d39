// Admin tools for the affiliate programme: change one level or the pool of the commission plan, read the
// support inbox and answer a partner. Changes are proposed as before/after cards and run only on the
// admin's own click, through the same domain commands as the dashboard (via 'chat' in the audit log).
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { AppError } from '../../../core/errors.ts';
import {
  applyPlanEdit,
  BP,
  checkPlan,
  LEVELS,
  levelShareOfRevenue,
  MAX_POOL_BP,
  type CommissionPlanValues,
  type PlanEdit,
} from '../../../core/affiliate/commission-plan.ts';
import { getCommissionPlan } from '../../domain/affiliate/get-commission-plan.ts';
import { updateCommissionPlan } from '../../domain/affiliate/update-commission-plan.ts';
import { listSupportConversations } from '../../domain/support/list-support-conversations.ts';
import { findSupportConversation } from '../../domain/support/find-support-conversation.ts';
import { replySupportMessage } from '../../domain/support/reply-support-message.ts';
import { checkSupportBody, SUPPORT_MESSAGE_MAX } from '../../domain/support/support-message.ts';
import { foldText } from '../../ai/understanding/features.ts';

const normalize = (text: string) => foldText(text, 'de').replace(/\s+/g, ' ').trim();
import { percentOf } from '../../ai/understanding/entities.ts';
import { attempt, refuse, refusalOf } from './refs.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import { formatEuro } from '../../../core/money/format-money.ts';

const admin = { roles: ['admin'] } as const;

/** '15 %' in German, '15%' in English; up to two decimals. */
export function percentText(bp: number, lang: Lang): string {
  const n = (bp / 100).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 });
  return lang === 'de' ? `${n} %` : `${n}%`;
}

const planInput = z.object({
  /** Pinned when the card is made: the plan it showed (its changedAt; null: the default plan). */
  basedOn: z.string().nullable().optional(),
  target: z.enum(['pool', 'level']).optional().describe("'pool': the share of platform revenue paid as commission; 'level': one level's share of the pool"),
  level: z.number().int().min(1).max(LEVELS).optional().describe('1-10, for target level'),
  percent: z.number().min(0).max(100).optional().describe('The new value in percent (15 for 15 %)'),
});
type PlanChatInput = z.infer<typeof planInput>;

function editOf(input: PlanChatInput): PlanEdit {
  if (input.percent === undefined || !input.target) throw new AppError('VALIDATION_FAILED');
  const bp = Math.round(input.percent * 100);
  if (input.target === 'pool') return { target: 'pool', bp };
  if (!input.level) throw new AppError('VALIDATION_FAILED');
  return { target: 'level', level: input.level, bp };
}

/**
 * What the admin named when the change is not complete (no percentage, or no level): the part it names, so the
 * chat asks for the rest ('Ebene 2 auf 15' → level 2, asked for the percentage).
 */
function planPartOf(text: string): Partial<PlanChatInput> {
  const n = normalize(text);
  const level = /\b(?:ebene|stufe|level|tier)\s*(\d{1,2})\b/.exec(n)?.[1];
  const first = /\b(?:erste\w* (?:stufe|ebene)|first (?:level|tier)|direkt\w* empfehlung\w*|direct referrals?)\b/.test(n);
  const pool = /\b(?:provisions-?pool|provisions-?topf|partner-?pool|affiliate-?pool|commission pool|pool|topf)\b/.test(n);
  const percent = percentOf(text);
  const l = level ? Number(level) : first ? 1 : undefined;
  const target = l !== undefined && l >= 1 && l <= LEVELS ? { target: 'level' as const, level: l } : pool ? { target: 'pool' as const } : {};
  return { ...target, ...(percent !== null ? { percent } : {}) };
}

/** The question for what a plan change still lacks (which level or the pool; the percentage), with the value now. */
async function planQuestion(ctx: ChatToolContext, input: PlanChatInput) {
  if (!input.target) return refuse(ctx, 'COMMISSION_TARGET_REQUIRED');
  if (input.percent !== undefined) return null;
  const plan = await getCommissionPlan(ctx.deps.db.prisma);
  const t = translator(ctx.lang);
  const what = input.target === 'pool' ? (t('chat:admin.plan.pool') as string) : (t('chat:admin.plan.level', { level: input.level }) as string);
  const now = input.target === 'pool' ? plan.poolBp : (plan.levelsBp[(input.level ?? 1) - 1] ?? 0);
  return refuse(ctx, 'COMMISSION_VALUE_REQUIRED', { what, current: percentText(now, ctx.lang), context: input.target, level: input.level ?? 1 });
}

const sum = (plan: CommissionPlanValues) => plan.levelsBp.reduce((a, b) => a + b, 0);
/** Euros a level (or the whole pool) earns from 100 € of platform revenue. */
const euroOf100 = (shareBpOfBp: number, lang: Lang) => formatEuro(shareBpOfBp, lang);

function planChange(before: CommissionPlanValues, after: CommissionPlanValues, edit: PlanEdit, lang: Lang): ChangeView {
  const t = translator(lang);
  const pct = (bp: number) => percentText(bp, lang);
  const rows: ChangeView['rows'] = [];
  if (edit.target === 'pool') {
    rows.push({ label: t('chat:admin.plan.pool'), before: pct(before.poolBp), after: pct(after.poolBp) });
  } else {
    rows.push({
      label: t('chat:admin.plan.level', { level: edit.level }),
      before: pct(before.levelsBp[edit.level - 1] ?? 0),
      after: pct(after.levelsBp[edit.level - 1] ?? 0),
    });
    rows.push({
      label: t('chat:admin.plan.levelOf100', { level: edit.level }),
      before: euroOf100(levelShareOfRevenue(before, edit.level), lang),
      after: euroOf100(levelShareOfRevenue(after, edit.level), lang),
    });
    rows.push({ label: t('chat:admin.plan.levelsSum'), before: pct(sum(before)), after: pct(sum(after)) });
  }
  rows.push({
    label: t('chat:admin.plan.totalOf100'),
    before: euroOf100((before.poolBp * sum(before)) / BP, lang),
    after: euroOf100((after.poolBp * sum(after)) / BP, lang),
  });
  return { subject: t('chat:admin.plan.subject'), rows };
}

async function proposedPlan(ctx: ChatToolContext, input: PlanChatInput) {
  const current = await getCommissionPlan(ctx.deps.db.prisma);
  const edit = editOf(input);
  return { current, edit, next: applyPlanEdit(current, edit) };
}

// 'Setze Ebene 2 auf 15 %', 'Ebene 2 auf 15 Prozent', 'Stufe 3 = 10 %', 'set level 2 to 15%', 'change tier 2 to
// 12.5 percent'; 'Pool auf 25 %', 'Provisionstopf auf 25 Prozent', 'set the commission pool to 25%'. A number
// with a percent sign or word is required, so a question about a level is not a change.
const PCT = String.raw`(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:%|prozent\b|percent\b|pct\b)`;
const LEVEL_EDIT = new RegExp(String.raw`\b(?:ebene|stufe|level|tier)\s*(\d{1,2})\b[^\d%]{0,30}?(?:\bauf|\bto|=|:)\s*${PCT}`);
const POOL_EDIT = new RegExp(String.raw`\b(?:provisions-?pool|provisions-?topf|commission pool|pool|topf)\b[^\d%]{0,30}?(?:\bauf|\bto|=|:)\s*${PCT}`);
const number = (s: string) => Number(s.replace(',', '.'));

export function planEditOf(text: string): PlanChatInput | null {
  const n = normalize(text);
  const level = LEVEL_EDIT.exec(n);
  if (level) {
    const l = Number(level[1]);
    return l >= 1 && l <= LEVELS ? { target: 'level', level: l, percent: number(level[2]!) } : null;
  }
  const pool = POOL_EDIT.exec(n);
  return pool ? { target: 'pool', percent: number(pool[1]!) } : null;
}

// 'Antworte Anna: …', 'Antworte Partner anna@example.com: …', 'Antwort an Anna Muster: …', 'Reply to Anna: …',
// 'Answer partner anna@example.com: …'. The reply is what follows the colon (or a spaced dash), as written.
const REPLY = [
  /^\s*(?:bitte\s+)?(?:antworte|antwort\s+an|schreib(?:e)?\s+(?:dem\s+|der\s+)?partner(?:in)?)\s+(?:(?:dem|der)\s+)?(?:partner(?:in)?\s+)?(.+?)(?:\s*:\s*|\s+[-–]\s+)([\s\S]+)$/i,
  /^\s*(?:please\s+)?(?:reply|answer|respond|write\s+back)\s+(?:to\s+)?(?:the\s+)?(?:partner\s+)?(.+?)(?:\s*:\s*|\s+[-–]\s+)([\s\S]+)$/i,
];
// What may stand before the partner's name: 'auf die Supportnachricht #s-2207 von', 'to the support message from',
// 'the ticket by', and a title ('Herrn', 'Frau', 'Mr', 'Ms', 'Dr').
const BEFORE_NAME =
  /^(?:(?:auf|to|on)\s+)?(?:(?:die|der|den|dem|das|the|a)\s+)?(?:(?:support[- ]?)?(?:nachricht|anfrage|ticket|message|request|inquiry|enquiry)(?:\s+#[\w-]+)?\s+(?:von|vom|from|by)\s+)?(?:(?:herrn?|frau|mr|mrs|ms|miss|dr)\.?\s+)*/i;
// A reply written in quotes is sent without them.
const QUOTED = /^\s*["'„“‚‘»«]([\s\S]+?)["'“”‘’«»]\s*[.!]?\s*$/;

export function replyOf(text: string): { partner: string; body: string } | null {
  for (const p of REPLY) {
    const m = p.exec(text);
    const raw = m?.[1]?.trim();
    const body = m?.[2]?.trim();
    // Not the partner's own 'write to support' (that is writeSupportMessage).
    if (!raw || !body || /^(?:den\s+|dem\s+|the\s+)?(?:admin-?\s*)?support(?:-?team)?$/i.test(raw)) continue;
    const partner = raw.replace(BEFORE_NAME, '').trim();
    if (partner) return { partner, body: QUOTED.exec(body)?.[1]?.trim() ?? body };
  }
  return null;
}

/** 'Antworte Jana', 'reply to Anna Muster': the partner named without the reply's words. */
function replyPartnerOf(text: string): string | null {
  const m =
    /^\s*(?:bitte\s+)?(?:antworte|antwort\s+an|schreib(?:e)?(?:\s+zur(?:ü|ue|u)ck)?(?:\s+an)?|reply\s+to|reply|answer|respond\s+to|write\s+back\s+to)\s+(?:(?:dem|der|the)\s+)?(?:partner(?:in)?\s+)?([^\s,.!?:]+(?:\s+[A-ZÄÖÜ][^\s,.!?:]*)?)\s*[.!?]*\s*$/i.exec(
      text,
    );
  const partner = m?.[1]?.trim();
  return partner && !/^(?:support|admin|ihm|ihr|him|her|them)$/i.test(partner) ? partner : null;
}

export const adminAffiliateTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'changeCommissionPlan',
    description:
      "Changes the commission plan in force: the pool (share of the platform revenue paid as commission, at most 50 %) or one level's share of the pool (levels 1-10 together at most 100 %). Admins only. Only proposes it: the admin sees the values before and after and confirms with the button.",
    input: planInput,
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    pinInput: async (ctx, input) => ({ ...input, basedOn: (await getCommissionPlan(ctx.deps.db.prisma)).changedAt }),
    precheck: async (ctx, input) =>
      (await planQuestion(ctx, input)) ??
      refusalOf(ctx, async () => {
        const { next } = await proposedPlan(ctx, input);
        const problem = checkPlan(next);
        if (problem) throw new AppError(problem.code, { params: problem.params });
      }),
    confirmData: async (ctx, input) => {
      const { current, edit, next } = await proposedPlan(ctx, input);
      return {
        change: planChange(current, next, edit, ctx.lang),
        target: input.target,
        level: input.level ?? null,
        before: edit.target === 'pool' ? current.poolBp : current.levelsBp[edit.level - 1]!,
        after: edit.bp,
      };
    },
    confirmSummary: (input, data) => ({
      key: input.target === 'pool' ? 'confirm.summary.changeCommissionPool' : 'confirm.summary.changeCommissionLevel',
      params: {
        level: input.level ?? 0,
        before: String((data?.change as ChangeView | undefined)?.rows[0]?.before ?? ''),
        after: String((data?.change as ChangeView | undefined)?.rows[0]?.after ?? ''),
      },
    }),
    understand: { intents: ['changeCommissionPlan'], slots: ({ text }) => planEditOf(text) ?? planPartOf(text) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        // Exactly what the card showed: when another plan came into force since, nothing changes.
        const { current, edit, next } = await proposedPlan(ctx, input);
        const after = await updateCommissionPlan(ctx.deps.db.prisma, ctx.auth.user.id, next, {
          logger: ctx.deps.logger,
          via: 'chat',
          basedOn: input.basedOn ?? null,
        });
        const pct = (bp: number) => percentText(bp, ctx.lang);
        const what =
          edit.target === 'pool'
            ? (translator(ctx.lang)('chat:admin.plan.pool') as string)
            : (translator(ctx.lang)('chat:admin.plan.level', { level: edit.level }) as string);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            what,
            before: pct(edit.target === 'pool' ? current.poolBp : current.levelsBp[edit.level - 1]!),
            after: pct(edit.bp),
            poolBp: after.poolBp,
            levelsBp: after.levelsBp,
            maxPool: pct(MAX_POOL_BP),
          },
        };
      }),
  }),
  defineChatTool({
    name: 'listSupportInbox',
    description:
      "Lists the partner conversations of the admin team's support inbox that have unread messages (partner name, e-mail, unread count, newest message). Reading the list marks nothing read. Admins only.",
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['listSupportInbox'] },
    run: async (ctx) => {
      const inbox = await listSupportConversations(ctx.deps.db.prisma);
      const unread = inbox.conversations.filter((c) => c.unread > 0);
      const t = translator(ctx.lang);
      const list = unread
        .slice(0, 10)
        .map(
          (c) =>
            t('chat:admin.support.line', {
              name: c.partner.name,
              email: c.partner.email,
              count: c.unread,
              message: (c.lastMessage?.body ?? '').slice(0, 120),
            }) as string,
        )
        .join(' ');
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          count: inbox.unreadTotal,
          conversations: unread.length,
          list,
          unread: unread.map((c) => ({ partner: c.partner.name, email: c.partner.email, unread: c.unread, lastMessage: c.lastMessage?.body ?? null })),
        },
      };
    },
  }),
  defineChatTool({
    name: 'answerSupportMessage',
    description:
      "Answers a partner in the support inbox, found by their e-mail address or name. The body is the admin's own words. Only proposes it: the admin confirms with the button; the partner sees it live (or gets a mail when offline). Admins only.",
    input: z.object({
      partner: z.string().min(1).max(200).optional().describe("The partner's e-mail address or name, as the admin wrote it"),
      body: z.string().max(SUPPORT_MESSAGE_MAX).optional().describe("The reply, in the admin's own words"),
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const partner = input.partner;
      if (!partner) {
        const inbox = await listSupportConversations(ctx.deps.db.prisma);
        const unread = inbox.conversations.filter((c) => c.unread > 0).slice(0, 5);
        return refuse(ctx, 'SUPPORT_REPLY_PARTNER_REQUIRED', { names: unread.map((c) => c.partner.name).join(', '), count: unread.length });
      }
      const found = await refusalOf(ctx, async () => {
        await findSupportConversation(ctx.deps.db.prisma, partner);
      });
      if (found) return found;
      if (!input.body?.trim()) {
        const c = await findSupportConversation(ctx.deps.db.prisma, partner);
        return refuse(ctx, 'SUPPORT_REPLY_BODY_REQUIRED', { name: c.partner.name, message: (c.lastPartnerMessage ?? '').slice(0, 200) });
      }
      const body = input.body;
      return refusalOf(ctx, async () => void checkSupportBody(body));
    },
    confirmData: async (ctx, input) => {
      const c = await findSupportConversation(ctx.deps.db.prisma, input.partner ?? '');
      const t = translator(ctx.lang);
      const rows: ChangeView['rows'] = [];
      if (c.lastPartnerMessage)
        rows.push({ label: t('chat:admin.support.theirMessage'), before: c.lastPartnerMessage.slice(0, 300), after: c.lastPartnerMessage.slice(0, 300) });
      rows.push({ label: t('chat:admin.support.reply'), before: null, after: (input.body ?? '').trim() });
      return {
        change: { subject: t('chat:admin.support.subject', { name: c.partner.name, email: c.partner.email }), rows } satisfies ChangeView,
        partnerName: c.partner.name,
        partnerEmail: c.partner.email,
      };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.answerSupportMessage',
      params: { name: String(data?.partnerName ?? input.partner ?? ''), body: (input.body ?? '').trim() },
    }),
    understand: {
      intents: ['answerSupportMessage'],
      slots: ({ text }) => {
        const partner = replyPartnerOf(text);
        return replyOf(text) ?? (partner ? { partner } : {});
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const c = await findSupportConversation(ctx.deps.db.prisma, input.partner ?? '');
        const m = await replySupportMessage(ctx.deps, ctx.auth.user.id, c.id, input.body ?? '');
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { name: c.partner.name, email: c.partner.email, messageId: m.id, mailed: m.mailed, context: m.mailed ? 'mailed' : 'live' },
        };
      }),
  }),
];
