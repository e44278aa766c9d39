// The marketplace by chat: providers list their matches, unlock one (the person confirms; the model
// cannot), write an offer, see their balance and confirm deals; seekers see their top offers, accept one,
// confirm the deal, rate it and see their earnings. Every tool calls the same domain commands as the
// dashboards. Requests, offers and deals are named by a short reference ('#a1b2c3', the first six
// characters of the id) that the cards show and the buttons send.
import { z } from 'zod';
import { waitFor, createActor } from 'xstate';
import { AppError, isAppError } from '../../errors.ts';
import type { Db } from '../../db.ts';
import { translator } from '../../i18n.ts';
import { unlockMachineWith } from '../../../machines/unlock.machine.ts';
import { listProviderMatches, type MatchCard } from '../../domain/matching/list-provider-matches.ts';
import { getUnlockQuote } from '../../domain/unlocks/get-unlock-quote.ts';
import { unlockRequest } from '../../domain/unlocks/unlock-request.ts';
import { createOffer } from '../../domain/offers/create-offer.ts';
import { euroAmount } from '../../domain/offers/offers.schemas.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { acceptOffer } from '../../domain/offers/accept-offer.ts';
import { confirmDeal } from '../../domain/deals/confirm-deal.ts';
import { rateDeal } from '../../domain/deals/rate-deal.ts';
import { listUserDeals } from '../../domain/deals/list-user-deals.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { getOwnProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { listPackages } from '../../domain/shop/packages.ts';
import { getCurrentPrices } from '../../domain/prices/list-price-entries.ts';
import { listPayoutMethods, payoutMethodLabel } from '../../domain/payouts/payout-methods.ts';
import { requestPayout } from '../../domain/payouts/request-payout.ts';
import { MIN_PAYOUT_CENTS } from '../../domain/ledger/money.ts';
import { matchesAny, normalize, type IntentInput } from '../../ai/offline/intents.ts';
import { formatEuro } from '../../domain/money/format-money.ts';
import { parseEuroCents } from '../../domain/money/parse-money.ts';
import { CATEGORY_IDS, CATEGORY_LABELS, type CategoryId } from '../../ai/nlu/categories.ts';
import type { ToolOutcome } from './outcome.ts';
import { defineChatTool, sendMachineEvent, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const provider = { roles: ['provider'] } as const;
const seeker = { roles: ['seeker'] } as const;
/** How many cards a chat answer shows; the dashboards show all. */
const CHAT_CARDS = 6;

export const shortRef = (id: string) => id.slice(0, 6);
// '#a1b2c3', or a bare id with at least one digit (so words like 'facade' are never taken for one).
const REF = /#([0-9a-f]{6})|\b(?=[0-9a-f-]*\d)([0-9a-f]{6})[0-9a-f-]{0,30}\b/i;
const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3') or the full id");

export function refOf(text: string): string | null {
  const m = REF.exec(text);
  return (m?.[1] ?? m?.[2])?.toLowerCase() ?? null;
}
const cleanRef = (ref: string) => ref.replace(/^#/, '').toLowerCase();

/** The offline detector of a command about one card: the card's reference and one of the command's words give `{ [key]: ref }`. */
export const refCommand =
  (key: string, words: readonly RegExp[]) =>
  ({ text }: IntentInput): Record<string, string> | null => {
    const ref = refOf(text);
    return ref && matchesAny(normalize(text), words) ? { [key]: ref } : null;
  };

async function requestOfProvider(prisma: Db, providerId: string, ref: string): Promise<string | null> {
  const r = cleanRef(ref);
  const match = await prisma.match.findFirst({ where: { providerId, requestId: { startsWith: r.slice(0, 36) } }, select: { requestId: true } });
  return match?.requestId ?? null;
}

async function offerOfSeeker(prisma: Db, seekerId: string, ref: string): Promise<string | null> {
  const offer = await prisma.offer.findFirst({ where: { id: { startsWith: cleanRef(ref) }, request: { userId: seekerId } }, select: { id: true } });
  return offer?.id ?? null;
}

async function dealOf(prisma: Db, userId: string, ref: string): Promise<string | null> {
  const deal = await prisma.deal.findFirst({
    where: { id: { startsWith: cleanRef(ref) }, OR: [{ providerId: userId }, { seekerId: userId }] },
    select: { id: true },
  });
  return deal?.id ?? null;
}

function refuse(ctx: ChatToolContext, reason: string, data: Record<string, unknown> = {}): ToolOutcome {
  return { accepted: false, reason, state: ctx.machine.state, data };
}

/** A domain refusal (AppError) as the outcome the model phrases; anything else is a real failure. */
export async function attempt(ctx: ChatToolContext, fn: () => Promise<ToolOutcome>): Promise<ToolOutcome> {
  try {
    return await fn();
  } catch (e) {
    if (isAppError(e)) return refuse(ctx, e.code, { ...e.params, message: translator(ctx.lang)(`errors:${e.code}`, e.params ?? {}) as string });
    throw e;
  }
}

/** null when the checks pass, otherwise the refusal (before any confirmation is asked for). */
export async function refusalOf(ctx: ChatToolContext, checks: () => Promise<void>): Promise<ToolOutcome | null> {
  try {
    await checks();
    return null;
  } catch (e) {
    if (isAppError(e)) return refuse(ctx, e.code, { ...e.params, message: translator(ctx.lang)(`errors:${e.code}`, e.params ?? {}) as string });
    throw e;
  }
}

const card = (m: MatchCard) => ({ ...m, ref: shortRef(m.request.id), dealRef: m.deal ? shortRef(m.deal.id) : null });

// ---------------------------------------------------------------------------------------------------
// Offline detectors.

const LIST_MATCHES = [
  /\b(meine|neue|passende|aktuelle|offene)? ?(anfragen|matches|auftraege|leads|jobs)\b/,
  /\bwas gibt es (neues|fuer mich)\b/,
  /\bgibt es (was|etwas) neues\b/,
  /\b(show|list|see|find)\b.*\b(matches|requests|leads|jobs)\b/,
  /\bany (new |open |matching )?(jobs|requests|matches|leads)\b/,
  /\bwhich (requests|jobs|leads)\b.*\b(match|fit|suit)/,
  /\b(requests|jobs|leads) (for|that match|matching) me\b/,
  /^(matches|anfragen|requests|jobs)[.!?]*$/,
];
const URGENT_ONLY = /\b(dringend(e|en|er)?|eilig(e|en)?|urgent)\b/;

/** The category a message names ('Anfragen für Elektronik', 'requests for electronics'), or null. */
export function categoryNamed(text: string): CategoryId | null {
  const n = normalize(text);
  for (const id of CATEGORY_IDS) {
    const words = [id, ...CATEGORY_LABELS[id].de.split('/'), ...CATEGORY_LABELS[id].en.split(/\/| & /)].map((w) => normalize(w));
    if (words.some((w) => w.length > 2 && new RegExp(String.raw`\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`).test(n))) return id;
  }
  return null;
}
const BALANCE = [
  /\b(guthaben|kontostand|wie viele goints|meine goints|meine punkte|verdienst|einnahmen)\b/,
  /\bwie ?viele? (punkte|goints)\b/,
  /\b(was|wie ?viel)\b.*\b(verdient|eingenommen)\b/,
  /\b(balance|how many goints|my goints|my points|earnings)\b/,
  /\bhow many points\b/,
  /\b(what|how much)\b.*\b(have i|did i|i have|i've)\b.*\bearn(ed|t)?\b/,
];
// 'Schalte die Anfrage #a1b2c3 frei': the German separable verb around the reference.
const UNLOCK = [/\b(freischalten|freigeschaltet werden|entsperren|unlock)\b/, /\bschalte?\b.*\bfrei\b/];
const START_OFFER = [
  /^(mein )?(angebot|offer) (fuer|for)\b/,
  /\bangebot\b.*\b(erstellen|schreiben|abgeben|machen|senden|schicken)\b/,
  /\b(erstellen|schreiben|abgeben|machen)\b.*\bangebot\b/,
  /\b(create|write|make|send)( an)? offer\b/,
];
const CANCEL = [/^(abbrechen|abbruch|doch nicht|cancel|stop|never mind)[.!]*$/];
const CONFIRM_DEAL = [/\bdeal\b.*\b(bestaetigen|bestaetige)\b/, /\b(bestaetige|bestaetigen)\b.*\bdeal\b/, /\bconfirm( the)? deal\b/];
const LIST_OFFERS = [
  /\b(meine|beste[n]?|alle|erhaltene[n]?|welche) angebote\b/,
  /\bangebote (ansehen|anzeigen|zeigen)\b/,
  /\b(show|see|list)( me)?( my| all| all my)?( best)? offers\b/,
  /\bmy offers\b/,
  /^(angebote|offers)[.!?]*$/,
  // Questions about offers received: 'Habe ich schon Angebote bekommen?', 'Which offers have I received?'
  /\b(habe|hab) ich\b.*\bangebote\b/,
  /\bgibt es (schon |neue |irgendwelche )*angebote\b/,
  /\b(which|what)( new)? offers\b/,
  /\b(have|did) i (got|get|received|receive)\b.*\boffers\b/,
];
const ACCEPT = [/\b(annehmen|akzeptieren|accept)\b/, /\bnehme\b.*\ban\b/];
const BUY = [
  /\bgoints\b.*\b(kaufen|aufladen|nachkaufen|bestellen)\b/,
  /\b(kaufen|aufladen)\b.*\bgoints\b/,
  /\b(buy|top up|purchase|get more)\b.*\bgoints\b/,
  /\bpakete?\b/,
  /\bpackages?\b/,
];
export const PAYOUT = [/\b(auszahlen|auszahlung|zahl(e)? mir)\b/, /\b(payout|pay out|pay me|cash out|withdraw)\b/];

/** Euros named in a payout request ('Zahl mir 15 € aus', 'pay out 12.50'). */
export function amountOf(text: string): number | null {
  const m = /\d[\d.,]*\d|\d/.exec(text.replace(/\b\d{6}\b/g, ''));
  return m ? parseEuro(m[0]) : null;
}

/**
 * Offer details typed in one line after the reference: 'Angebot für #a1b2c3: 180 €, morgen ab 8 Uhr, inkl.
 * Material' gives price '180', availability 'morgen ab 8 Uhr', description 'inkl. Material' (as written; the
 * form checks them). null when nothing follows the reference.
 */
export function offerLineOf(text: string): { price?: string; verfuegbarkeit?: string; beschreibung?: string } | null {
  const m = /#?[0-9a-f]{6}[0-9a-f-]*\s*[:\-–]\s*([\s\S]+)$/i.exec(text);
  if (!m) return null;
  let rest = m[1]!.trim();
  const out: { price?: string; verfuegbarkeit?: string; beschreibung?: string } = {};
  const price = /^(?:(?:preis|price)\s*:?\s*)?(?:€\s*)?(\d[\d.]*(?:,\d{1,2})?)\s*(?:€|eur|euro)?\s*(?:[,;–-]\s*|$)/i.exec(rest);
  if (price && parseEuro(price[1]!) !== null) {
    out.price = price[1]!;
    rest = rest.slice(price[0].length).trim();
  }
  const [availability, ...description] = rest
    .split(/\s*[,;]\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (availability) out.verfuegbarkeit = availability;
  if (description.length) out.beschreibung = description.join(', ');
  return Object.keys(out).length ? out : null;
}

/** 'Angebot: Anfrage: #a1b2c3; Preis: 450 €; …' / 'Offer: Request: …' — the offer form's string. */
export const OFFER_FORM = /^\s*(angebot|offer)\s*:/i;
/** 'Bewertung: Deal: #a1b2c3; Sterne: 5; …' / 'Review: …' — the review form's string. */
export const REVIEW_FORM = /^\s*(bewertung|review)\s*:/i;

function formFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  // The first pair names the form ('Angebot: Anfrage: #…'), so the label before it is dropped.
  const body = text.replace(/^\s*[^:;]+:\s*/, '');
  for (const part of body.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const label = normalize(part.slice(0, i));
    const value = part.slice(i + 1).trim();
    if (label && value) out[label] = value;
  }
  return out;
}

const pick = (fields: Record<string, string>, ...labels: string[]) => labels.map((l) => fields[l]).find((v) => v !== undefined) ?? null;

/** Euros from '450', '450 €', '1.250,50 €', '€450.50' (the shared parser, decision 049); null unless positive. */
export function parseEuro(text: string): number | null {
  const cents = parseEuroCents(text);
  return cents ? cents / 100 : null;
}

export interface OfferForm {
  ref: string | null;
  price: number | null;
  verfuegbarkeit: string | null;
  beschreibung: string | null;
}

export function parseOfferForm(text: string): OfferForm {
  const f = formFields(text);
  const ref = pick(f, 'anfrage', 'request');
  const price = pick(f, 'preis', 'price');
  return {
    ref: ref ? refOf(ref) : null,
    price: price ? parseEuro(price) : null,
    verfuegbarkeit: pick(f, 'verfuegbarkeit', 'availability'),
    beschreibung: pick(f, 'beschreibung', 'description'),
  };
}

export interface ReviewForm {
  ref: string | null;
  rating: number | null;
  testimonial: string | null;
  showFirstName: boolean;
  contactVisible: boolean;
}

const YES = /^(ja|yes|true|1)$/i;

export function parseReviewForm(text: string): ReviewForm {
  const f = formFields(text);
  const ref = pick(f, 'deal');
  const stars = Number(pick(f, 'sterne', 'stars'));
  return {
    ref: ref ? refOf(ref) : null,
    rating: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null,
    testimonial: pick(f, 'text', 'bewertungstext', 'testimonial'),
    showFirstName: YES.test(pick(f, 'vorname zeigen', 'show first name') ?? ''),
    contactVisible: YES.test(pick(f, 'kontakt', 'contact') ?? ''),
  };
}

// ---------------------------------------------------------------------------------------------------
// Shared: balance and deal confirmation for both roles.

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
      },
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
      const id = await dealOf(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal);
      if (!id) throw new AppError('NOT_FOUND');
      const d = await ctx.deps.db.prisma.deal.findUniqueOrThrow({
        where: { id },
        select: { status: true, providerId: true, providerConfirmedAt: true, seekerConfirmedAt: true },
      });
      if (d.status === 'completed' || d.status === 'cancelled') throw new AppError('DEAL_NOT_ACTIVE');
      if (d.providerId === ctx.auth.user!.id ? d.providerConfirmedAt : d.seekerConfirmedAt) throw new AppError('DEAL_ALREADY_CONFIRMED');
    }),
  confirmData: async (ctx, input) => {
    const id = (await dealOf(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal))!;
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
      const id = await dealOf(ctx.deps.db.prisma, ctx.auth.user!.id, input.deal);
      if (!id) throw new AppError('NOT_FOUND');
      const r = await confirmDeal(ctx.deps, ctx.auth.user!.id, id);
      return { accepted: true, state: ctx.machine.state, data: { ...r, ref: shortRef(id) } };
    }),
});

// ---------------------------------------------------------------------------------------------------
// Providers.

const providerTools: AnyChatToolDef[] = [
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
        if (!(await getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user!.id))) throw new AppError('PROVIDER_PROFILE_REQUIRED');
        const filter = { ...(input.category ? { category: input.category } : {}), ...(input.urgentOnly ? { urgentOnly: true } : {}) };
        const feed = await listProviderMatches(ctx.deps.db.prisma, ctx.auth.user!.id, ctx.lang, { limit: CHAT_CARDS + 1, filter });
        const shown = feed.matches.slice(0, CHAT_CARDS).map(card);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { matches: shown, count: shown.length, more: feed.matches.length > CHAT_CARDS, balance: feed.balance, filter },
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
        const id = await requestOfProvider(ctx.deps.db.prisma, ctx.auth.user!.id, input.request);
        if (!id) throw new AppError('NOT_FOUND');
        const q = await getUnlockQuote(ctx.deps.db.prisma, ctx.auth.user!.id, id);
        if (q.alreadyUnlocked) throw new AppError('ALREADY_UNLOCKED');
        if (q.reason === 'soldOut') throw new AppError('REQUEST_SOLD_OUT');
        if (q.reason === 'inDeal') throw new AppError('REQUEST_DEAL_PENDING');
        if (!q.available) throw new AppError('REQUEST_NOT_AVAILABLE');
        if (q.balance < q.price) throw new AppError('INSUFFICIENT_GOINTS', { params: { price: q.price } });
      }),
    confirmData: async (ctx, input) => {
      const id = (await requestOfProvider(ctx.deps.db.prisma, ctx.auth.user!.id, input.request))!;
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
        const id = await requestOfProvider(ctx.deps.db.prisma, providerId, input.request);
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
        const id = await requestOfProvider(ctx.deps.db.prisma, providerId, input.request);
        if (!id) throw new AppError('NOT_FOUND');
        if (!(await ctx.deps.db.prisma.unlock.findUnique({ where: { requestId_providerId: { requestId: id, providerId } } })))
          throw new AppError('NOT_UNLOCKED');
        if (await ctx.deps.db.prisma.offer.findUnique({ where: { requestId_providerId: { requestId: id, providerId } } })) throw new AppError('OFFER_EXISTS');
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
        },
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

// ---------------------------------------------------------------------------------------------------
// Seekers: at any point of the conversation once signed in; the tools do not move the intake machine, so
// the question that was asked stays open (decision 050).

const SEEKER_STATES = '*';

const seekerTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listOffers',
    description:
      "Shows the seeker's best offers (top 10 by provider rating, price fit and response time), or all offers, with their deals, and deals waiting for a rating.",
    input: z.object({ scope: z.enum(['top', 'all']).optional().describe("'all' for every offer; the top 10 when left out") }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    offline: {
      priority: 85,
      detect: ({ text }) => {
        const n = normalize(text);
        if (!matchesAny(n, LIST_OFFERS)) return null;
        return /\b(alle|all|every)\b/.test(n) ? { scope: 'all' } : {};
      },
    },
    run: async (ctx, input) => {
      const listed = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user!.id);
      const top = input.scope === 'all' ? listed.all : listed.top;
      const deals = await listUserDeals(ctx.deps.db.prisma, ctx.auth.user!.id);
      const toRate = deals.filter((d) => d.status === 'completed' && !d.reviewed).map((d) => ({ ...d, ref: shortRef(d.id) }));
      const offers = top.map((o) => ({ ...o, ref: shortRef(o.id), dealRef: o.deal ? shortRef(o.deal.id) : null }));
      return { accepted: true, state: ctx.machine.state, data: { offers, count: offers.length, toRate, scope: input.scope ?? 'top' } };
    },
  }),
  defineChatTool({
    name: 'acceptOffer',
    description: 'Accepts an offer for the seeker. Only proposes it: the seeker confirms with the button; then both sides confirm the deal.',
    input: z.object({ offer: refInput }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const id = await offerOfSeeker(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer);
        if (!id) throw new AppError('NOT_FOUND');
        const o = await ctx.deps.db.prisma.offer.findUniqueOrThrow({
          where: { id },
          select: { status: true, request: { select: { status: true, acceptedOfferId: true } } },
        });
        if (o.status !== 'versendet' || o.request.status !== 'open' || o.request.acceptedOfferId) throw new AppError('OFFER_NOT_AVAILABLE');
      }),
    confirmData: async (ctx, input) => {
      const id = (await offerOfSeeker(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer))!;
      const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user!.id);
      const o = all.find((x) => x.id === id);
      return { ref: shortRef(id), ...(o ? { offer: { ...o, ref: shortRef(o.id) } } : {}) };
    },
    confirmSummary: (_input, data) => {
      const o = data?.offer as { priceCents: number; provider: { firmenname: string } } | undefined;
      return {
        key: 'confirm.summary.acceptOffer',
        params: { ref: String(data?.ref ?? ''), company: o?.provider.firmenname ?? '', price: o ? o.priceCents : '' },
      };
    },
    offline: {
      priority: 85,
      detect: refCommand('offer', ACCEPT),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const id = await offerOfSeeker(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer);
        if (!id) throw new AppError('NOT_FOUND');
        const r = await acceptOffer(ctx.deps, ctx.auth.user!.id, id);
        return { accepted: true, state: ctx.machine.state, data: { ...r, ref: shortRef(id), dealRef: shortRef(r.dealId) } };
      }),
  }),
  defineChatTool({
    name: 'rateDeal',
    description:
      "The seeker sent the rating form of a completed deal: pass the form string ('Bewertung: Deal: #…; Sterne: 5; Text: …; Vorname zeigen: ja; Kontakt: nein;') unchanged.",
    input: z.object({ output: z.string().trim().min(1).max(4000).describe('The form string, unchanged') }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    fromPersonOnly: (input) => input.output,
    offline: { priority: 85, detect: ({ text }) => (REVIEW_FORM.test(text) && text.includes(';') ? { output: text.trim() } : null) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const form = parseReviewForm(input.output);
        const id = form.ref ? await dealOf(ctx.deps.db.prisma, ctx.auth.user!.id, form.ref) : null;
        if (!id) throw new AppError('NOT_FOUND');
        if (!form.rating || !form.testimonial || form.testimonial.length < 3) return refuse(ctx, 'REVIEW_FORM_INVALID');
        await rateDeal(ctx.deps.db.prisma, ctx.auth.user!.id, id, {
          rating: form.rating,
          testimonial: form.testimonial,
          showFirstName: form.showFirstName,
          contactVisible: form.contactVisible,
        });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(id), rating: form.rating } };
      }),
  }),
];

seekerTools.push(
  defineChatTool({
    name: 'requestPayout',
    description:
      "Requests a payout of the seeker's deal earnings (at least 10 €) to one of their payout methods. Only proposes it: the person confirms with the button.",
    input: z.object({
      amountEuro: z.number().positive().max(1_000_000).optional().describe('Euros; all earnings when left out'),
      method: z.enum(['paypal', 'bank']).optional().describe('Which kind of payout method; the newest one when left out'),
      amountCents: z.number().int().positive().optional().describe('Set by the server on the card; leave out'),
      methodId: z.uuid().optional().describe('Set by the server on the card; leave out'),
    }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const { cents } = (await getWallet(ctx.deps.db.prisma, ctx.auth.user!.id, { movements: 0 })).earnings;
        const amount = input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : cents;
        if (amount < MIN_PAYOUT_CENTS) throw new AppError('PAYOUT_BELOW_MINIMUM', { params: { min: formatEuro(MIN_PAYOUT_CENTS, ctx.lang) } });
        if (amount > cents) throw new AppError('INSUFFICIENT_EARNINGS');
        const methods = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).filter((m) => !input.method || m.type === input.method);
        if (!methods.length) throw new AppError('PAYOUT_METHOD_REQUIRED');
      }),
    // The card fixes the amount and the method: the click pays exactly these, whatever the earnings are then.
    pinInput: async (ctx, input) => {
      const { cents } = (await getWallet(ctx.deps.db.prisma, ctx.auth.user!.id, { movements: 0 })).earnings;
      const method = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).find((m) => !input.method || m.type === input.method)!;
      return { ...input, amountCents: input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : cents, methodId: method.id };
    },
    confirmData: async (ctx, input) => {
      const method = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).find((m) => m.id === input.methodId)!;
      return { amountCents: input.amountCents, methodId: method.id, methodLabel: payoutMethodLabel(method) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.requestPayout',
      params: { amount: Number(data?.amountCents ?? 0), method: String(data?.methodLabel ?? '') },
    }),
    offline: {
      priority: 80,
      detect: ({ text }) => {
        if (!matchesAny(normalize(text), PAYOUT)) return null;
        const amount = amountOf(text);
        const method = /paypal/i.test(text) ? 'paypal' : /\b(bank|iban|konto|account)\b/i.test(text) ? 'bank' : undefined;
        return { ...(amount ? { amountEuro: amount } : {}), ...(method ? { method } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        // What the card showed (pinInput); never re-read at the click.
        const method = (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).find((m) => m.id === input.methodId);
        if (!method) throw new AppError('PAYOUT_METHOD_REQUIRED');
        const amountCents = input.amountCents;
        if (!amountCents) throw new AppError('PAYOUT_BELOW_MINIMUM', { params: { min: ctx.lang === 'de' ? '10,00 €' : '€10.00' } });
        // The confirmation's id is the payout's idempotency key: a second click is the same payout.
        const r = await requestPayout(
          ctx.deps,
          ctx.auth.user!.id,
          { amountCents, methodId: method.id, source: 'seeker_earnings', idempotencyKey: `chat:${ctx.confirmationId ?? ctx.toolCallId}` },
          ctx.lang,
        );
        return { accepted: true, state: ctx.machine.state, data: { payoutId: r.payoutId, amountCents, method: method.type } };
      }),
  }),
);

export const marketTools: AnyChatToolDef[] = [showBalance, confirmDealTool, ...providerTools, ...seekerTools];
