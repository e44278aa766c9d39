// The seeker's marketplace by chat: the best offers, accepting one (the person confirms), rating a deal,
// asking for a payout of the earnings. At any point of the conversation once signed in; the tools do not
// move the intake machine, so the question that was asked stays open (decision 050).
import { z } from 'zod';
import { offerAllows } from '../../../machines/offer.machine.ts';
import { AppError } from '../../../core/errors.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { acceptOffer } from '../../domain/offers/accept-offer.ts';
import { checkOfferAcceptable } from '../../domain/offers/check-offer.ts';
import { rateDeal } from '../../domain/deals/rate-deal.ts';
import { listUserDeals } from '../../domain/deals/list-user-deals.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { addPayoutMethod, checkPayoutMethod, listPayoutMethods, payoutMethodLabel } from '../../domain/payouts/payout-methods.ts';
import { electronicFormatIBAN } from 'ibantools';
import { requestPayout } from '../../domain/payouts/request-payout.ts';
import { payoutMethodOfKind, stripeSetupOffer } from './payout-setup.ts';
import { checkPayoutAmount } from '../../domain/payouts/payout-rules.ts';
import { resolveDealRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { allNamed, euroAmountOf, ibanOf, payoutKindNamed, quotedOf, refOf, starsOf } from '../../ai/understanding/entities.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ChatDealToRate, ListOffersData, RateDealData } from '../../../core/chat/output-types.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByWords, refInput, refuse, refusalOf, shortRef, refOrHint } from './refs.ts';
import { parseReviewForm, REVIEW_FORM } from './market-forms.ts';
import type { SeekerOffer } from '../../domain/offers/list-seeker-offers.ts';

const seeker = { roles: ['seeker'] } as const;
const SEEKER_STATES = '*';
type SeekerCtx = ChatToolContext<typeof seeker>;

/**
 * The offer the seeker means: the one with this reference; else, of the offers they can accept, the one their
 * words name (the provider, the amount, 'das günstigste'), or the only one; else the candidates as buttons.
 */
async function offerToAccept(ctx: SeekerCtx, input: { offer?: string; hint?: string }): Promise<SeekerOffer | ToolOutcome> {
  const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user.id);
  if (input.offer) {
    const ref = input.offer.replace(/^#/, '').toLowerCase();
    return all.find((o) => o.id.startsWith(ref)) ?? { accepted: false, reason: 'NOT_FOUND', state: ctx.machine.state };
  }
  const open = all.filter((o) => offerAllows(o.status, 'OFFER_ACCEPTED') && !o.deal);
  if (!open.length) return { accepted: false, reason: 'NO_OFFER_TO_ACCEPT', state: ctx.machine.state };
  const fit = narrowByWords(open, input.hint ?? '', (o) => ({ names: [o.provider.firmenname], amountCents: o.priceCents }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((o) => ({
      label: `#${shortRef(o.id)} · ${o.provider.firmenname} · ${formatEuro(o.priceCents, ctx.lang)}`,
      tool: 'acceptOffer',
      input: { offer: shortRef(o.id) },
    })),
  );
}

/** The completed deals not yet rated, the one the words name first (the provider, the amount). */
async function dealsToRate(ctx: SeekerCtx, hint: { deal?: string; text?: string }): Promise<ChatDealToRate[]> {
  const deals = (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user.id)).filter((d) => d.role === 'seeker' && d.status === 'completed' && !d.reviewed);
  const named = hint.deal
    ? deals.filter((d) => d.id.startsWith(hint.deal!.replace(/^#/, '').toLowerCase()))
    : narrowByWords(deals, hint.text ?? '', (d) => ({ names: [d.counterpart], amountCents: d.valueCents }));
  return named.map((d) => ({ ...d, ref: shortRef(d.id) }));
}

export const seekerMarketTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listOffers',
    description:
      "Shows the seeker's best offers (top 10 by provider rating, price fit and response time), or all offers, with their deals, and deals waiting for a rating.",
    input: z.object({ scope: z.enum(['top', 'all']).optional().describe("'all' for every offer; the top 10 when left out") }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    understand: { intents: ['listOffers'], slots: ({ text }) => (allNamed(text) ? { scope: 'all' } : {}) },
    run: async (ctx, input) => {
      const listed = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user.id);
      const top = input.scope === 'all' ? listed.all : listed.top;
      const deals = await listUserDeals(ctx.deps.db.prisma, ctx.auth.user.id);
      const toRate = deals.filter((d) => d.status === 'completed' && !d.reviewed).map((d) => ({ ...d, ref: shortRef(d.id) }));
      const offers = top.map((o) => ({ ...o, ref: shortRef(o.id), dealRef: o.deal ? shortRef(o.deal.id) : null }));
      return { accepted: true, state: ctx.machine.state, data: { offers, count: offers.length, toRate, scope: input.scope ?? 'top' } satisfies ListOffersData };
    },
  }),
  defineChatTool({
    name: 'acceptOffer',
    description:
      "Accepts an offer for the seeker: by its reference, or by how the seeker named it in hint (the provider's name, the amount, 'the cheapest'); with neither, the only open offer, or the candidates as buttons. Only proposes it: the seeker confirms with the button; then both sides confirm the deal.",
    input: z.object({
      offer: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe("How the seeker named the offer, when not by its reference (a provider's name, an amount)"),
    }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const offer = await offerToAccept(ctx, input);
      if (isToolOutcome(offer)) return offer;
      // The offer rule of acceptOffer, before the card is shown.
      return refusalOf(ctx, () => checkOfferAcceptable(ctx.deps.db.prisma, ctx.auth.user.id, offer.id));
    },
    // The card names the offer by its full id: the click accepts exactly that one.
    pinInput: async (ctx, input) => {
      const offer = await offerToAccept(ctx, input);
      return isToolOutcome(offer) ? input : { offer: offer.id };
    },
    confirmData: async (ctx, input) => {
      const o = await offerToAccept(ctx, input);
      return isToolOutcome(o) ? {} : { ref: shortRef(o.id), offer: { ...o, ref: shortRef(o.id) } };
    },
    confirmSummary: (_input, data) => {
      const o = data?.offer as { priceCents: number; provider: { firmenname: string } } | undefined;
      return {
        key: 'confirm.summary.acceptOffer',
        params: { ref: String(data?.ref ?? ''), company: o?.provider.firmenname ?? '', price: o ? o.priceCents : '' },
      };
    },
    understand: {
      intents: ['acceptOffer'],
      slots: refOrHint('offer'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const o = await offerToAccept(ctx, input);
        if (isToolOutcome(o)) throw new AppError('NOT_FOUND');
        const r = await acceptOffer(ctx.deps, ctx.auth.user.id, o.id);
        return { accepted: true, state: ctx.machine.state, data: { ...r, ref: shortRef(o.id), dealRef: shortRef(r.dealId) } };
      }),
  }),
  defineChatTool({
    name: 'rateDeal',
    description:
      "Rating a completed deal. Without output: shows the rating form of the deal the seeker means (its reference, or the provider's name in hint), with the stars and words they already said filled in. With output: the seeker sent the rating form; pass the form string ('Bewertung: Deal: #…; Sterne: 5; Text: …; Vorname zeigen: ja; Kontakt: nein;') unchanged.",
    input: z.object({
      output: z.string().trim().min(1).max(4000).optional().describe('The form string, unchanged, when the seeker sent the form'),
      deal: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe("How the seeker named the deal (the provider's name)"),
      stars: z.number().int().min(1).max(5).optional().describe('Stars the seeker already gave in words'),
      text: z.string().trim().max(1000).optional().describe('What the seeker already said about the provider'),
    }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    fromPersonOnly: (input) => input.output ?? '',
    understand: {
      intents: ['rateDeal'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const stars = starsOf(text);
        const said = quotedOf(text);
        return { ...(ref ? { deal: ref } : { hint: text.slice(0, 300) }), ...(stars ? { stars } : {}), ...(said ? { text: said.slice(0, 1000) } : {}) };
      },
      exact: ({ text }) => (REVIEW_FORM.test(text) && text.includes(';') ? { output: text.trim() } : null),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        if (!input.output) {
          // The form, filled with what the seeker said; the seeker sends it (the form string comes back here).
          const deals = await dealsToRate(ctx, { deal: input.deal, text: input.hint });
          if (!deals.length) return refuse(ctx, 'NO_DEAL_TO_RATE');
          return {
            accepted: true,
            state: ctx.machine.state,
            data: { toRate: deals.slice(0, 3), prefill: { stars: input.stars ?? null, text: input.text ?? '' } } satisfies RateDealData,
          };
        }
        const form = parseReviewForm(input.output);
        const id = form.ref ? await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user.id, form.ref) : null;
        if (!id) throw new AppError('NOT_FOUND');
        if (!form.rating || !form.testimonial || form.testimonial.length < 3) return refuse(ctx, 'REVIEW_FORM_INVALID');
        await rateDeal(ctx.deps.db.prisma, ctx.auth.user.id, id, {
          rating: form.rating,
          testimonial: form.testimonial,
          showFirstName: form.showFirstName,
          contactVisible: form.contactVisible,
        });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(id), rating: form.rating } };
      }),
  }),
];

/** The saved method a payout goes to: the one with the IBAN typed, else the newest of the kind named (or any). */
async function payoutMethodFor(ctx: SeekerCtx, input: { method?: 'paypal' | 'bank' | 'stripe'; iban?: string; methodId?: string }) {
  const methods = await listPayoutMethods(ctx.deps, ctx.auth.user.id);
  if (input.methodId) return methods.find((m) => m.id === input.methodId) ?? null;
  if (input.iban) return methods.find((m) => m.iban !== null && electronicFormatIBAN(m.iban) === input.iban) ?? null;
  return payoutMethodOfKind(methods, input.method) ?? null;
}

seekerMarketTools.push(
  defineChatTool({
    name: 'requestPayout',
    description:
      "Requests a payout of the seeker's deal earnings (at least 10 €) to one of their payout methods, or to an IBAN named in the message (saved as a payout method with the same click). Only proposes it: the person confirms with the button.",
    input: z.object({
      amountEuro: z.number().positive().max(1_000_000).optional().describe('Euros; all earnings when left out'),
      method: z.enum(['paypal', 'bank', 'stripe']).optional().describe('Which kind of payout method; the newest one when left out'),
      iban: z.string().trim().max(64).optional().describe('An IBAN the person named for this payout'),
      amountCents: z.number().int().positive().optional().describe('Set by the server on the card; leave out'),
      methodId: z.uuid().optional().describe('Set by the server on the card; leave out'),
    }),
    access: seeker,
    machine: 'intake',
    states: SEEKER_STATES,
    requiresConfirmation: true,
    precheck: async (ctx, input) =>
      (await refusalOf(ctx, async () => {
        const { cents } = (await getWallet(ctx.deps.db.prisma, ctx.auth.user.id, { movements: 0 })).earnings;
        const amount = input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : cents;
        checkPayoutAmount(amount, cents, ctx.lang);
      })) ??
      // Nowhere to pay to yet: where Stripe Connect is offered, a button sets it up (decision 081).
      (input.iban ? null : stripeSetupOffer(ctx, await listPayoutMethods(ctx.deps, ctx.auth.user.id), input.method)) ??
      refusalOf(ctx, async () => {
        // A new IBAN is checked like the payout-method form checks it (the card shows it masked).
        if (input.iban && !(await payoutMethodFor(ctx, input))) checkPayoutMethod({ type: 'bank', iban: input.iban, accountHolder: ctx.auth.user.name });
        else if (!(await payoutMethodFor(ctx, input))) throw new AppError('PAYOUT_METHOD_REQUIRED');
      }),
    // The card fixes the amount and the method: the click pays exactly these, whatever the earnings are then.
    pinInput: async (ctx, input) => {
      const { cents } = (await getWallet(ctx.deps.db.prisma, ctx.auth.user.id, { movements: 0 })).earnings;
      const method = await payoutMethodFor(ctx, input);
      const amountCents = input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : cents;
      return method ? { ...input, amountCents, methodId: method.id, iban: undefined } : { ...input, amountCents };
    },
    confirmData: async (ctx, input) => {
      const method = await payoutMethodFor(ctx, input);
      const label = method ? payoutMethodLabel(method) : payoutMethodLabel({ type: 'bank', paypalEmail: null, ibanLast4: (input.iban ?? '').slice(-4) });
      return { amountCents: input.amountCents, methodId: method?.id ?? null, methodLabel: label, newMethod: !method };
    },
    confirmSummary: (_input, data) => ({
      key: data?.newMethod ? 'confirm.summary.requestPayoutNewIban' : 'confirm.summary.requestPayout',
      params: { amount: Number(data?.amountCents ?? 0), method: String(data?.methodLabel ?? '') },
    }),
    understand: {
      intents: ['requestPayout'],
      slots: ({ text }) => {
        const amount = euroAmountOf(text);
        const iban = ibanOf(text);
        const method = iban ? 'bank' : payoutKindNamed(text);
        return { ...(amount ? { amountEuro: amount } : {}), ...(iban ? { iban } : {}), ...(method ? { method } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        // What the card showed (pinInput); never re-read at the click. A new IBAN is saved first.
        const method = input.methodId
          ? await payoutMethodFor(ctx, input)
          : input.iban
            ? ((await payoutMethodFor(ctx, input)) ??
              (await addPayoutMethod(ctx.deps, ctx.auth.user.id, { type: 'bank', iban: input.iban, accountHolder: ctx.auth.user.name })))
            : null;
        if (!method) throw new AppError('PAYOUT_METHOD_REQUIRED');
        const amountCents = input.amountCents ?? 0;
        checkPayoutAmount(amountCents, null, ctx.lang);
        // The confirmation's id is the payout's idempotency key: a second click is the same payout.
        const r = await requestPayout(
          ctx.deps,
          ctx.auth.user.id,
          { amountCents, methodId: method.id, source: 'seeker_earnings', idempotencyKey: `chat:${ctx.confirmationId ?? ctx.toolCallId}` },
          ctx.lang,
        );
        return { accepted: true, state: ctx.machine.state, data: { payoutId: r.payoutId, amountCents, method: method.type } };
      }),
  }),
);
