// Admin chat tools for the overview's activity, payouts and people: the same domain commands as the admin
// screens (getRecentActivity, approvePayout, suspendUser, unsuspendUser). Every change is a confirmation with
// a before/after card (data.change); it runs only on the admin's own click, with via 'chat' in the audit log.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { getAdminOverview } from '../../domain/admin/get-admin-overview.ts';
import { countActivitySince, getRecentActivity } from '../../domain/admin/get-recent-activity.ts';
import { approvePayout } from '../../domain/payouts/admin-payouts.ts';
import { suspendUser, unsuspendUser } from '../../domain/users/suspend-user.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { attempt, refusalOf } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { findPayoutByRef } from '../../domain/refs/resolve-ref.ts';
import { findUserByEmail } from '../../domain/users/find-user-by-email.ts';

const admin = { roles: ['admin'] } as const;

// 'Was ist neu?', 'Was ist heute passiert?', 'Neuigkeiten', 'what's new', 'what happened today', 'latest activity'.
const ACTIVITY = [
  /\bwas (ist|gibt es|gibt's|gibts) (denn )?(neu|neues)\b/,
  /\bwas (ist|hat sich) (heute|gerade|zuletzt|in letzter zeit)? ?(passiert|getan|geschehen)\b/,
  /\b(neuigkeiten|letzte aktivitaet|letzten aktivitaeten|aktivitaeten|was lief heute|heute los)\b/,
  /\bwhat'?s new\b/,
  /\bwhat (has )?(happened|went on)( today| lately| recently)?\b/,
  /\b(recent|latest) (activity|activities|events)\b/,
  /\bwhat is new\b/,
];

const PAYOUT_WORDS = /\b(auszahlung|payout)\b/;
const APPROVE_WORDS = /\b(freigeben|freigabe|genehmigen|genehmige|gib .* frei|approve|release|bestaetigen|auszahlen)\b/;
const REF = /#?\b([0-9a-f]{6,8}(?:-[0-9a-f]{4}){0,3}(?:-[0-9a-f]{12})?)\b/i;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const SUSPEND = [/\b(sperre|sperren|sperr|suspendiere|suspendieren)\b/, /\b(suspend|block|ban)\b/];
const UNSUSPEND = [
  /\b(entsperre|entsperren|sperre aufheben|hebe die sperre|sperre .* aufheben|freischalten des kontos|reaktiviere)\b/,
  /\b(unsuspend|unblock|unban|lift the suspension|reactivate)\b/,
];
const REASON = /(?:\bwegen\b|\bweil\b|\bgrund:?|\bbecause( of)?\b|\breason:?|\bfor\b)\s*(.+)$/i;

const euro = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

function refuse(ctx: ChatToolContext, reason: string, data: Record<string, unknown> = {}): ToolOutcome {
  return { accepted: false, reason, state: ctx.machine.state, data };
}

/** The payout an admin names by its short reference (#a1b2c3), when exactly one matches. */
function payoutByRef(ctx: ChatToolContext, ref: string) {
  return findPayoutByRef(ctx.deps.db.prisma, ref);
}

function userByEmail(ctx: ChatToolContext, email: string) {
  return findUserByEmail(ctx.deps.db.prisma, email);
}

function reasonOf(text: string): string {
  const withoutEmail = text.replace(EMAIL, ' ');
  const m = REASON.exec(withoutEmail);
  return (m?.[2] ?? '').trim().replace(/[.!]+$/, '');
}

const status = (lang: Lang, s: string) => translator(lang)(`chat:admin.payoutStatus.${s}`, { defaultValue: s }) as string;

export const adminUserTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'getRecentActivity',
    description:
      "What happened on the platform: today's new requests, unlocks, deals, payouts and sign-ups, the counters, and the newest events (admins only).",
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    // Above the counters (getPlatformOverview, 20): 'Was ist neu?' asks for the feed.
    offline: { priority: 21, detect: ({ text }) => (matchesAny(normalize(text), ACTIVITY) ? {} : null) },
    run: async (ctx) => {
      const prisma = ctx.deps.db.prisma;
      const [overview, today, items] = await Promise.all([
        getAdminOverview(prisma),
        countActivitySince(prisma, startOfToday()),
        getRecentActivity(prisma, { limit: 10 }),
      ]);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          ...overview,
          today,
          todayRequests: today.request,
          todayUnlocks: today.unlock,
          todayDeals: today.deal,
          todayPayouts: today.payout,
          todaySignups: today.signup,
          items,
        },
      };
    },
  }),
  defineChatTool({
    name: 'approvePayout',
    description:
      'Approves a requested payout, or releases a held one, named by its reference (#a1b2c3). Only proposes it: the admin confirms the before/after card.',
    input: z.object({ ref: z.string().trim().min(6).max(40).describe('The payout reference, e.g. a1b2c3d4') }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const p = await payoutByRef(ctx, input.ref);
        if (!p) throw new AppError('NOT_FOUND');
        if (p.status !== 'requested' && p.status !== 'held') throw new AppError('PAYOUT_NOT_POSSIBLE');
      }).then((r) => (r?.reason === 'NOT_FOUND' ? refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: input.ref }) : r)),
    confirmData: async (ctx, input) => {
      const p = (await payoutByRef(ctx, input.ref))!;
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: t('chat:admin.change.payout', { ref: p.id.slice(0, 8), email: p.user.email }) as string,
        rows: [
          { label: t('chat:admin.change.status') as string, before: status(ctx.lang, p.status), after: status(ctx.lang, 'approved') },
          { label: t('chat:admin.change.amount') as string, before: euro(p.amountCents, ctx.lang), after: euro(p.amountCents, ctx.lang) },
        ],
      };
      return { change, payoutId: p.id, amount: euro(p.amountCents, ctx.lang), email: p.user.email, ref: p.id.slice(0, 8) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.approvePayout',
      params: { ref: String(data?.ref ?? ''), amount: String(data?.amount ?? ''), email: String(data?.email ?? '') },
    }),
    offline: {
      priority: 96,
      detect: ({ text }) => {
        const n = normalize(text);
        if (!PAYOUT_WORDS.test(n) || !APPROVE_WORDS.test(n)) return null;
        const ref = REF.exec(text)?.[1];
        return ref ? { ref } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const p = await payoutByRef(ctx, input.ref);
        if (!p) return refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: input.ref });
        const r = await approvePayout(ctx.deps, ctx.auth.user!.id, p.id, 'chat');
        return { accepted: true, state: ctx.machine.state, data: { ref: p.id.slice(0, 8), status: status(ctx.lang, r.status) } };
      }),
  }),
  defineChatTool({
    name: 'suspendUser',
    description:
      "Suspends a person's account by e-mail with a reason: ends their sessions at once and blocks sign-in until lifted. Only proposes it: the admin confirms the before/after card.",
    input: z.object({ email: z.string().trim().max(200), reason: z.string().trim().max(500) }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        if (!input.reason.trim()) throw new AppError('SUSPEND_REASON_REQUIRED');
        const u = await userByEmail(ctx, input.email);
        if (!u) throw new AppError('NOT_FOUND');
        if (u.id === ctx.auth.user!.id) throw new AppError('USER_CHANGE_SELF');
        if (u.suspendedAt) throw new AppError('USER_ALREADY_SUSPENDED');
      }).then((r) => (r?.reason === 'NOT_FOUND' ? refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email }) : r)),
    confirmData: async (ctx, input) => {
      const u = (await userByEmail(ctx, input.email))!;
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: t('chat:admin.change.user', { email: u.email }) as string,
        rows: [
          {
            label: t('chat:admin.change.account') as string,
            before: t('chat:admin.change.active') as string,
            after: t('chat:admin.change.suspended') as string,
          },
          { label: t('chat:admin.change.reason') as string, before: null, after: input.reason },
          {
            label: t('chat:admin.change.sessions') as string,
            before: t('chat:admin.change.signedIn') as string,
            after: t('chat:admin.change.signedOut') as string,
          },
        ],
      };
      return { change, email: u.email };
    },
    confirmSummary: (input, data) => ({ key: 'confirm.summary.suspendUser', params: { email: String(data?.email ?? input.email), reason: input.reason } }),
    offline: {
      priority: 97,
      detect: ({ text }) => {
        const n = normalize(text);
        if (matchesAny(n, UNSUSPEND) || !matchesAny(n, SUSPEND)) return null;
        const email = EMAIL.exec(text)?.[0];
        return email ? { email, reason: reasonOf(text) } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const u = await userByEmail(ctx, input.email);
        if (!u) return refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email });
        const r = await suspendUser(ctx.deps, { actorId: ctx.auth.user!.id, userId: u.id, reason: input.reason, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { email: u.email, sessionsEnded: r.sessionsEnded } };
      }),
  }),
  defineChatTool({
    name: 'unsuspendUser',
    description: "Lifts the suspension of a person's account by e-mail (optionally with a reason). Only proposes it: the admin confirms the before/after card.",
    input: z.object({ email: z.string().trim().max(200), reason: z.string().trim().max(500).optional() }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const u = await userByEmail(ctx, input.email);
        if (!u) throw new AppError('NOT_FOUND');
        if (u.id === ctx.auth.user!.id) throw new AppError('USER_CHANGE_SELF');
        if (!u.suspendedAt) throw new AppError('USER_NOT_SUSPENDED');
      }).then((r) => (r?.reason === 'NOT_FOUND' ? refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email }) : r)),
    confirmData: async (ctx, input) => {
      const u = (await userByEmail(ctx, input.email))!;
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: t('chat:admin.change.user', { email: u.email }) as string,
        rows: [
          {
            label: t('chat:admin.change.account') as string,
            before: t('chat:admin.change.suspended') as string,
            after: t('chat:admin.change.active') as string,
          },
          { label: t('chat:admin.change.reason') as string, before: u.suspendedReason, after: null },
        ],
      };
      return { change, email: u.email };
    },
    confirmSummary: (input, data) => ({ key: 'confirm.summary.unsuspendUser', params: { email: String(data?.email ?? input.email) } }),
    offline: {
      priority: 97,
      detect: ({ text }) => {
        if (!matchesAny(normalize(text), UNSUSPEND)) return null;
        const email = EMAIL.exec(text)?.[0];
        const reason = reasonOf(text);
        return email ? { email, ...(reason ? { reason } : {}) } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const u = await userByEmail(ctx, input.email);
        if (!u) return refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email });
        await unsuspendUser(ctx.deps, { actorId: ctx.auth.user!.id, userId: u.id, ...(input.reason ? { reason: input.reason } : {}), via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { email: u.email } };
      }),
  }),
];
