// Ratings, badges and response times of providers, computed from real reviews and offers.
import type { Db, DbTx } from '../../db.ts';
import type { ProviderStats } from '../../../core/api/provider.ts';
export type { ProviderStats } from '../../../core/api/provider.ts';

/** 'Verifiziert' for an approved trade document; otherwise 'Top bewertet' from three reviews averaging 4.5. */
export function badgeOf(verified: boolean, ratingAvg: number | null, ratingCount: number): ProviderStats['badge'] {
  if (verified) return 'verifiziert';
  if (ratingCount >= 3 && ratingAvg !== null && ratingAvg >= 4.5) return 'top_bewertet';
  return null;
}

export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Stats of several providers at once (one query per figure, not per provider). */
export async function getProviderStats(db: Db | DbTx, providerIds: readonly string[]): Promise<Map<string, ProviderStats>> {
  const ids = [...new Set(providerIds)];
  const out = new Map<string, ProviderStats>();
  if (!ids.length) return out;
  const [ratings, profiles, responses] = await Promise.all([
    db.review.groupBy({
      by: ['providerId'],
      where: { providerId: { in: ids }, OR: [{ restriction: null }, { restriction: 'restricted' }] },
      _avg: { rating: true },
      _count: { _all: true },
    }),
    db.providerProfile.findMany({ where: { userId: { in: ids } }, select: { userId: true, verification: true } }),
    // Minutes from the match to the offer, per offer of these providers.
    db.$queryRaw<{ providerId: string; minutes: number }[]>`
      SELECT o."providerId" AS "providerId", EXTRACT(EPOCH FROM (o."createdAt" - m."createdAt")) / 60.0 AS minutes
      FROM "Offer" o JOIN "Match" m ON m."requestId" = o."requestId" AND m."providerId" = o."providerId"
      WHERE o."providerId" = ANY(${ids}::text[])`,
  ]);
  const verifiedOf = new Map(profiles.map((p) => [p.userId, p.verification === 'verified']));
  const ratingOf = new Map(ratings.map((r) => [r.providerId, { avg: r._avg.rating, count: r._count._all }]));
  const minutesOf = new Map<string, number[]>();
  for (const r of responses) {
    const list = minutesOf.get(r.providerId) ?? [];
    list.push(Math.max(0, Number(r.minutes)));
    minutesOf.set(r.providerId, list);
  }
  for (const id of ids) {
    const rating = ratingOf.get(id);
    const ratingAvg = rating?.avg != null ? Math.round(rating.avg * 10) / 10 : null;
    const ratingCount = rating?.count ?? 0;
    const verified = verifiedOf.get(id) ?? false;
    const med = median(minutesOf.get(id) ?? []);
    out.set(id, {
      ratingAvg,
      ratingCount,
      verified,
      badge: badgeOf(verified, ratingAvg, ratingCount),
      medianResponseMinutes: med === null ? null : Math.round(med),
    });
  }
  return out;
}
