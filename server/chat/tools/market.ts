// The marketplace by chat: what both sides share (the balance, confirming a deal) and the tool list. The
// provider's tools are in provider-market.ts, the seeker's in seeker-market.ts; references and refusals in
// refs.ts, the offline detectors in market-detectors.ts, the typed forms in market-forms.ts. Every tool calls
// the same domain commands as the dashboards.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { confirmDeal } from '../../domain/deals/confirm-deal.ts';
import { checkDealConfirmable } from '../../domain/deals/check-deal-confirmable.ts';
import { listUserDeals } from '../../domain/deals/list-user-deals.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { getCurrentPrices } from '../../domain/prices/list-price-entries.ts';
import { cleanRef, resolveDealRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';
import type { ShowBalanceData } from '../../../core/chat/output-types.ts';
import { attempt, refCommand, refInput, refusalOf, shortRef } from './refs.ts';
import { BALANCE, CONFIRM_DEAL } from './market-detectors.ts';
import { providerMarketTools } from './provider-market.ts';
import { seekerMarketTools } from './seeker-market.ts';

// Kept for code written against the file before it was split (decision 052); new code imports from the parts.
export { attempt, refCommand, refOf, refusalOf, shortRef } from './refs.ts';
export { categoryNamed, PAYOUT } from './market-detectors.ts';
export { amountOf, offerLineOf, OFFER_FORM, parseEuro, parseOfferForm, parseReviewForm, REVIEW_FORM, type OfferForm, type ReviewForm } from './market-forms.ts';

const showBalance = defineChatTool({
  name: 'showBalance',
  description: "Shows the person's balance: a provider's Goints, a seeker's earnings from deals (Goints and euros).",
  input: z.object({}),
  access: { roles: ['provider', 'seeker'] },
  machine: ['providerDesk', 'intake'],
  // Any point of the conversation: the answer does not move the flow (decision 050).
  states: '*',
  offline: { priority: 45, detect: ({ text }) => (matchesAny(normalize(text), BALANCE) ? {} : null) },
  run: async (ctx) => {
    const [w, prices] = await Promise.all([getWallet(ctx.deps.db.prisma, ctx.auth.user!.id, { movements: 5 }), getCurrentPrices(ctx.deps.db.prisma)]);
    return {
      accepted: true,
      state: ctx.machine.state,
      data: {
        priceFrom: prices.minGoints,
        role: ctx.auth.user!.role,
        context: ctx.auth.user!.role,
        goints: w.goints,
        earningsGoints: w.earnings.goints,
        earningsCents: w.earnings.cents,
        earningsEuro: formatEuro(w.earnings.cents, ctx.lang),
        movements: w.movements,
      } satisfies ShowBalanceData,
    };
  },
});

const confirmDealTool = defineChatTool({
  name: 'confirmDeal',
  description:
    'Confirms a deal (accepted offer) for the person. Only proposes it: the person confirms with the button. When both sides have confirmed, the deal is completed.',
  input: z.object({ deal: refInput }),
  access: { roles: ['provider', 'seeker'] },
  machine: ['providerDesk', 'intake'],
  states: '*',
  requiresConfirmation: true,
  precheck: (ctx, input) =>
    refusalOf(ctx, async () => {
      const id = await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal);
      if (!id) throw new AppError('NOT_FOUND');
      // The deal machine's answer to this side's confirmation, before the card is shown.
      await checkDealConfirmable(ctx.deps.db.prisma, ctx.auth.user!.id, id);
    }),
  confirmData: async (ctx, input) => {
    const id = (await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal))!;
    const deal = (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user!.id)).find((d) => d.id === id);
    return deal ? { deal, ref: shortRef(id) } : { ref: shortRef(id) };
  },
  confirmSummary: (input, data) => {
    const deal = (data?.deal ?? null) as { valueCents: number; counterpart: string } | null;
    return {
      key: 'confirm.summary.confirmDeal',
      params: { ref: shortRef(cleanRef(input.deal)), price: deal ? deal.valueCents : '', counterpart: deal?.counterpart ?? '' },
    };
  },
  offline: {
    priority: 75,
    detect: refCommand('deal', CONFIRM_DEAL),
  },
  run: (ctx, input) =>
    attempt(ctx, async () => {
      const id = await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal);
      if (!id) throw new AppError('NOT_FOUND');
      const r = await confirmDeal(ctx.deps, ctx.auth.user!.id, id);
      return { accepted: true, state: ctx.machine.state, data: { ...r, ref: shortRef(id) } };
    }),
});

export const marketTools: AnyChatToolDef[] = [showBalance, confirmDealTool, ...providerMarketTools, ...seekerMarketTools];
