// Admin chat tools for the overview's activity and for people: suspend, unsuspend and change the role of an
// account, named by its e-mail address or by the person's name or company ('Sperr Lisa Brandt wegen Spam',
// 'Mach Kfz Yilmaz zum Anbieter'); several people fitting the words come back as buttons. The same domain
// commands as the users tab; every change is a before/after card that runs only on the admin's own click,
// with via 'chat' in the audit log.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { emailOf } from '../../ai/understanding/entities.ts';
import { getAdminOverview } from '../../domain/admin/get-admin-overview.ts';
import { countActivitySince, getRecentActivity } from '../../domain/admin/get-recent-activity.ts';
import { suspendUser, unsuspendUser } from '../../domain/users/suspend-user.ts';
import { changeUserRole } from '../../domain/users/change-user-role.ts';
import { refuseSelf, USER_ROLES, type UserRole } from '../../domain/users/admin-user-rules.ts';
import { findUserByEmail } from '../../domain/users/find-user-by-email.ts';
import { findUsersByName, type NamedUser } from '../../domain/users/find-users-by-name.ts';
import { attempt, chooseOne, messageNameWords, narrowByPerson, refuse, refusalOf } from './refs.ts';
import { ROLE_WORDS, roleNamed } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';

const admin = { roles: ['admin'] } as const;
type AdminCtx = ChatToolContext<typeof admin>;

const REASON = /(?:\bwegen\b|\bweil\b|\bgrund:?|\bbegr(?:ü|ue|u)ndung:?|\bbecause( of)?\b|\breason:?|\bfor\b)\s*(.+)$/i;

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d;
};

/** The reason given after 'wegen', 'weil', 'Grund:', 'because', 'reason:', 'for' (without the e-mail address). */
function reasonOf(text: string): string {
  const email = emailOf(text);
  const m = REASON.exec(email ? text.replace(email, ' ') : text);
  return (m?.[2] ?? '').trim().replace(/[.!]+$/, '');
}

/** The message before its reason: where the person is named. */
function beforeReason(text: string): string {
  const m = REASON.exec(text);
  return m ? text.slice(0, m.index) : text;
}

/** Words of these commands, never taken for a person's name ('Sperre Max' names Max). */
const PEOPLE_WORDS = new Set([
  ...ROLE_WORDS,
  ...'sperre sperr sperren sperrung gesperrt gesperrten gesperrte entsperre entsperr entsperren entsperrt aufheben freischalten wieder aktivieren reaktivieren suspend suspended unsuspend block unblock ban unban lock unlock freeze unfreeze reactivate reinstate restore bitte please mach mache make machen setz setze set give gib change andere aendere account'.split(
    ' ',
  ),
]);

const roleLabel = (role: string, lang: Lang) => translator(lang)(`admin:users.roles.${role}`, { defaultValue: role }) as string;

type Person = { id: string; email: string; name: string; role: string; suspendedAt: Date | null; suspendedReason: string | null; company: string | null };

const personLabel = (u: Person, lang: Lang) => `${u.company ? `${u.name} (${u.company})` : u.name} · ${u.email} · ${roleLabel(u.role, lang)}`;

/**
 * The account the admin means: the one with this e-mail address; else the one the words name (the person's
 * name or company; of several, those `prefer` keeps, when any); else the candidates as buttons for `tool`,
 * each with `keep` (the rest of the input) and the e-mail address.
 */
async function personNamed(
  ctx: AdminCtx,
  input: { email?: string; hint?: string },
  tool: string,
  keep: Record<string, unknown>,
  prefer: (u: Person) => boolean = () => true,
): Promise<Person | ToolOutcome> {
  const prisma = ctx.deps.db.prisma;
  if (input.email) return (await findUserByEmail(prisma, input.email)) ?? refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email });
  const hint = input.hint ?? '';
  const words = [...messageNameWords(hint, PEOPLE_WORDS)].filter((w) => w.length >= 3);
  const found: NamedUser[] = words.length ? await findUsersByName(prisma, words) : [];
  const named = narrowByPerson(found, hint, (u) => ({ names: [u.name, u.company], email: u.email }), PEOPLE_WORDS) ?? [];
  if (!named.length) return refuse(ctx, 'ADMIN_USER_NOT_NAMED', { tool });
  const preferred = named.filter(prefer);
  const fit = preferred.length ? preferred : named;
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((u) => ({ label: personLabel(u, ctx.lang), tool, input: { ...keep, email: u.email } })),
    { context: 'person' },
  );
}

const personInput = {
  email: z.string().trim().max(200).optional().describe("The person's e-mail address, when the admin wrote it"),
  hint: z.string().trim().max(300).optional().describe('How the admin named the person otherwise: their name or company'),
};

/** The admin's words: the e-mail address, or the words before the reason as the hint. */
function personSlots(text: string): { email?: string; hint?: string } {
  const email = emailOf(text);
  return email ? { email } : { hint: beforeReason(text).trim().slice(0, 300) };
}

function accountSubject(u: Person, lang: Lang): string {
  return translator(lang)('chat:admin.change.userNamed', { email: u.email, name: u.company ? `${u.name}, ${u.company}` : u.name }) as string;
}

export const adminUserTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'getRecentActivity',
    description:
      "What happened on the platform: today's new requests, unlocks, deals, payouts and sign-ups, the counters, and the newest events (admins only).",
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    // An admin's 'what is new' is the platform's news.
    understand: { intents: ['getRecentActivity', 'showNews'] },
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
    name: 'suspendUser',
    description:
      "Suspends a person's account with a reason, named by e-mail or in hint by their name or company: ends their sessions at once and blocks sign-in until lifted. Several people fitting the name come back as buttons. Only proposes it: the admin confirms the before/after card.",
    input: z.object({ ...personInput, reason: z.string().trim().max(500) }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'suspendUser', { reason: input.reason }, (x) => !x.suspendedAt);
      if (isToolOutcome(u)) return u;
      return refusalOf(ctx, async () => {
        if (!input.reason.trim()) throw new AppError('SUSPEND_REASON_REQUIRED');
        refuseSelf(ctx.auth.user.id, u.id);
        if (u.suspendedAt) throw new AppError('USER_ALREADY_SUSPENDED');
      });
    },
    // The card names the account by its e-mail address: the click suspends exactly that one.
    pinInput: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'suspendUser', { reason: input.reason }, (x) => !x.suspendedAt);
      return isToolOutcome(u) ? input : { email: u.email, reason: input.reason };
    },
    confirmData: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'suspendUser', { reason: input.reason });
      if (isToolOutcome(u)) return {};
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: accountSubject(u, ctx.lang),
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
      return { change, email: u.email, name: u.name };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.suspendUser',
      params: { email: String(data?.email ?? input.email ?? ''), reason: input.reason },
    }),
    understand: { intents: ['suspendUser'], slots: ({ text }) => ({ ...personSlots(text), reason: reasonOf(text) }) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const u = input.email ? await findUserByEmail(ctx.deps.db.prisma, input.email) : null;
        if (!u) return refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email ?? '' });
        const r = await suspendUser(ctx.deps, { actorId: ctx.auth.user.id, userId: u.id, reason: input.reason, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { email: u.email, name: u.name, sessionsEnded: r.sessionsEnded } };
      }),
  }),
  defineChatTool({
    name: 'unsuspendUser',
    description:
      "Lifts the suspension of a person's account (optionally with a reason), named by e-mail or in hint by their name or company; several people fitting the name come back as buttons. Only proposes it: the admin confirms the before/after card.",
    input: z.object({ ...personInput, reason: z.string().trim().max(500).optional() }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'unsuspendUser', input.reason ? { reason: input.reason } : {}, (x) => !!x.suspendedAt);
      if (isToolOutcome(u)) return u;
      return refusalOf(ctx, async () => {
        refuseSelf(ctx.auth.user.id, u.id);
        if (!u.suspendedAt) throw new AppError('USER_NOT_SUSPENDED');
      });
    },
    pinInput: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'unsuspendUser', {}, (x) => !!x.suspendedAt);
      return isToolOutcome(u) ? input : { email: u.email, ...(input.reason ? { reason: input.reason } : {}) };
    },
    confirmData: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'unsuspendUser', {});
      if (isToolOutcome(u)) return {};
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: accountSubject(u, ctx.lang),
        rows: [
          {
            label: t('chat:admin.change.account') as string,
            before: t('chat:admin.change.suspended') as string,
            after: t('chat:admin.change.active') as string,
          },
          { label: t('chat:admin.change.reason') as string, before: u.suspendedReason, after: null },
        ],
      };
      return { change, email: u.email, name: u.name };
    },
    confirmSummary: (input, data) => ({ key: 'confirm.summary.unsuspendUser', params: { email: String(data?.email ?? input.email ?? '') } }),
    understand: {
      intents: ['unsuspendUser'],
      slots: ({ text }) => {
        const reason = reasonOf(text);
        return { ...personSlots(text), ...(reason ? { reason } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const u = input.email ? await findUserByEmail(ctx.deps.db.prisma, input.email) : null;
        if (!u) return refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email ?? '' });
        await unsuspendUser(ctx.deps, { actorId: ctx.auth.user.id, userId: u.id, ...(input.reason ? { reason: input.reason } : {}), via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { email: u.email, name: u.name } };
      }),
  }),
  defineChatTool({
    name: 'changeUserRole',
    description:
      "Makes a person a seeker, a provider or an admin, named by e-mail or in hint by their name or company; role: the role to give (from the admin's words: Admin, Anbieter/provider, Suchende/seeker). A new admin needs two-factor before the admin area opens; the person is told by e-mail. Only proposes it: the admin confirms the before/after card.",
    input: z.object({ ...personInput, role: z.enum(USER_ROLES).optional().describe('The role to give') }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'changeUserRole', input.role ? { role: input.role } : {}, (x) => x.role !== input.role);
      if (isToolOutcome(u)) return u;
      if (!input.role) return refuse(ctx, 'ROLE_REQUIRED', { name: u.name, email: u.email, role: roleLabel(u.role, ctx.lang) });
      const self = await refusalOf(ctx, async () => refuseSelf(ctx.auth.user.id, u.id));
      if (self) return self;
      if (u.role === input.role) return refuse(ctx, 'USER_ROLE_UNCHANGED', { name: u.name, email: u.email, role: roleLabel(u.role, ctx.lang) });
      return null;
    },
    pinInput: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'changeUserRole', {}, (x) => x.role !== input.role);
      return isToolOutcome(u) ? input : { email: u.email, role: input.role };
    },
    confirmData: async (ctx, input) => {
      const u = await personNamed(ctx, input, 'changeUserRole', {});
      if (isToolOutcome(u) || !input.role) return {};
      const t = translator(ctx.lang);
      const rows: ChangeView['rows'] = [
        { label: t('chat:admin.change.role') as string, before: roleLabel(u.role, ctx.lang), after: roleLabel(input.role, ctx.lang) },
        { label: t('chat:admin.change.notice') as string, before: null, after: t('chat:admin.change.roleMail') as string },
      ];
      if (input.role === 'admin') rows.push({ label: t('chat:admin.change.twoFactor') as string, before: null, after: t('admin:users.adminHint') as string });
      return {
        change: { subject: accountSubject(u, ctx.lang), rows } satisfies ChangeView,
        email: u.email,
        name: u.name,
        role: roleLabel(input.role, ctx.lang),
      };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.changeUserRole',
      params: { name: String(data?.name ?? ''), email: String(data?.email ?? ''), role: String(data?.role ?? '') },
    }),
    understand: {
      intents: ['changeUserRole'],
      slots: ({ text }) => {
        const { role } = roleNamed(text);
        return { ...personSlots(text), ...(role ? { role } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const u = input.email ? await findUserByEmail(ctx.deps.db.prisma, input.email) : null;
        if (!u || !input.role) return refuse(ctx, 'ADMIN_USER_NOT_FOUND', { email: input.email ?? '' });
        const role: UserRole = input.role;
        const r = await changeUserRole(ctx.deps, { actorId: ctx.auth.user.id, userId: u.id, role, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { email: u.email, name: u.name, role: roleLabel(r.role, ctx.lang), changed: r.changed } };
      }),
  }),
];
