// The provider's matches and offers by chat, beyond listing, unlocking and writing (market.ts): 'Kein
// Interesse' hides a match (free, as on the dashboard), withdrawing an offer ends it and waits for the click.
// The same domain commands as POST /api/provider/matches/:id/dismiss and POST /api/provider/offers/:id/withdraw.
import { z } from 'zod';
import { offerAllows } from '../../../machines/offer.machine.ts';
import { AppError } from '../../../core/errors.ts';
import { dismissMatch, isDismissable, listProviderMatches, type MatchCard } from '../../domain/matching/list-provider-matches.ts';
import { withdrawOffer } from '../../domain/offers/accept-offer.ts';
import { categoryLabel } from '../../ai/nlu/index.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { attempt, chooseOne, narrowByWords, refuse, shortRef, refOrHint } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import type { ListMatchesData } from '../../../core/chat/output-types.ts';

const provider = { roles: ['provider'] } as const;

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The request's reference shown on the card ('#a1b2c3'), or the offer's");
const clean = (ref: string) => ref.replace(/^#/, '').toLowerCase();

type ProviderCtx = ChatToolContext<typeof provider>;
const card = (m: MatchCard) => ({ ...m, ref: shortRef(m.request.id), dealRef: m.deal ? shortRef(m.deal.id) : null });
const placeOf = (m: MatchCard) => (m.unlocked ? m.request.place : m.request.placeMasked);

/**
 * The match a provider means: by the request's (or the offer's) reference; else, of the matches the step
 * fits, the one the words name (category, place, price), or the only one; else the candidates as buttons.
 */
async function matchFor(
  ctx: ProviderCtx,
  input: { request?: string; hint?: string },
  step: { tool: 'dismissMatch' | 'withdrawOffer'; fits: (m: MatchCard) => boolean; none: string },
): Promise<MatchCard | ToolOutcome> {
  const { matches } = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user.id, ctx.lang, { limit: 100 });
  if (input.request) {
    const r = clean(input.request);
    return matches.find((x) => x.request.id.startsWith(r)) ?? matches.find((x) => x.offer?.id.startsWith(r)) ?? refuse(ctx, 'NOT_FOUND');
  }
  const fitting = matches.filter(step.fits);
  if (!fitting.length) return refuse(ctx, step.none);
  const fit = narrowByWords(fitting, input.hint ?? '', (m) => ({
    names: [categoryLabel(m.request.kategorie, ctx.lang), placeOf(m), m.request.title],
    amountCents: m.offer?.priceCents ?? null,
  }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((m) => ({
      label: `#${shortRef(m.request.id)} · ${categoryLabel(m.request.kategorie, ctx.lang)}${placeOf(m) ? ` · ${placeOf(m)}` : ''}${m.offer ? ` · ${formatEuro(m.offer.priceCents, ctx.lang)}` : ''}`,
      tool: step.tool,
      input: { request: shortRef(m.request.id) },
    })),
  );
}

const WITHDRAW = {
  tool: 'withdrawOffer',
  fits: (m: MatchCard) => m.offer !== null && offerAllows(m.offer.status, 'OFFER_WITHDRAWN'),
  none: 'NO_OFFER_TO_WITHDRAW',
} as const;
const DISMISS = { tool: 'dismissMatch', fits: isDismissable, none: 'NO_REQUEST_TO_DISMISS' } as const;

async function withdrawable(ctx: ProviderCtx, input: { request?: string; hint?: string }) {
  const m = await matchFor(ctx, input, WITHDRAW);
  if (isToolOutcome(m)) return m;
  if (!m.offer || !offerAllows(m.offer.status, 'OFFER_WITHDRAWN')) return refuse(ctx, 'OFFER_NOT_AVAILABLE');
  return { match: m, offer: m.offer };
}

const requestOrHint = refOrHint('request');
const hintInput = z.string().trim().max(300).optional().describe('How the provider named it, when not by its reference (category, place, price)');

export const providerOfferTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'dismissMatch',
    description: "'Kein Interesse': hides a matched request the provider has not unlocked from their feed (free).",
    input: z.object({ request: refInput.optional(), hint: hintInput }),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    understand: { intents: ['dismissMatch'], slots: requestOrHint },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await matchFor(ctx, input, DISMISS);
        if (isToolOutcome(m)) return m;
        if (!isDismissable(m)) throw new AppError('REQUEST_NOT_AVAILABLE');
        await dismissMatch(ctx.deps.db.prisma, ctx.auth.user.id, m.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(m.request.id) } };
      }),
  }),
  defineChatTool({
    name: 'withdrawOffer',
    description: "Withdraws the provider's offer on a request (before it is accepted). Only proposes it: the provider confirms with the button.",
    input: z.object({ request: refInput.optional(), hint: hintInput }),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const w = await withdrawable(ctx, input);
      return isToolOutcome(w) ? w : null;
    },
    // The card names the offer by its id: the click withdraws exactly that one.
    pinInput: async (ctx, input) => {
      const w = await withdrawable(ctx, input);
      return isToolOutcome(w) ? input : { request: w.offer.id };
    },
    confirmData: async (ctx, input) => {
      const w = await withdrawable(ctx, input);
      if (isToolOutcome(w)) return {};
      return { ref: shortRef(w.match.request.id), priceCents: w.offer.priceCents, availability: w.offer.verfuegbarkeit };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.withdrawOffer',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.priceCents ?? 0) },
    }),
    understand: { intents: ['withdrawOffer'], slots: requestOrHint },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const w = await withdrawable(ctx, input);
        if (isToolOutcome(w)) return w;
        const { match, offer } = w;
        const r = await withdrawOffer(ctx.deps, ctx.auth.user.id, offer.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(match.request.id), status: r.status } };
      }),
  }),
  defineChatTool({
    name: 'listSentOffers',
    description:
      "Lists the requests the provider has sent an offer for, with each offer's price and status (sent, accepted, declined, withdrawn) and its deal.",
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    understand: { intents: ['listSentOffers'] },
    run: (ctx) =>
      attempt(ctx, async () => {
        const feed = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user.id, ctx.lang, { limit: 100 });
        const shown = feed.matches
          .filter((m) => m.offer)
          .slice(0, 6)
          .map(card);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            matches: shown,
            count: shown.length,
            more: feed.matches.filter((m) => m.offer).length > shown.length,
            balance: feed.balance,
            filter: {},
          } satisfies ListMatchesData,
        };
      }),
  }),
];
