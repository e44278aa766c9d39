// Deals and offers by chat, beyond accepting and confirming (market.ts): list one's deals with the reference
// to type ('Deal #a1b2c3 bestätigen'), cancel a deal (either side), decline an offer (seeker). The same domain
// commands as GET /api/deals, POST /api/deals/:id/cancel and POST /api/seeker/offers/:id/decline; cancelling
// and declining end something, so they wait for the person's click on the card.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator } from '../../i18n.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { categoryLabel } from '../../ai/nlu/index.ts';
import { listUserDeals, type UserDeal } from '../../domain/deals/list-user-deals.ts';
import { cancelDeal } from '../../domain/deals/cancel-deal.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { declineOffer } from '../../domain/offers/accept-offer.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt, refCommand, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { DealRow, ListDealsData } from '../../../core/chat/output-types.ts';

const parties = { roles: ['provider', 'seeker'] } as const;
const MACHINES = ['intake', 'providerDesk'] as const;

const LIST_DEALS = [
  /\b(meine|zeig|zeige|offene|laufende|alle)\b.*\bdeals\b/,
  /\bdeals (anzeigen|zeigen|ansehen)\b/,
  /^deals[.!?]*$/,
  /\b(show|list|see)( me)?( my| all| open)? deals\b/,
  /\bmy deals\b/,
];
const CANCEL_DEAL = [
  /\bdeal\b.*\b(stornieren|storniere|absagen|abbrechen|kuendigen|canceln)\b/,
  /\b(storniere|stornieren|sage|brich)\b.*\bdeal\b/,
  /\bcancel\b.*\bdeal\b/,
  /\bdeal\b.*\bcancel\b/,
];
const DECLINE = [/\b(ablehnen|absagen|decline|reject|zurueckweisen)\b/, /\blehne\b.*\bab\b/];

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
  waitingForMe: d.status !== 'completed' && d.status !== 'cancelled' && !(d.role === 'provider' ? d.providerConfirmed : d.seekerConfirmed),
});

async function ownDeal(ctx: ChatToolContext, ref: string): Promise<UserDeal> {
  const deal = (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user!.id)).find((d) => d.id.startsWith(clean(ref)));
  if (!deal) throw new AppError('NOT_FOUND');
  return deal;
}

async function cancellableDeal(ctx: ChatToolContext, ref: string): Promise<UserDeal> {
  const deal = await ownDeal(ctx, ref);
  if (deal.status === 'completed' || deal.status === 'cancelled') throw new AppError('DEAL_NOT_ACTIVE');
  return deal;
}

async function declinableOffer(ctx: ChatToolContext, ref: string) {
  const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user!.id);
  const offer = all.find((o) => o.id.startsWith(clean(ref)));
  if (!offer) throw new AppError('NOT_FOUND');
  if (offer.status !== 'versendet') throw new AppError('OFFER_NOT_AVAILABLE');
  return offer;
}

export const dealTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listDeals',
    description: "Lists the person's deals with their reference ('#a1b2c3'), value, the other side and who still has to confirm.",
    input: z.object({}),
    access: parties,
    machine: MACHINES,
    states: '*',
    offline: { priority: 68, detect: ({ text }) => (matchesAny(normalize(text), LIST_DEALS) && !matchesAny(normalize(text), CANCEL_DEAL) ? {} : null) },
    run: async (ctx) => {
      const deals = (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user!.id)).slice(0, 10).map((d) => dealView(d, ctx.lang));
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
    input: z.object({ deal: refInput, reason: z.string().trim().min(3).max(500).optional().describe("The person's reason, in their words") }),
    access: parties,
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await cancellableDeal(ctx, input.deal);
      }),
    pinInput: async (ctx, input) => ({
      deal: (await listUserDeals(ctx.deps.db.prisma, ctx.auth.user!.id)).find((d) => d.id.startsWith(clean(input.deal)))!.id,
      reason: input.reason ?? (translator(ctx.lang)('chat:deals.cancelReason') as string),
    }),
    confirmData: async (ctx, input) => {
      const d = await cancellableDeal(ctx, input.deal);
      return { ref: shortRef(d.id), valueCents: d.valueCents, counterpart: d.counterpart, reason: input.reason ?? '', deal: dealView(d, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.cancelDeal',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.valueCents ?? 0), counterpart: String(data?.counterpart ?? '') },
    }),
    offline: { priority: 76, detect: refCommand('deal', CANCEL_DEAL) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const d = await cancellableDeal(ctx, input.deal);
        const r = await cancelDeal(ctx.deps, ctx.auth.user!.id, d.id, input.reason ?? (translator(ctx.lang)('chat:deals.cancelReason') as string));
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(d.id), status: r.status } };
      }),
  }),
  defineChatTool({
    name: 'declineOffer',
    description: "Declines an offer on one of the seeker's requests. Only proposes it: the seeker confirms with the button.",
    input: z.object({ offer: refInput }),
    access: { roles: ['seeker'] },
    machine: 'intake',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await declinableOffer(ctx, input.offer);
      }),
    pinInput: async (ctx, input) => ({ offer: (await declinableOffer(ctx, input.offer)).id }),
    confirmData: async (ctx, input) => {
      const o = await declinableOffer(ctx, input.offer);
      return { ref: shortRef(o.id), priceCents: o.priceCents, company: o.provider.firmenname };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.declineOffer',
      params: { ref: String(data?.ref ?? ''), price: Number(data?.priceCents ?? 0), company: String(data?.company ?? '') },
    }),
    offline: { priority: 86, detect: refCommand('offer', DECLINE) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const o = await declinableOffer(ctx, input.offer);
        const r = await declineOffer(ctx.deps, ctx.auth.user!.id, o.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(o.id), status: r.status } };
      }),
  }),
];
