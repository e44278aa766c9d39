// The provider's matches and offers by chat, beyond listing, unlocking and writing (market.ts): 'Kein
// Interesse' hides a match (free, as on the dashboard), withdrawing an offer ends it and waits for the click.
// The same domain commands as POST /api/provider/matches/:id/dismiss and POST /api/provider/offers/:id/withdraw.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { dismissMatch, listProviderMatches, type MatchCard } from '../../domain/matching/list-provider-matches.ts';
import { withdrawOffer } from '../../domain/offers/accept-offer.ts';
import { attempt, refCommand, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const provider = { roles: ['provider'] } as const;

const NO_INTEREST = [
  /\bkein(e|en)? interesse\b/,
  /\b(ausblenden|verbergen|ignorieren|passt nicht)\b/,
  /\bnicht (interessiert|interessant)\b/,
  /\bnot interested\b/,
  /\b(hide|dismiss|skip|ignore)\b/,
  /\bno interest\b/,
];
const WITHDRAW = [
  /\bangebot\b.*\b(zurueckziehen|zurueck ziehen|zurueckziehe|zuruecknehmen|stornieren|loeschen)\b/,
  /\bziehe?\b.*\bangebot\b.*\bzurueck\b/,
  /\b(withdraw|retract|cancel|delete)\b.*\boffer\b/,
  /\boffer\b.*\b(withdraw|retract)\b/,
];

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The request's reference shown on the card ('#a1b2c3'), or the offer's");
const clean = (ref: string) => ref.replace(/^#/, '').toLowerCase();

/** The provider's match card for a request reference (or, for an offer, the offer's reference). */
async function cardOf(ctx: ChatToolContext, ref: string): Promise<MatchCard> {
  const { matches } = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user!.id, ctx.lang, { limit: 100 });
  const r = clean(ref);
  const m = matches.find((x) => x.request.id.startsWith(r)) ?? matches.find((x) => x.offer?.id.startsWith(r));
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

async function withdrawable(ctx: ChatToolContext, ref: string) {
  const m = await cardOf(ctx, ref);
  if (!m.offer || m.offer.status !== 'versendet') throw new AppError('OFFER_NOT_AVAILABLE');
  return { match: m, offer: m.offer };
}

export const providerOfferTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'dismissMatch',
    description: "'Kein Interesse': hides a matched request the provider has not unlocked from their feed (free).",
    input: z.object({ request: refInput }),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    offline: { priority: 74, detect: refCommand('request', NO_INTEREST) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await cardOf(ctx, input.request);
        if (m.unlocked || m.status !== 'offen') throw new AppError('REQUEST_NOT_AVAILABLE');
        await dismissMatch(ctx.deps.db.prisma, ctx.auth.user!.id, m.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(m.request.id) } };
      }),
  }),
  defineChatTool({
    name: 'withdrawOffer',
    description: "Withdraws the provider's offer on a request (before it is accepted). Only proposes it: the provider confirms with the button.",
    input: z.object({ request: refInput }),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await withdrawable(ctx, input.request);
      }),
    // The card names the offer by its id: the click withdraws exactly that one.
    pinInput: async (ctx, input) => ({ request: (await withdrawable(ctx, input.request)).offer.id }),
    confirmData: async (ctx, input) => {
      const { match, offer } = await withdrawable(ctx, input.request);
      return { ref: shortRef(match.request.id), priceCents: offer.priceCents, availability: offer.verfuegbarkeit };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.withdrawOffer',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.priceCents ?? 0) },
    }),
    offline: { priority: 78, detect: refCommand('request', WITHDRAW) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const { match, offer } = await withdrawable(ctx, input.request);
        const r = await withdrawOffer(ctx.deps, ctx.auth.user!.id, offer.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(match.request.id), status: r.status } };
      }),
  }),
];
