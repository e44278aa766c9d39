// Admin chat tools for the payout queue ('Auszahlungen'): the payouts waiting for approval, approving and
// rejecting one. The same domain query and commands as the payouts tab (listAdminPayouts, approvePayout,
// rejectPayout); the admin names a payout by its reference, the person's name or e-mail, or the amount, and
// gets the candidates as buttons when the words fit several. Every change is a before/after card that runs
// only on the admin's click, audited with via 'chat'.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { emailOf, euroAmountOf, refOf } from '../../ai/understanding/entities.ts';
import { approvePayout, listAdminPayouts, rejectPayout, type AdminPayout } from '../../domain/payouts/admin-payouts.ts';
import { payoutRejectReason, payoutStepRefusal } from '../../domain/payouts/payout-rules.ts';
import { findPayoutByRef } from '../../domain/refs/resolve-ref.ts';
import { formatDate, formatEuro } from '../../../core/money/format-money.ts';
import type { AdminPayoutRow, ListPendingPayoutsData } from '../../../core/chat/output-types.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByPerson, refuse, shortRef } from './refs.ts';
import { reasonAfterCommand } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
type AdminCtx = ChatToolContext<typeof admin>;

/** The approval queue, as the payouts tab shows it: held ones (they need a decision) first, then requested. */
const QUEUE = ['held', 'requested'] as const;
/** How many waiting payouts a chat answer lists; the payouts tab shows all. */
const CHAT_ROWS = 10;

const statusLabel = (lang: Lang, s: string) => translator(lang)(`chat:admin.payoutStatus.${s}`, { defaultValue: s }) as string;

function methodLabel(p: Pick<AdminPayout, 'method'>): string {
  return p.method.type === 'paypal' ? `PayPal ${p.method.label}` : p.method.label;
}

function payoutRow(p: AdminPayout, lang: Lang): AdminPayoutRow {
  const t = translator(lang);
  return {
    ref: shortRef(p.id),
    name: p.userName,
    email: p.userEmail,
    amountCents: p.amountCents,
    amount: formatEuro(p.amountCents, lang),
    method: methodLabel(p),
    methodType: p.method.type === 'paypal' ? 'paypal' : 'bank',
    source: t(`admin:payouts.source.${p.source}`, { defaultValue: p.source }) as string,
    status: p.status,
    statusLabel: statusLabel(lang, p.status),
    holdReasons: p.holdReasons.map((r) => t(`admin:payouts.hold.reasons.${r}`, { defaultValue: r }) as string),
    requestedAt: p.requestedAt,
    requested: formatDate(p.requestedAt, lang),
  };
}

const choiceLabel = (p: AdminPayout, lang: Lang) => `#${shortRef(p.id)} · ${p.userName} · ${formatEuro(p.amountCents, lang)} · ${methodLabel(p)}`;

/** The words of a payout command, never part of a person's name ('Auszahlung von Lisa freigeben'). */
const PAYOUT_WORDS = new Set(
  'auszahlung auszahlungen auszahlungsantrag payout payouts provision provisionsauszahlung commission geld money freigeben freigabe genehmigen genehmige approve release ablehnen reject decline euro eur paypal iban bitte please'.split(
    ' ',
  ),
);

type Named = { ref?: string; hint?: string; reason?: string };

/**
 * The payout the admin means: the one with this reference; else, of the queue, the one their words name (the
 * person's name or e-mail, then the amount), or the only one; else the candidates as buttons for `tool`.
 */
async function payoutNamed(ctx: AdminCtx, input: Named, tool: 'approvePayout' | 'rejectPayout') {
  const prisma = ctx.deps.db.prisma;
  if (input.ref) {
    const p = await findPayoutByRef(prisma, input.ref);
    return p ?? refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: input.ref.replace(/^#/, '').slice(0, 8) });
  }
  const queue = await listAdminPayouts(ctx.deps, QUEUE);
  if (!queue.length) return refuse(ctx, 'NO_PENDING_PAYOUTS');
  const hint = input.hint ?? '';
  const byPerson = narrowByPerson(queue, hint, (p) => ({ names: [p.userName], email: p.userEmail }), PAYOUT_WORDS);
  if (byPerson && !byPerson.length) return refuse(ctx, 'ADMIN_PAYOUT_NONE_FOR', { who: emailOf(hint) ?? '' });
  let fit = byPerson ?? queue;
  const euros = euroAmountOf(hint);
  if (euros !== null) {
    const byAmount = fit.filter((p) => Math.abs(p.amountCents - Math.round(euros * 100)) < 100);
    if (byAmount.length) fit = byAmount;
  }
  if (fit.length === 1) return (await findPayoutByRef(prisma, fit[0]!.id)) ?? refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: shortRef(fit[0]!.id) });
  return chooseOne(
    ctx,
    fit.map((p) => ({ label: choiceLabel(p, ctx.lang), tool, input: { ref: shortRef(p.id), ...(input.reason ? { reason: input.reason } : {}) } })),
    { context: tool },
  );
}

type Payout = NonNullable<Awaited<ReturnType<typeof findPayoutByRef>>>;

function payoutSubject(p: Payout, lang: Lang): string {
  return translator(lang)('chat:admin.change.payoutOf', { ref: shortRef(p.id), name: p.user.name, email: p.user.email }) as string;
}

function payoutRows(p: Payout, lang: Lang, after: 'approved' | 'rejected'): ChangeView['rows'] {
  const t = translator(lang);
  const amount = formatEuro(p.amountCents, lang);
  const method = p.method.type === 'paypal' ? `PayPal ${p.method.paypalEmail ?? ''}` : `IBAN •••• ${p.method.ibanLast4 ?? ''}`;
  return [
    { label: t('chat:admin.change.status') as string, before: statusLabel(lang, p.status), after: statusLabel(lang, after) },
    { label: t('chat:admin.change.amount') as string, before: amount, after: amount },
    { label: t('chat:admin.change.method') as string, before: method, after: method },
  ];
}

/** The facts of a payout for replies and summaries. */
const facts = (p: Payout, lang: Lang) => ({ ref: shortRef(p.id), name: p.user.name, email: p.user.email, amount: formatEuro(p.amountCents, lang) });

const namedInput = {
  ref: z.string().trim().min(6).max(40).optional().describe("The payout's reference ('#a1b2c3'), when the admin named it"),
  hint: z.string().trim().max(300).optional().describe("How the admin named the payout otherwise: the person's name or e-mail, the amount"),
};

/** The admin's words: the reference, or the whole message as the hint. */
function namedSlots(text: string): Named {
  const ref = refOf(text);
  return ref ? { ref } : { hint: text.slice(0, 300) };
}

/** Rejecting, not approving: 'ablehnen', 'nicht auszahlen', 'reject', "don't pay". */
export const REJECT_WORDS =
  /\b(ablehn\w*|abgelehnt|lehn\w*|zuruckweis\w*|zuruckgewies\w*|abweis\w*|verweiger\w*|stopp?\w*|nicht (auszahl\w*|freigeb\w*|genehmig\w*|bezahl\w*)|nichts? aus|nix|reject\w*|declin\w*|refus\w*|deny|denied|turn(ed)? down|don'?t (pay|approve)|do not (pay|approve)|not approved|block)\b/;

export const adminPayoutTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listPendingPayouts',
    description:
      'Lists the payouts waiting for approval (held for review first, then requested): who, amount, payout method, reference, since when. Reading changes nothing (admins only).',
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    // An admin asking for 'the payouts' means these (an admin who is also a partner sees their own on the page).
    understand: { intents: ['listPendingPayouts', 'listPayouts'] },
    run: async (ctx) => {
      const queue = await listAdminPayouts(ctx.deps, QUEUE);
      const payouts = queue.slice(0, CHAT_ROWS).map((p) => payoutRow(p, ctx.lang));
      const totalCents = queue.reduce((s, p) => s + p.amountCents, 0);
      const t = translator(ctx.lang);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          payouts,
          count: queue.length,
          shown: payouts.length,
          held: queue.filter((p) => p.status === 'held').length,
          totalCents,
          total: formatEuro(totalCents, ctx.lang),
          name: payouts[0]?.name ?? '',
          list: payouts.map((p) => `• ${t('chat:admin.payoutLine', { ...p })}`).join('\n'),
        } satisfies ListPendingPayoutsData,
        // Each row's actions, as the card's buttons send them.
        choices: payouts.flatMap((p) => [
          { label: t('chat:admin.say.approvePayout', { ref: p.ref }), tool: 'approvePayout', input: { ref: p.ref } },
          { label: t('chat:admin.say.rejectPayout', { ref: p.ref }), tool: 'rejectPayout', input: { ref: p.ref } },
        ]),
      };
    },
  }),
  defineChatTool({
    name: 'approvePayout',
    description:
      "Approves a requested payout, or releases a held one: by its reference, or by how the admin named it in hint (the person's name or e-mail, the amount); with neither, the only waiting payout, or the waiting ones as buttons. Only proposes it: the admin confirms the before/after card.",
    input: z.object(namedInput),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'approvePayout');
      if (isToolOutcome(p)) return p;
      const refused = payoutStepRefusal(p.machineSnapshot, 'APPROVED');
      return refused ? refuse(ctx, refused, { ...facts(p, ctx.lang), status: statusLabel(ctx.lang, p.status), context: 'admin' }) : null;
    },
    // The card names the payout by its full id: the click approves exactly that one.
    pinInput: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'approvePayout');
      return isToolOutcome(p) ? input : { ref: p.id };
    },
    confirmData: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'approvePayout');
      if (isToolOutcome(p)) return {};
      return { change: { subject: payoutSubject(p, ctx.lang), rows: payoutRows(p, ctx.lang, 'approved') } satisfies ChangeView, ...facts(p, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.approvePayout',
      params: { ref: String(data?.ref ?? ''), amount: String(data?.amount ?? ''), email: String(data?.email ?? '') },
    }),
    understand: { intents: ['approvePayout'], slots: ({ text }) => namedSlots(text) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const p = input.ref ? await findPayoutByRef(ctx.deps.db.prisma, input.ref) : null;
        if (!p) return refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: (input.ref ?? '').slice(0, 8) });
        const r = await approvePayout(ctx.deps, ctx.auth.user.id, p.id, 'chat');
        return { accepted: true, state: ctx.machine.state, data: { ...facts(p, ctx.lang), status: statusLabel(ctx.lang, r.status) } };
      }),
  }),
  defineChatTool({
    name: 'rejectPayout',
    description:
      "Rejects a waiting payout with the admin's reason (3 to 300 characters; the person reads it, and the amount returns to their balance): by its reference, or by how the admin named it in hint (the person's name or e-mail, the amount); with neither, the waiting ones as buttons. Only proposes it: the admin confirms the before/after card.",
    input: z.object({ ...namedInput, reason: z.string().trim().max(300).optional().describe("The admin's reason, in their words") }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'rejectPayout');
      if (isToolOutcome(p)) return p;
      const refused = payoutStepRefusal(p.machineSnapshot, 'REJECTED');
      if (refused) return refuse(ctx, refused, { ...facts(p, ctx.lang), status: statusLabel(ctx.lang, p.status), context: 'admin' });
      return payoutRejectReason.safeParse(input.reason ?? '').success ? null : refuse(ctx, 'PAYOUT_REJECT_REASON_REQUIRED', facts(p, ctx.lang));
    },
    pinInput: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'rejectPayout');
      return isToolOutcome(p) ? input : { ref: p.id, reason: input.reason };
    },
    confirmData: async (ctx, input) => {
      const p = await payoutNamed(ctx, input, 'rejectPayout');
      if (isToolOutcome(p)) return {};
      const t = translator(ctx.lang);
      const rows = [
        ...payoutRows(p, ctx.lang, 'rejected'),
        { label: t('chat:admin.change.reason') as string, before: null, after: input.reason ?? '' },
        {
          label: t('chat:admin.change.balance') as string,
          before: null,
          after: t('chat:admin.change.amountBack', { amount: formatEuro(p.amountCents, ctx.lang) }) as string,
        },
      ];
      return { change: { subject: payoutSubject(p, ctx.lang), rows } satisfies ChangeView, ...facts(p, ctx.lang) };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.rejectPayout',
      params: { ref: String(data?.ref ?? ''), amount: String(data?.amount ?? ''), name: String(data?.name ?? ''), reason: input.reason ?? '' },
    }),
    understand: {
      intents: ['rejectPayout'],
      slots: ({ text }) => {
        const reason = reasonAfterCommand(text, REJECT_WORDS);
        return { ...namedSlots(text), ...(reason ? { reason: reason.slice(0, 300) } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const p = input.ref ? await findPayoutByRef(ctx.deps.db.prisma, input.ref) : null;
        if (!p) return refuse(ctx, 'ADMIN_PAYOUT_NOT_FOUND', { ref: (input.ref ?? '').slice(0, 8) });
        const reason = payoutRejectReason.parse(input.reason ?? '');
        const r = await rejectPayout(ctx.deps, p.id, reason, { actorId: ctx.auth.user.id, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { ...facts(p, ctx.lang), reason, status: statusLabel(ctx.lang, r.status) } };
      }),
  }),
];
