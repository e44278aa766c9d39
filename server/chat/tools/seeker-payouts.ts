// Payout methods and payouts by chat: add a bank account or PayPal address (checked like the dashboard's
// form, shown masked, stored only on the click), list and remove methods, see the status of one's payouts.
// The same domain commands as /api/payout-methods and GET /api/payouts. Requesting a payout is market.ts's
// requestPayout (seekers) and affiliate.ts's requestPartnerPayout (partners).
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
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
import { translator } from '../../i18n.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt, refOf, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ListPayoutMethodsData, ListPayoutsData, PayoutMethodChangedData, PayoutMethodRow, PayoutRow } from '../../../core/chat/output-types.ts';

const users = 'user' as const;
const MACHINES = ['intake', 'providerDesk', 'welcome'] as const;

const METHOD_WORDS =
  /\b(auszahlungs-?(methode|methoden|weg|wege|konto|konten)|bankverbindung(en)?|bankkonto|konto|iban|paypal|payout methods?|bank account|account)\b/;
const ADD = [/\b(fueg|fuege|hinzufuegen|hinzu|hinterleg|hinterlege|hinterlegen|speicher|speichere|speichern|neue|neues|add|save|new)\b/];
const REMOVE = [/\b(entfern|entferne|entfernen|loesch|loesche|loeschen|streich|streiche|remove|delete)\b/];
const LIST = [
  /\b(meine|zeig|zeige|welche)\b.*\b(auszahlungs-?methoden|auszahlungswege|bankverbindungen|bankverbindung|auszahlungskonten)\b/,
  /^(auszahlungs-?methoden|payout methods)[.!?]*$/,
  /\b(show|list|see|my|which)\b.*\bpayout methods?\b/,
];
const STATUS = [
  /\b(status|stand)\b.*\bauszahlung(en)?\b/,
  /\bauszahlung(en)?\b.*\b(status|stand|angekommen|unterwegs|bearbeitet)\b/,
  /\b(wo|wann kommt) (ist|bleibt)? ?meine auszahlung\b/,
  /\bmeine auszahlungen\b/,
  /\bstatus\b.*\bpayouts?\b/,
  /\bpayouts?\b.*\bstatus\b/,
  /\b(my|where is my) payouts?\b/,
];

// 'DE89 3704 0044 0532 0130 00' (capitals and digits in blocks), a BIC after 'BIC', an account holder after
// 'Kontoinhaber' / 'account holder', a PayPal address.
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?)\b/;
const BIC = /\bbic:?\s*([A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?)\b/i;
const HOLDER = /\b(?:kontoinhaber(?:in)?|inhaber(?:in)?|account holder|holder)\s*:?\s*([^,;.\n]+)/i;
const EMAIL = /\b([^\s@,;]+@[^\s@,;]+\.[a-z]{2,})\b/i;

const methodInput = z.object({
  type: z.enum(['bank', 'paypal']),
  iban: z.string().trim().max(64).optional(),
  bic: z.string().trim().max(20).optional(),
  accountHolder: z.string().trim().max(140).optional().describe("The account holder; the person's own name when left out"),
  email: z.string().trim().max(200).optional().describe('The PayPal address'),
});
type MethodInput = z.infer<typeof methodInput>;

function domainInput(ctx: ChatToolContext, input: MethodInput): PayoutMethodInput {
  if (input.type === 'paypal') return { type: 'paypal', ...(input.email ? { email: input.email } : {}) };
  return {
    type: 'bank',
    ...(input.iban ? { iban: input.iban } : {}),
    ...(input.bic ? { bic: input.bic } : {}),
    accountHolder: input.accountHolder || ctx.auth.user?.name || undefined,
  };
}

/** The card's view of a method about to be added: masked like the stored ones. */
function preview(ctx: ChatToolContext, input: MethodInput) {
  const c = checkPayoutMethod(domainInput(ctx, input));
  return c.type === 'paypal'
    ? { type: 'paypal', label: payoutMethodLabel({ type: 'paypal', paypalEmail: c.email, ibanLast4: null }), accountHolder: null, bic: null }
    : { type: 'bank', label: payoutMethodLabel({ type: 'bank', paypalEmail: null, ibanLast4: c.iban.slice(-4) }), accountHolder: c.accountHolder, bic: c.bic };
}

const methodView = (m: PayoutMethodView): PayoutMethodRow => ({
  ref: shortRef(m.id),
  type: m.type,
  label: payoutMethodLabel(m),
  accountHolder: m.accountHolder,
  verified: m.verified,
});

async function ownMethod(ctx: ChatToolContext, ref: string) {
  const m = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).find((x) => x.id.startsWith(ref.replace(/^#/, '').toLowerCase()));
  if (!m) throw new AppError('NOT_FOUND');
  return m;
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
    pinInput: (ctx, input) => (input.type === 'bank' ? { ...input, accountHolder: input.accountHolder || ctx.auth.user?.name || undefined } : input),
    confirmData: (ctx, input) => ({ method: preview(ctx, input) }),
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.addPayoutMethod',
      params: { method: String((data?.method as { label?: string } | undefined)?.label ?? '') },
    }),
    offline: {
      priority: 87,
      detect: ({ text }) => {
        const n = normalize(text);
        const iban = IBAN.exec(text)?.[1];
        const email = /paypal/.test(n) ? EMAIL.exec(text)?.[1] : undefined;
        if (!iban && !email) return null;
        if (!matchesAny(n, ADD) || matchesAny(n, REMOVE)) return null;
        if (email) return { type: 'paypal', email };
        const bic = BIC.exec(text)?.[1];
        const holder = HOLDER.exec(text)?.[1]?.trim();
        return { type: 'bank', iban: iban!, ...(bic ? { bic } : {}), ...(holder ? { accountHolder: holder } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await addPayoutMethod(ctx.deps, ctx.auth.user!.id, domainInput(ctx, input));
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
    offline: { priority: 83, detect: ({ text }) => (matchesAny(normalize(text), LIST) && !matchesAny(normalize(text), REMOVE) ? {} : null) },
    run: async (ctx) => {
      const methods = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).map(methodView);
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
        .regex(/^#?[0-9a-fA-F-]{6,36}$/),
    }),
    access: users,
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await ownMethod(ctx, input.method);
      }),
    pinInput: async (ctx, input) => ({ method: (await ownMethod(ctx, input.method)).id }),
    confirmData: async (ctx, input) => ({ method: methodView(await ownMethod(ctx, input.method)) }),
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.removePayoutMethod',
      params: { method: String((data?.method as { label?: string } | undefined)?.label ?? '') },
    }),
    offline: {
      priority: 87,
      detect: ({ text }) => {
        const n = normalize(text);
        const ref = refOf(text);
        return ref && matchesAny(n, REMOVE) && METHOD_WORDS.test(n) ? { method: ref } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await ownMethod(ctx, input.method);
        await removePayoutMethod(ctx.deps, ctx.auth.user!.id, m.id);
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
    offline: { priority: 84, detect: ({ text }) => (matchesAny(normalize(text), STATUS) && !/\bmethods?\b|methoden?\b/.test(normalize(text)) ? {} : null) },
    run: async (ctx) => {
      const payouts = (await listPayouts(ctx.deps.db.prisma, ctx.auth.user!.id)).slice(0, 10).map(
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
