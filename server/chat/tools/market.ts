// The marketplace by chat: what both sides share (the balance, confirming a deal) and the tool list. The
// provider's tools are in provider-market.ts, the seeker's in seeker-market.ts; references and refusals in
// refs.ts, the offline detectors in market-detectors.ts, the typed forms in market-forms.ts. Every tool calls
// the same domain commands as the dashboards.
import { z } from 'zod';
import { translator } from '../../i18n.ts';
import { dealAllows } from '../../../machines/deal.machine.ts';
import { AppError } from '../../../core/errors.ts';
import { confirmDeal } from '../../domain/deals/confirm-deal.ts';
import { checkDealConfirmable } from '../../domain/deals/check-deal-confirmable.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { getCurrentPrices } from '../../domain/prices/list-price-entries.ts';
import { resolveDealRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ShowBalanceData } from '../../../core/chat/output-types.ts';
import { attempt, refInput, refusalOf, shortRef, refOrHint } from './refs.ts';
import { dealMeant } from './deal-choice.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { providerMarketTools } from './provider-market.ts';
import { seekerMarketTools } from './seeker-market.ts';

const showBalance = defineChatTool({
  name: 'showBalance',
  description: "Shows the person's balance: a provider's Goints, a seeker's earnings from deals (Goints and euros).",
  input: z.object({}),
  access: { roles: ['provider', 'seeker'] },
  machine: ['providerDesk', 'intake'],
  // Any point of the conversation: the answer does not move the flow (decision 050).
  states: '*',
  understand: { intents: ['showBalance'] },
  run: async (ctx) => {
    const [w, prices] = await Promise.all([getWallet(ctx.deps.db.prisma, ctx.auth.user.id, { movements: 5 }), getCurrentPrices(ctx.deps.db.prisma)]);
    return {
      accepted: true,
      state: ctx.machine.state,
      data: {
        priceFrom: prices.minGoints,
        role: ctx.auth.user.role,
        context: ctx.auth.user.role,
        goints: w.goints,
        earningsGoints: w.earnings.goints,
        earningsCents: w.earnings.cents,
        earningsEuro: formatEuro(w.earnings.cents, ctx.lang),
        movements: w.movements,
      } satisfies ShowBalanceData,
    };
  },
});

type DealInput = { deal?: string; hint?: string };

/** The deal the person means to confirm: of the deals waiting for this person's confirmation (the deal machine's rule). */
const dealToConfirm = (ctx: ChatToolContext<{ roles: ['provider', 'seeker'] }>, input: DealInput) =>
  dealMeant(ctx, input, {
    applies: (d) => dealAllows(d.status, d.role === 'provider' ? 'PROVIDER_CONFIRMED' : 'SEEKER_CONFIRMED'),
    tool: 'confirmDeal',
    none: 'NO_DEAL_TO_CONFIRM',
  });

const confirmDealTool = defineChatTool({
  name: 'confirmDeal',
  description:
    'Confirms a deal (accepted offer) for the person: by its reference, or by the words the person named it with (the other side, the amount) in hint; with neither, the only deal waiting for them, or the candidates as buttons. Only proposes it: the person confirms with the button. When both sides have confirmed, the deal is completed.',
  input: z.object({
    deal: refInput.optional(),
    hint: z.string().trim().max(300).optional().describe('How the person named the deal, when not by its reference (a name, an amount)'),
  }),
  access: { roles: ['provider', 'seeker'] },
  machine: ['providerDesk', 'intake'],
  states: '*',
  requiresConfirmation: true,
  precheck: async (ctx, input) => {
    const deal = await dealToConfirm(ctx, input);
    if (isToolOutcome(deal)) return deal;
    // The deal machine's answer to this side's confirmation, before the card is shown.
    return refusalOf(ctx, () => checkDealConfirmable(ctx.deps.db.prisma, ctx.auth.user.id, deal.id));
  },
  // The card names the deal by its full id: the click confirms exactly that one.
  pinInput: async (ctx, input) => {
    const deal = await dealToConfirm(ctx, input);
    return isToolOutcome(deal) ? input : { deal: deal.id };
  },
  confirmData: async (ctx, input) => {
    const deal = await dealToConfirm(ctx, input);
    return isToolOutcome(deal) ? {} : { deal, ref: shortRef(deal.id) };
  },
  confirmSummary: (_input, data) => {
    const deal = (data?.deal ?? null) as { valueCents: number; counterpart: string } | null;
    return {
      key: 'confirm.summary.confirmDeal',
      params: { ref: String(data?.ref ?? ''), price: deal ? deal.valueCents : '', counterpart: deal?.counterpart ?? '' },
    };
  },
  understand: {
    intents: ['confirmDeal'],
    slots: refOrHint('deal'),
  },
  run: (ctx, input) =>
    attempt(ctx, async () => {
      const id = input.deal ? await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user.id, input.deal) : null;
      if (!id) throw new AppError('NOT_FOUND');
      const r = await confirmDeal(ctx.deps, ctx.auth.user.id, id);
      // A completed deal can be rated at once: the button opens the rating form (the seeker's side).
      const rate =
        r.status === 'completed' && ctx.auth.user.role === 'seeker'
          ? [{ label: translator(ctx.lang)('chat:intents.rateDeal.label') as string, tool: 'rateDeal', input: { deal: shortRef(id) } }]
          : [];
      return { accepted: true, state: ctx.machine.state, data: { ...r, ref: shortRef(id) }, ...(rate.length ? { choices: rate } : {}) };
    }),
});

export const marketTools: AnyChatToolDef[] = [showBalance, confirmDealTool, ...providerMarketTools, ...seekerMarketTools];
