// The provider's marketplace by chat: the matches as cards, unlocking one (the person confirms; the model
// cannot), the offer form, the Goints packages. The same domain commands as the provider dashboard.
import { z } from 'zod';
import { waitFor, createActor } from 'xstate';
import { AppError } from '../../../core/errors.ts';
import { quoteRefusal, unlockMachineWith } from '../../../machines/unlock.machine.ts';
import { listProviderMatches, type MatchCard } from '../../domain/matching/list-provider-matches.ts';
import { getUnlockQuote } from '../../domain/unlocks/get-unlock-quote.ts';
import { unlockRequest } from '../../domain/unlocks/unlock-request.ts';
import { createOffer } from '../../domain/offers/create-offer.ts';
import { checkOfferCanBeMade } from '../../domain/offers/check-offer.ts';
import { euroAmount } from '../../../core/offers/offers.schemas.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { requireProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { listPackages } from '../../../core/shop/packages.ts';
import { getCurrentPrices } from '../../domain/prices/list-price-entries.ts';
import { resolveRequestRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { CATEGORY_IDS } from '../../ai/nlu/categories.ts';
import { defineChatTool, sendMachineEvent, type AnyChatToolDef } from './registry.ts';
import type { BuyGointsData, ListMatchesData } from '../../../core/chat/output-types.ts';
import { attempt, refCommand, refInput, refuse, refusalOf, shortRef } from './refs.ts';
import { BUY, CANCEL, categoryNamed, LIST_MATCHES, START_OFFER, UNLOCK, URGENT_ONLY } from './market-detectors.ts';
import { OFFER_FORM, offerLineOf, parseOfferForm } from './market-forms.ts';

const provider = { roles: ['provider'] } as const;
/** How many cards a chat answer shows; the dashboards show all. */
const CHAT_CARDS = 6;

const card = (m: MatchCard) => ({ ...m, ref: shortRef(m.request.id), dealRef: m.deal ? shortRef(m.deal.id) : null });

export const providerMarketTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listMatches',
    description:
      "Lists the provider's newest matching requests as cards: a teaser until unlocked, then the details and the seeker's contact, with the offer and deal on it.",
    input: z.object({
      category: z.enum(CATEGORY_IDS).optional().describe('Only requests of this category'),
      urgentOnly: z.boolean().optional().describe("Only urgent requests ('nur dringende')"),
    }),
    access: provider,
    machine: 'providerDesk',
    states: ['ready', 'writingOffer'],
    offline: {
      priority: 50,
      detect: ({ text }) => {
        if (!matchesAny(normalize(text), LIST_MATCHES)) return null;
        const category = categoryNamed(text);
        return { ...(category ? { category } : {}), ...(URGENT_ONLY.test(normalize(text)) ? { urgentOnly: true } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        await requireProviderProfile(ctx.deps.db.prisma, ctx.auth.user!.id);
        const filter = { ...(input.category ? { category: input.category } : {}), ...(input.urgentOnly ? { urgentOnly: true } : {}) };
        const feed = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user!.id, ctx.lang, { limit: CHAT_CARDS + 1, filter });
        const shown = feed.matches.slice(0, CHAT_CARDS).map(card);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { matches: shown, count: shown.length, more: feed.matches.length > CHAT_CARDS, balance: feed.balance, filter } satisfies ListMatchesData,
        };
      }),
  }),
  defineChatTool({
    name: 'unlockRequest',
    description:
      "Unlocks a matched request's details and contact for the unlock price of its category (price list; 50 Goints by default). Only proposes it: the provider sees price, balance and 'x of N unlocked' and confirms with the button.",
    input: z.object({ request: refInput }),
    access: provider,
    machine: 'providerDesk',
    states: ['ready'],
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const id = await resolveRequestRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.request);
        if (!id) throw new AppError('NOT_FOUND');
        const q = await getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user!.id, id);
        // The unlock machine's own guards, before the card is shown (the same function).
        const refusal = quoteRefusal(q);
        if (refusal) throw new AppError(refusal, refusal === 'INSUFFICIENT_GOINTS' ? { params: { price: q.price } } : {});
      }),
    confirmData: async (ctx, input) => {
      const id = (await resolveRequestRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.request))!;
      const [quote, feed] = await Promise.all([
        getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user!.id, id),
        listProviderMatches(ctx.deps.db.prisma, ctx.auth.user!.id, ctx.lang, { limit: 100 }),
      ]);
      const m = feed.matches.find((x) => x.request.id === id);
      return { quote, ref: shortRef(id), ...(m ? { match: card(m) } : {}) };
    },
    confirmSummary: (_input, data) => {
      const q = data?.quote as { price: number; balance: number; unlocked: number; max: number } | undefined;
      return {
        key: 'confirm.summary.unlockRequest',
        params: {
          ref: String(data?.ref ?? ''),
          price: q?.price ?? 0,
          balance: q?.balance ?? 0,
          count: q?.unlocked ?? 0,
          unlocked: q?.unlocked ?? 0,
          max: q?.max ?? 0,
        },
      };
    },
    offline: {
      priority: 70,
      detect: refCommand('request', UNLOCK),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const providerId = ctx.auth.user!.id;
        const id = await resolveRequestRef(ctx.deps.db.prisma, providerId, input.request);
        if (!id) throw new AppError('NOT_FOUND');
        // The same unlock machine as the dashboard, with the domain commands as its operations.
        const actor = createActor(
          unlockMachineWith({ quote: (r) => getUnlockQuote(ctx.deps.db.prisma, providerId, r), unlock: (r) => unlockRequest(ctx.deps, providerId, r) }),
          { input: { requestId: id } },
        );
        actor.start();
        const ready = await waitFor(
          actor,
          (s) => s.status === 'done' || ['awaitingConfirmation', 'quoteFailed', 'insufficientGoints', 'failed'].includes(String(s.value)),
          { timeout: 15_000 },
        );
        if (ready.value === 'awaitingConfirmation') actor.send({ type: 'CONFIRM' });
        const end = await waitFor(actor, (s) => s.status === 'done' || ['quoteFailed', 'insufficientGoints', 'failed'].includes(String(s.value)), {
          timeout: 15_000,
        });
        actor.stop();
        const state = String(end.value);
        const unavailable =
          end.context.quote?.reason === 'inDeal' || end.context.error === 'REQUEST_DEAL_PENDING' ? 'REQUEST_DEAL_PENDING' : 'REQUEST_NOT_AVAILABLE';
        const reason = {
          insufficientGoints: 'INSUFFICIENT_GOINTS',
          soldOut: 'REQUEST_SOLD_OUT',
          unavailable,
          failed: 'UNLOCK_FAILED',
          quoteFailed: 'NOT_FOUND',
          cancelled: 'UNLOCK_FAILED',
        }[state];
        if (reason) throw new AppError(reason as 'UNLOCK_FAILED', reason === 'INSUFFICIENT_GOINTS' ? { params: { price: end.context.quote?.price ?? 0 } } : {});
        const feed = await listProviderMatches(ctx.deps.db.prisma, providerId, ctx.lang, { limit: 100 });
        const m = feed.matches.find((x) => x.request.id === id);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { ref: shortRef(id), balance: end.context.result?.balance ?? feed.balance, ...(m ? { match: card(m) } : {}) },
        };
      }),
  }),
  defineChatTool({
    name: 'startOffer',
    description:
      "Opens the offer form for an unlocked request (price in euros, availability, description). Details the provider already wrote ('Angebot für #a1b2c3: 180 €, morgen ab 8 Uhr, inkl. Material') go into prefill, as written.",
    input: z.object({
      request: refInput,
      prefill: z
        .object({ price: z.string().max(20).optional(), verfuegbarkeit: z.string().max(200).optional(), beschreibung: z.string().max(2000).optional() })
        .optional()
        .describe('What the provider already wrote, put into the form for them to check'),
    }),
    access: provider,
    machine: 'providerDesk',
    states: ['ready', 'writingOffer'],
    offline: {
      priority: 72,
      detect: (i) => {
        const found = refCommand('request', START_OFFER)(i);
        if (!found) return null;
        const prefill = offerLineOf(i.text);
        return prefill ? { ...found, prefill } : found;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const providerId = ctx.auth.user!.id;
        const id = await resolveRequestRef(ctx.deps.db.prisma, providerId, input.request);
        if (!id) throw new AppError('NOT_FOUND');
        // The offer rule of createOffer, before the form opens.
        await checkOfferCanBeMade(ctx.deps.db.prisma, providerId, id);
        const outcome = await sendMachineEvent(ctx, { type: 'OFFER_STARTED', requestId: id });
        const feed = await listProviderMatches(ctx.deps.db.prisma, providerId, ctx.lang, { limit: 100 });
        const m = feed.matches.find((x) => x.request.id === id);
        return { ...outcome, data: { ref: shortRef(id), ...(m ? { match: card(m) } : {}), ...(input.prefill ? { prefill: input.prefill } : {}) } };
      }),
  }),
  defineChatTool({
    name: 'submitOffer',
    description:
      "The provider pressed 'Angebot senden' on the offer form: pass the form string ('Angebot: Anfrage: #…; Preis: …; Verfügbarkeit: …; Beschreibung: …;') unchanged.",
    input: z.object({ output: z.string().trim().min(1).max(4000).describe('The form string, unchanged') }),
    access: provider,
    machine: 'providerDesk',
    states: ['writingOffer'],
    fromPersonOnly: (input) => input.output,
    offline: { priority: 80, detect: ({ text }) => (OFFER_FORM.test(text) && text.includes(';') ? { output: text.trim() } : null) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const form = parseOfferForm(input.output);
        const requestId = (ctx.machine.context as { offerRequestId?: string | null }).offerRequestId ?? null;
        if (!requestId || (form.ref && !requestId.startsWith(form.ref))) throw new AppError('NOT_FOUND');
        const parsed = z
          .object({ price: euroAmount, verfuegbarkeit: z.string().trim().min(2).max(200), beschreibung: z.string().trim().min(10).max(2000) })
          .safeParse(form);
        if (!parsed.success) return refuse(ctx, 'OFFER_FORM_INVALID', { fields: parsed.error.issues.map((i) => String(i.path[0])).join(', ') });
        const offer = await createOffer(ctx.deps, ctx.auth.user!.id, { requestId, ...parsed.data });
        const outcome = await sendMachineEvent(ctx, { type: 'OFFER_SENT' });
        return {
          ...outcome,
          data: { ref: shortRef(requestId), priceCents: offer.priceCents, price: formatEuro(offer.priceCents, ctx.lang), status: offer.status },
        };
      }),
  }),
  defineChatTool({
    name: 'buyGoints',
    description:
      'Shows the Goints packages (prices include VAT). The provider buys by clicking a package; the payment page opens in a new window. Never buy for them.',
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: ['ready', 'writingOffer'],
    offline: { priority: 60, detect: ({ text }) => (matchesAny(normalize(text), BUY) ? {} : null) },
    run: async (ctx) => {
      const w = await getWallet(ctx.deps.db.prisma, ctx.auth.user!.id, { movements: 0 });
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          packages: listPackages(await getCurrentPrices(ctx.deps.db.prisma)),
          checkout: ctx.deps.money.stripe ? 'stripe' : ctx.deps.config.testCheckout ? 'test' : 'off',
          goints: w.goints,
        } satisfies BuyGointsData,
      };
    },
  }),
  defineChatTool({
    name: 'cancelOffer',
    description: 'Closes the offer form without sending an offer.',
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: ['writingOffer'],
    offline: { priority: 50, detect: ({ text }) => (matchesAny(normalize(text), CANCEL) ? {} : null) },
    run: (ctx) => sendMachineEvent(ctx, { type: 'OFFER_CANCELLED' }),
  }),
];
