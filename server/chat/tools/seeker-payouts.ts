// Payout methods and payouts by chat: add a bank account or PayPal address (checked like the dashboard's
// form, shown masked, stored only on the click) or set up Stripe Connect (the click answers Stripe's onboarding link), list and remove methods, see the status of one's payouts.
// The same domain commands as /api/payout-methods and GET /api/payouts. Requesting a payout is market.ts's
// requestPayout (seekers) and affiliate.ts's requestPartnerPayout (partners).
import { z } from 'zod';
import { accountHolderOf, bicOf, emailOf, ibanLikeOf, payoutKindNamed } from '../../ai/understanding/entities.ts';
import {
  addPayoutMethod,
  checkPayoutMethod,
  listPayoutMethods,
  payoutMethodLabel,
  removePayoutMethod,
  type PayoutMethodInput,
  type PayoutMethodView,
} from '../../domain/payouts/payout-methods.ts';
import { listPayouts } from '../../domain/payouts/request-payout.ts';
import { requirePayoutRail } from '../../domain/payouts/payout-rails.ts';
import { startStripeOnboarding } from '../../domain/payouts/start-stripe-onboarding.ts';
import { translator } from '../../i18n.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt, chooseOne, narrowByWords, refuse, refusalOf, shortRef, refOrHint } from './refs.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ListPayoutMethodsData, ListPayoutsData, PayoutMethodChangedData, PayoutMethodRow, PayoutRow } from '../../../core/chat/output-types.ts';

const users = 'user' as const;
const MACHINES = ['intake', 'providerDesk', 'welcome'] as const;

const methodInput = z.object({
  type: z.enum(['bank', 'paypal', 'stripe']).describe("'stripe': payouts through Stripe Connect (Stripe checks the identity and the bank account)"),
  iban: z.string().trim().max(64).optional(),
  bic: z.string().trim().max(20).optional(),
  accountHolder: z.string().trim().max(140).optional().describe("The account holder; the person's own name when left out"),
  email: z.string().trim().max(200).optional().describe('The PayPal address'),
});
type MethodInput = z.infer<typeof methodInput>;

function domainInput(ctx: ChatToolContext<typeof users>, input: MethodInput): PayoutMethodInput {
  if (input.type === 'stripe') throw new Error('Stripe is set up at Stripe, not from fields');
  if (input.type === 'paypal') return { type: 'paypal', ...(input.email ? { email: input.email } : {}) };
  return {
    type: 'bank',
    ...(input.iban ? { iban: input.iban } : {}),
    ...(input.bic ? { bic: input.bic } : {}),
    accountHolder: input.accountHolder || ctx.auth.user.name || undefined,
  };
}

/** The card's view of a method about to be added: masked like the stored ones. */
function preview(ctx: ChatToolContext<typeof users>, input: MethodInput) {
  if (input.type === 'stripe') {
    requirePayoutRail(ctx.deps, 'stripe');
    return { type: 'stripe', label: 'Stripe', accountHolder: null, bic: null };
  }
  requirePayoutRail(ctx.deps, input.type);
  const c = checkPayoutMethod(domainInput(ctx, input));
  return c.type === 'paypal'
    ? { type: 'paypal', label: payoutMethodLabel({ type: 'paypal', paypalEmail: c.email, ibanLast4: null }), accountHolder: null, bic: null }
    : { type: 'bank', label: payoutMethodLabel({ type: 'bank', paypalEmail: null, ibanLast4: c.iban.slice(-4) }), accountHolder: c.accountHolder, bic: c.bic };
}

const methodView = (m: PayoutMethodView): PayoutMethodRow => ({
  ref: shortRef(m.id),
  type: m.type,
  label: m.type === 'stripe' ? `Stripe •••• ${m.stripeAccountLast4 ?? ''}` : payoutMethodLabel(m),
  stripeStatus: m.stripeStatus,
  accountHolder: m.accountHolder,
  verified: m.verified,
});

/** The method to remove: by reference; else the one the words name (PayPal, the IBAN's last digits), or the only one; else the candidates. */
async function methodToRemove(ctx: ChatToolContext<typeof users>, input: { method?: string; hint?: string }): Promise<PayoutMethodView | ToolOutcome> {
  const methods = await listPayoutMethods(ctx.deps, ctx.auth.user.id);
  if (input.method) {
    const m = methods.find((x) => x.id.startsWith(input.method!.replace(/^#/, '').toLowerCase()));
    return m ?? refuse(ctx, 'NOT_FOUND');
  }
  if (!methods.length) return refuse(ctx, 'NO_PAYOUT_METHOD');
  const kind = payoutKindNamed(input.hint ?? '');
  const ofKind = kind ? methods.filter((m) => m.type === kind) : methods;
  const fit = narrowByWords(ofKind.length ? ofKind : methods, input.hint ?? '', (m) => ({ names: [m.paypalEmail, m.ibanLast4, m.bankName, m.accountHolder] }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((m) => ({ label: `#${shortRef(m.id)} · ${payoutMethodLabel(m)}`, tool: 'removePayoutMethod', input: { method: shortRef(m.id) } })),
  );
}

export const payoutMethodTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'addPayoutMethod',
    description:
      'Adds a payout method: a bank account (IBAN, optional BIC, account holder) or a PayPal address. The IBAN and BIC are checked; the card shows them masked. Only proposes it: the person confirms with the button.',
    input: methodInput,
    access: users,
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        preview(ctx, input);
      }),
    // The account holder on the card is the one stored: the person's name when none was given.
    pinInput: (ctx, input) => (input.type === 'bank' ? { ...input, accountHolder: input.accountHolder || ctx.auth.user.name || undefined } : input),
    confirmData: (ctx, input) => ({ method: preview(ctx, input) }),
    confirmSummary: (input, data): { key: string; params?: Record<string, string> } =>
      input.type === 'stripe'
        ? { key: 'confirm.summary.addStripePayouts' }
        : { key: 'confirm.summary.addPayoutMethod', params: { method: String((data?.method as { label?: string } | undefined)?.label ?? '') } },
    understand: {
      intents: ['addPayoutMethod'],
      // The IBAN (valid or mistyped: the check names the fault) or the PayPal address in the message; with
      // neither, the tool says what it needs.
      slots: ({ text }) => {
        const email = emailOf(text);
        const iban = ibanLikeOf(text);
        if (payoutKindNamed(text) === 'stripe') return { type: 'stripe' };
        if (email && (payoutKindNamed(text) === 'paypal' || !iban)) return { type: 'paypal', email };
        if (!iban) return { type: payoutKindNamed(text) ?? 'bank' };
        const bic = bicOf(text);
        const holder = accountHolderOf(text);
        return { type: 'bank', iban, ...(bic ? { bic } : {}), ...(holder ? { accountHolder: holder } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        if (input.type === 'stripe') {
          // Stripe's onboarding opens from the card's link; the person comes back to their payout screen.
          const back = ctx.auth.user.role === 'seeker' ? '/suchende-dashboard?tab=payouts' : '/affiliate/dashboard?tab=profile';
          const started = await startStripeOnboarding(ctx.deps, ctx.auth.user.id, { returnPath: back });
          const m = (await listPayoutMethods(ctx.deps, ctx.auth.user.id)).find((x) => x.id === started.methodId)!;
          return {
            accepted: true,
            state: ctx.machine.state,
            data: { method: methodView(m), label: methodView(m).label, onboardingUrl: started.url } satisfies PayoutMethodChangedData,
          };
        }
        const m = await addPayoutMethod(ctx.deps, ctx.auth.user.id, domainInput(ctx, input));
        return { accepted: true, state: ctx.machine.state, data: { method: methodView(m), label: payoutMethodLabel(m) } satisfies PayoutMethodChangedData };
      }),
  }),
  defineChatTool({
    name: 'listPayoutMethods',
    description: "Lists the person's payout methods (IBAN masked to the last four digits) with their reference.",
    input: z.object({}),
    access: users,
    machine: MACHINES,
    states: '*',
    understand: { intents: ['listPayoutMethods'] },
    run: async (ctx) => {
      const methods = (await listPayoutMethods(ctx.deps, ctx.auth.user.id)).map(methodView);
      const list = methods.map((m) => `#${m.ref} ${m.label}`).join('; ');
      return { accepted: true, state: ctx.machine.state, data: { methods, count: methods.length, list } satisfies ListPayoutMethodsData };
    },
  }),
  defineChatTool({
    name: 'removePayoutMethod',
    description: "Removes one of the person's payout methods by its reference. Only proposes it: the person confirms with the button.",
    input: z.object({
      method: z
        .string()
        .trim()
        .regex(/^#?[0-9a-fA-F-]{6,36}$/)
        .optional(),
      hint: z.string().trim().max(300).optional().describe("How the person named the method ('PayPal', 'the old IBAN ending 3000')"),
    }),
    access: users,
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const m = await methodToRemove(ctx, input);
      return isToolOutcome(m) ? m : null;
    },
    pinInput: async (ctx, input) => {
      const m = await methodToRemove(ctx, input);
      return isToolOutcome(m) ? input : { method: m.id };
    },
    confirmData: async (ctx, input) => {
      const m = await methodToRemove(ctx, input);
      return isToolOutcome(m) ? {} : { method: methodView(m) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.removePayoutMethod',
      params: { method: String((data?.method as { label?: string } | undefined)?.label ?? '') },
    }),
    understand: {
      intents: ['removePayoutMethod'],
      slots: refOrHint('method'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await methodToRemove(ctx, input);
        if (isToolOutcome(m)) return m;
        await removePayoutMethod(ctx.deps, ctx.auth.user.id, m.id);
        return { accepted: true, state: ctx.machine.state, data: { method: methodView(m), label: payoutMethodLabel(m) } satisfies PayoutMethodChangedData };
      }),
  }),
  defineChatTool({
    name: 'listPayouts',
    description: "Shows the person's payouts with amount, method (masked) and status (requested, paid, failed, rejected).",
    input: z.object({}),
    access: users,
    machine: MACHINES,
    states: '*',
    understand: { intents: ['listPayouts'] },
    run: async (ctx) => {
      const payouts = (await listPayouts(ctx.deps.db.prisma, ctx.auth.user.id)).slice(0, 10).map(
        (p): PayoutRow => ({
          ref: shortRef(p.id),
          amountCents: p.amountCents,
          method: p.method.label,
          source: p.source,
          status: p.status,
          requestedAt: p.requestedAt,
        }),
      );
      const t = translator(ctx.lang);
      const list = payouts
        .map((p) => `${formatEuro(p.amountCents, ctx.lang)} · ${p.method} · ${t(`chat:status.${p.status}`, { defaultValue: p.status }) as string}`)
        .join('; ');
      return {
        accepted: true,
        state: ctx.machine.state,
        data: { payouts, count: payouts.length, list, latest: payouts[0]?.status ?? null } satisfies ListPayoutsData,
      };
    },
  }),
];
