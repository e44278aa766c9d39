// Deals and offers by chat, beyond accepting and confirming (market.ts): list one's deals with the reference
// to type ('Deal #a1b2c3 bestätigen'), cancel a deal (either side), decline an offer (seeker). The same domain
// commands as GET /api/deals, POST /api/deals/:id/cancel and POST /api/seeker/offers/:id/decline; cancelling
// and declining end something, so they wait for the person's click on the card.
import { z } from 'zod';
import { dealAllows } from '../../../machines/deal.machine.ts';
import { offerAllows } from '../../../machines/offer.machine.ts';
import { translator } from '../../i18n.ts';
import { categoryLabel } from '../../ai/nlu/index.ts';
import { listUserDeals, type UserDeal } from '../../domain/deals/list-user-deals.ts';
import { cancelDeal } from '../../domain/deals/cancel-deal.ts';
import { listSeekerOffers, type SeekerOffer } from '../../domain/offers/list-seeker-offers.ts';
import { declineOffer } from '../../domain/offers/accept-offer.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt, chooseOne, narrowByWords, refuse, shortRef, refOrHint } from './refs.ts';
import { dealMeant } from './deal-choice.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { DealRow, ListDealsData } from '../../../core/chat/output-types.ts';

const parties = { roles: ['provider', 'seeker'] } as const;
const MACHINES = ['intake', 'providerDesk'] as const;

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3') or the full id");
const clean = (ref: string) => ref.replace(/^#/, '').toLowerCase();

const dealView = (d: UserDeal, lang: ChatToolContext['lang']): DealRow => ({
  ref: shortRef(d.id),
  role: d.role,
  status: d.status,
  valueCents: d.valueCents,
  category: categoryLabel(d.kategorie, lang),
  place: d.place,
  counterpart: d.counterpart,
  providerConfirmed: d.providerConfirmed,
  seekerConfirmed: d.seekerConfirmed,
  reviewed: d.reviewed,
  waitingForMe: dealAllows(d.status, d.role === 'provider' ? 'PROVIDER_CONFIRMED' : 'SEEKER_CONFIRMED'),
});

type PartyCtx = ChatToolContext<typeof parties>;
type SeekerCtx = ChatToolContext<{ roles: ['seeker'] }>;
/** A deal that can still be cancelled, by the deal machine's own rule. */
const active = (d: UserDeal) => dealAllows(d.status, 'DEAL_CANCELLED');

/** The deal to cancel: of the active deals, the one the person means (by reference, words or a button). */
const cancellableDeal = (ctx: PartyCtx, input: { deal?: string; hint?: string }) =>
  dealMeant(ctx, input, { applies: active, tool: 'cancelDeal', none: 'NO_ACTIVE_DEAL', notApplicable: 'DEAL_NOT_ACTIVE' });

/** The offer to decline: by reference, or the open offer the words name (the provider, the amount), or the candidates. */
async function declinableOffer(ctx: SeekerCtx, input: { offer?: string; hint?: string }): Promise<SeekerOffer | ToolOutcome> {
  const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user.id);
  if (input.offer) {
    const offer = all.find((o) => o.id.startsWith(clean(input.offer!)));
    if (!offer) return refuse(ctx, 'NOT_FOUND');
    return offerAllows(offer.status, 'OFFER_DECLINED') ? offer : refuse(ctx, 'OFFER_NOT_AVAILABLE');
  }
  const open = all.filter((o) => offerAllows(o.status, 'OFFER_DECLINED'));
  if (!open.length) return refuse(ctx, 'NO_OFFER_TO_DECLINE');
  const fit = narrowByWords(open, input.hint ?? '', (o) => ({ names: [o.provider.firmenname], amountCents: o.priceCents }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((o) => ({
      label: `#${shortRef(o.id)} · ${o.provider.firmenname} · ${formatEuro(o.priceCents, ctx.lang)}`,
      tool: 'declineOffer',
      input: { offer: shortRef(o.id) },
    })),
  );
}

export const dealTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listDeals',
    description: "Lists the person's deals with their reference ('#a1b2c3'), value, the other side and who still has to confirm.",
    input: z.object({}),
    access: parties,
    machine: MACHINES,
    states: '*',
    understand: { intents: ['listDeals'] },
    run: async (ctx) => {
      const deals = (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user.id)).slice(0, 10).map((d) => dealView(d, ctx.lang));
      const t = translator(ctx.lang);
      const list = deals
        .map(
          (d) =>
            // The status as this side reads it: a confirmation of their own is 'waiting for your confirmation'.
            `#${d.ref} · ${d.category} · ${formatEuro(d.valueCents, ctx.lang)} · ${d.counterpart} · ${t(`chat:status.${d.status}`, { context: d.role, defaultValue: d.status }) as string}`,
        )
        .join('; ');
      const waiting = deals.filter((d) => d.waitingForMe).length;
      // How to confirm or cancel, only while a deal waits for this person.
      const hint = waiting ? ` ${t('chat:deals.hint') as string}` : '';
      return { accepted: true, state: ctx.machine.state, data: { deals, count: deals.length, list, waiting, hint } satisfies ListDealsData };
    },
  }),
  defineChatTool({
    name: 'cancelDeal',
    description:
      'Cancels a deal that is not completed yet; the request takes offers again and the other side is told. Only proposes it: the person confirms with the button.',
    input: z.object({
      deal: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the person named the deal, when not by its reference (the other side, an amount)'),
      reason: z.string().trim().min(3).max(500).optional().describe("The person's reason, in their words"),
    }),
    access: parties,
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const d = await cancellableDeal(ctx, input);
      return isToolOutcome(d) ? d : null;
    },
    pinInput: async (ctx, input) => {
      const d = await cancellableDeal(ctx, input);
      return { deal: isToolOutcome(d) ? input.deal : d.id, reason: input.reason ?? (translator(ctx.lang)('chat:deals.cancelReason') as string) };
    },
    confirmData: async (ctx, input) => {
      const d = await cancellableDeal(ctx, input);
      if (isToolOutcome(d)) return {};
      return { ref: shortRef(d.id), valueCents: d.valueCents, counterpart: d.counterpart, reason: input.reason ?? '', deal: dealView(d, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.cancelDeal',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.valueCents ?? 0), counterpart: String(data?.counterpart ?? '') },
    }),
    understand: {
      intents: ['cancelDeal'],
      slots: refOrHint('deal'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const d = await cancellableDeal(ctx, input);
        if (isToolOutcome(d)) return d;
        const r = await cancelDeal(ctx.deps, ctx.auth.user.id, d.id, input.reason ?? (translator(ctx.lang)('chat:deals.cancelReason') as string));
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(d.id), status: r.status } };
      }),
  }),
  defineChatTool({
    name: 'declineOffer',
    description: "Declines an offer on one of the seeker's requests. Only proposes it: the seeker confirms with the button.",
    input: z.object({
      offer: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe("How the seeker named the offer, when not by its reference (the provider's name, an amount)"),
    }),
    access: { roles: ['seeker'] },
    machine: 'intake',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const o = await declinableOffer(ctx, input);
      return isToolOutcome(o) ? o : null;
    },
    pinInput: async (ctx, input) => {
      const o = await declinableOffer(ctx, input);
      return { offer: isToolOutcome(o) ? input.offer : o.id };
    },
    confirmData: async (ctx, input) => {
      const o = await declinableOffer(ctx, input);
      return isToolOutcome(o) ? {} : { ref: shortRef(o.id), priceCents: o.priceCents, company: o.provider.firmenname };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.declineOffer',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.priceCents ?? 0), company: String(data?.company ?? '') },
    }),
    understand: {
      intents: ['declineOffer'],
      slots: refOrHint('offer'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const o = await declinableOffer(ctx, input);
        if (isToolOutcome(o)) return o;
        const r = await declineOffer(ctx.deps, ctx.auth.user.id, o.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(o.id), status: r.status } };
      }),
  }),
];
