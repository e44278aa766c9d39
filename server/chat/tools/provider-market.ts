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
import { CATEGORY_IDS, categoryLabel } from '../../ai/nlu/categories.ts';
import { categoryNamed, refOf, urgentNamed } from '../../ai/understanding/entities.ts';
import { defineChatTool, sendMachineEvent, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { BuyGointsData, ListMatchesData } from '../../../core/chat/output-types.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByWords, refInput, refuse, refusalOf, shortRef, refOrHint } from './refs.ts';
import { OFFER_FORM, offerDetailsOf, parseOfferForm } from './market-forms.ts';

const provider = { roles: ['provider'] } as const;
/** How many cards a chat answer shows; the dashboards show all. */
const CHAT_CARDS = 6;

const card = (m: MatchCard) => ({ ...m, ref: shortRef(m.request.id), dealRef: m.deal ? shortRef(m.deal.id) : null });
type ProviderCtx = ChatToolContext<typeof provider>;

/**
 * The request a provider means without a reference: of the matches that fit the step (not unlocked yet for
 * an unlock, unlocked without an offer for an offer), the one their words name (category, place), or the
 * only one; else the candidates as buttons that complete the step.
 */
async function matchFor(ctx: ProviderCtx, step: 'unlock' | 'offer', input: { request?: string; hint?: string }): Promise<string | ToolOutcome> {
  if (input.request) {
    const id = await resolveRequestRef(ctx.deps.db.prisma, ctx.auth.user.id, input.request);
    return id ?? { accepted: false, reason: 'NOT_FOUND', state: ctx.machine.state };
  }
  const feed = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user.id, ctx.lang, { limit: 100 });
  const fitting = feed.matches.filter((m) => (step === 'unlock' ? !m.unlocked : m.unlocked && !m.offer));
  if (!fitting.length) return { accepted: false, reason: step === 'unlock' ? 'NO_REQUEST_TO_UNLOCK' : 'NO_REQUEST_TO_OFFER', state: ctx.machine.state };
  const placeOf = (m: MatchCard) => (m.unlocked ? m.request.place : m.request.placeMasked);
  const fit = narrowByWords(fitting, input.hint ?? '', (m) => ({ names: [categoryLabel(m.request.kategorie, ctx.lang), placeOf(m), m.request.title] }));
  if (fit.length === 1) return fit[0]!.request.id;
  return chooseOne(
    ctx,
    fit.map((m) => ({
      label: `#${shortRef(m.request.id)} · ${categoryLabel(m.request.kategorie, ctx.lang)}${placeOf(m) ? ` · ${placeOf(m)}` : ''}`,
      tool: step === 'unlock' ? 'unlockRequest' : 'startOffer',
      input: { request: shortRef(m.request.id) },
    })),
  );
}

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
    understand: {
      intents: ['listMatches'],
      slots: ({ text }) => {
        const category = categoryNamed(text);
        return { ...(category ? { category } : {}), ...(urgentNamed(text) ? { urgentOnly: true } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        await requireProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
        const filter = { ...(input.category ? { category: input.category } : {}), ...(input.urgentOnly ? { urgentOnly: true } : {}) };
        const feed = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user.id, ctx.lang, { limit: CHAT_CARDS + 1, filter });
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
    input: z.object({
      request: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the provider named the request, when not by its reference (category, place)'),
      price: z.number().int().positive().optional().describe('Set by the server: the price the confirmation card shows'),
    }),
    access: provider,
    machine: 'providerDesk',
    states: ['ready'],
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const found = await matchFor(ctx, 'unlock', input);
      if (isToolOutcome(found)) return found;
      return refusalOf(ctx, async () => {
        const id = found;
        const q = await getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user.id, id);
        // The unlock machine's own guards, before the card is shown (the same function).
        const refusal = quoteRefusal(q);
        if (refusal) throw new AppError(refusal, refusal === 'INSUFFICIENT_GOINTS' ? { params: { price: q.price } } : {});
      });
    },
    // The card names the request by its full id and its price: the click unlocks exactly that one at the price
    // the person confirmed, and refuses when it changed (decision 065).
    pinInput: async (ctx, input) => {
      const found = await matchFor(ctx, 'unlock', input);
      if (isToolOutcome(found)) return input;
      return { request: found, price: (await getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user.id, found)).price };
    },
    confirmData: async (ctx, input) => {
      const id = (await resolveRequestRef(ctx.deps.db.prisma, ctx.auth.user.id, input.request ?? ''))!;
      const [quote, feed] = await Promise.all([
        getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user.id, id),
        listProviderMatches(ctx.deps.db.prisma, ctx.auth.user.id, ctx.lang, { limit: 100 }),
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
    understand: {
      intents: ['unlockRequest'],
      slots: refOrHint('request'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const providerId = ctx.auth.user.id;
        const id = input.request ? await resolveRequestRef(ctx.deps.db.prisma, providerId, input.request) : null;
        if (!id) throw new AppError('NOT_FOUND');
        // The same unlock machine as the dashboard, with the domain commands as its operations.
        const actor = createActor(
          unlockMachineWith({
            quote: (r) => getUnlockQuote(ctx.deps.db.prisma, providerId, r),
            unlock: (r, price) => unlockRequest(ctx.deps, { providerId, requestId: r, price: input.price ?? price }),
          }),
          { input: { requestId: id } },
        );
        actor.start();
        const ready = await waitFor(
          actor,
          (s) => s.status === 'done' || ['awaitingConfirmation', 'quoteFailed', 'insufficientGoints', 'failed'].includes(String(s.value)),
          { timeout: 15_000 },
        );
        if (ready.value === 'awaitingConfirmation') actor.send({ type: 'CONFIRM' });
        const end = await waitFor(
          actor,
          (s) => s.status === 'done' || ['quoteFailed', 'insufficientGoints', 'failed', 'awaitingConfirmation'].includes(String(s.value)),
          {
            timeout: 15_000,
          },
        );
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
          // Asked again: the price changed since the card (nothing was booked).
          awaitingConfirmation: 'UNLOCK_PRICE_CHANGED',
        }[state];
        const price = end.context.quote?.price ?? 0;
        if (reason === 'UNLOCK_PRICE_CHANGED')
          throw new AppError(reason, { params: { price, confirmed: input.price ?? end.context.priceChangedFrom ?? 0, ref: `#${shortRef(id)}` } });
        if (reason) throw new AppError(reason as 'UNLOCK_FAILED', reason === 'INSUFFICIENT_GOINTS' ? { params: { price } } : {});
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
      request: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the provider named the request, when not by its reference (category, place)'),
      prefill: z
        .object({ price: z.string().max(20).optional(), verfuegbarkeit: z.string().max(200).optional(), beschreibung: z.string().max(2000).optional() })
        .optional()
        .describe('What the provider already wrote, put into the form for them to check'),
    }),
    access: provider,
    machine: 'providerDesk',
    states: ['ready', 'writingOffer'],
    understand: {
      intents: ['startOffer'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const prefill = offerDetailsOf(text);
        return { ...(ref ? { request: ref } : { hint: text.slice(0, 300) }), ...(prefill ? { prefill } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const providerId = ctx.auth.user.id;
        const found = await matchFor(ctx, 'offer', input);
        if (isToolOutcome(found)) {
          // The candidates' buttons carry the details already written, so nothing typed is lost.
          return input.prefill && found.choices
            ? { ...found, choices: found.choices.map((c) => ({ ...c, input: { ...c.input, prefill: input.prefill } })) }
            : found;
        }
        const id = found;
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
    understand: { exact: ({ text }) => (OFFER_FORM.test(text) && text.includes(';') ? { output: text.trim() } : null) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const form = parseOfferForm(input.output);
        const requestId = (ctx.machine.context as { offerRequestId?: string | null }).offerRequestId ?? null;
        if (!requestId || (form.ref && !requestId.startsWith(form.ref))) throw new AppError('NOT_FOUND');
        const parsed = z
          .object({ price: euroAmount, verfuegbarkeit: z.string().trim().min(2).max(200), beschreibung: z.string().trim().min(10).max(2000) })
          .safeParse(form);
        if (!parsed.success) return refuse(ctx, 'OFFER_FORM_INVALID', { fields: parsed.error.issues.map((i) => String(i.path[0])).join(', ') });
        const offer = await createOffer(ctx.deps, ctx.auth.user.id, { requestId, ...parsed.data });
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
    understand: { intents: ['buyGoints'] },
    run: async (ctx) => {
      const w = await getWallet(ctx.deps.db.prisma, ctx.auth.user.id, { movements: 0 });
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
    understand: { intents: ['cancel'] },
    run: (ctx) => sendMachineEvent(ctx, { type: 'OFFER_CANCELLED' }),
  }),
];
