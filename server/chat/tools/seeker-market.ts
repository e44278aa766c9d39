// The seeker's marketplace by chat: the best offers, accepting one (the person confirms), rating a deal,
// asking for a payout of the earnings. At any point of the conversation once signed in; the tools do not
// move the intake machine, so the question that was asked stays open (decision 050).
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { acceptOffer } from '../../domain/offers/accept-offer.ts';
import { checkOfferAcceptable } from '../../domain/offers/check-offer.ts';
import { rateDeal } from '../../domain/deals/rate-deal.ts';
import { listUserDeals } from '../../domain/deals/list-user-deals.ts';
import { getWallet } from '../../domain/wallet/get-wallet.ts';
import { listPayoutMethods, payoutMethodLabel } from '../../domain/payouts/payout-methods.ts';
import { requestPayout } from '../../domain/payouts/request-payout.ts';
import { checkPayoutAmount } from '../../domain/payouts/payout-rules.ts';
import { resolveDealRef, resolveOfferRef } from '../../domain/refs/resolve-ref.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';
import type { ListOffersData } from '../../../core/chat/output-types.ts';
import { attempt, refCommand, refInput, refuse, refusalOf, shortRef } from './refs.ts';
import { ACCEPT, LIST_OFFERS, PAYOUT } from './market-detectors.ts';
import { amountOf, parseReviewForm, REVIEW_FORM } from './market-forms.ts';

const seeker = { roles: ['seeker'] } as const;
const SEEKER_STATES = '*';

export const seekerMarketTools: AnyChatToolDef[] = [
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
      return { accepted: true, state: ctx.machine.state, data: { offers, count: offers.length, toRate, scope: input.scope ?? 'top' } satisfies ListOffersData };
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
        const id = await resolveOfferRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer);
        if (!id) throw new AppError('NOT_FOUND');
        // The offer rule of acceptOffer, before the card is shown.
        await checkOfferAcceptable(ctx.deps.db.prisma, ctx.auth.user!.id, id);
      }),
    confirmData: async (ctx, input) => {
      const id = (await resolveOfferRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer))!;
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
        const id = await resolveOfferRef(ctx.deps.db.prisma, ctx.auth.user!.id, input.offer);
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
        const id = form.ref ? await resolveDealRef(ctx.deps.db.prisma, ctx.auth.user!.id, form.ref) : null;
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

seekerMarketTools.push(
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
        checkPayoutAmount(amount, cents, ctx.lang);
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
        const amountCents = input.amountCents ?? 0;
        checkPayoutAmount(amountCents, null, ctx.lang);
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
