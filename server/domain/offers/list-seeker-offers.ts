// The offers a seeker received: the top 10 ('Beste Angebote', ranked by the score of offer-score.ts: rating
// with a prior for new providers, price fit to the budget, response time, verification) and all of them. A provider's contact data appears only
// once the deal is confirmed by both, with the provider's trader details (DSA Art. 30). An offer whose text a
// report's decision removed or restricted shows without it (textHidden, decision 059).
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { getProviderStats } from '../providers/provider-stats.ts';
import { rankOffers } from './offer-score.ts';
import type { SeekerOffer } from '../../../core/api/seeker.ts';
import { toTraderView } from '../providers/trader-details.ts';
export type { SeekerOffer } from '../../../core/api/seeker.ts';

export { rankOffers };

export const TOP_OFFERS = 10;

export async function listSeekerOffers(prisma: Db, seekerId: string, opts: { requestId?: string } = {}): Promise<{ top: SeekerOffer[]; all: SeekerOffer[] }> {
  const rows = await prisma.offer.findMany({
    where: { request: { userId: seekerId }, ...(opts.requestId ? { requestId: opts.requestId } : {}) },
    orderBy: { createdAt: 'desc' },
    take: 500,
    include: {
      request: { select: { kategorie: true, ort: true, budgetMin: true, budgetMax: true, status: true } },
      provider: { select: { providerProfile: { select: { firmenname: true, phone: true, email: true, trader: true } } } },
      deal: { select: { id: true, status: true, providerConfirmedAt: true, seekerConfirmedAt: true, review: { select: { id: true } } } },
    },
  });
  const [stats, matches] = await Promise.all([
    getProviderStats(
      prisma,
      rows.map((r) => r.providerId),
    ),
    prisma.match.findMany({
      where: { OR: rows.map((r) => ({ requestId: r.requestId, providerId: r.providerId })) },
      select: { requestId: true, providerId: true, createdAt: true },
    }),
  ]);
  const matchedAt = new Map(matches.map((m) => [`${m.requestId}:${m.providerId}`, m.createdAt]));
  const all: SeekerOffer[] = rows.map((r) => {
    const s = stats.get(r.providerId)!;
    const matched = matchedAt.get(`${r.requestId}:${r.providerId}`);
    const completed = r.deal?.status === 'completed';
    return {
      id: r.id,
      requestId: r.requestId,
      request: {
        kategorie: r.request.kategorie as CategoryId,
        place: r.request.ort,
        budgetMin: r.request.budgetMin,
        budgetMax: r.request.budgetMax,
        status: r.request.status,
      },
      provider: {
        id: r.providerId,
        firmenname: r.provider.providerProfile?.firmenname ?? '',
        ratingAvg: s.ratingAvg,
        ratingCount: s.ratingCount,
        badge: s.badge,
        verified: s.verified,
        medianResponseMinutes: s.medianResponseMinutes,
      },
      priceCents: r.priceCents,
      beschreibung: r.restriction ? '' : r.beschreibung,
      textHidden: r.restriction !== null,
      verfuegbarkeit: r.verfuegbarkeit,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      responseMinutes: matched ? Math.max(0, Math.round((r.createdAt.getTime() - matched.getTime()) / 60_000)) : null,
      rank: null,
      deal: r.deal
        ? {
            id: r.deal.id,
            status: r.deal.status,
            providerConfirmed: !!r.deal.providerConfirmedAt,
            seekerConfirmed: !!r.deal.seekerConfirmedAt,
            reviewed: !!r.deal.review,
          }
        : null,
      contact:
        completed && r.provider.providerProfile
          ? {
              phone: r.provider.providerProfile.phone,
              email: r.provider.providerProfile.email,
              trader: r.provider.providerProfile.trader ? toTraderView(r.provider.providerProfile.trader) : null,
            }
          : null,
    };
  });
  const top = rankOffers(all.filter((o) => o.status === 'versendet' || o.status === 'angenommen'))
    .slice(0, TOP_OFFERS)
    .map((o, i) => ({ ...o, rank: i + 1 }));
  return { top, all };
}
