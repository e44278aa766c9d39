// A provider who joins (or changes categories or area) gets the open requests that fit, so the feed is
// never empty only because the provider came after the seekers. These matches are not mailed one by one.
import type { AppDeps } from '../../deps.ts';
import { getSettings } from '../settings/settings.ts';
import { boundingBox, withinKm } from './area.ts';
import { roundedKm, takesRequest } from './match-rules.ts';
import { matchCardOf } from './match-card.ts';
import { getUnlockPrices } from '../prices/get-unlock-price.ts';

const BACKFILL_LIMIT = 200;

export async function matchProviderToOpenRequests(deps: AppDeps, providerId: string): Promise<number> {
  const prisma = deps.db.prisma;
  const profile = await prisma.providerProfile.findUnique({ where: { userId: providerId }, include: { categories: true } });
  if (!profile?.acceptsMatches) return 0;
  const settings = await getSettings(prisma);
  const radius = Math.min(profile.radiusKm, settings['marketplace.maxRadiusKm']);
  const box = boundingBox(profile.lat, profile.lon, radius);
  const requests = await prisma.request.findMany({
    where: {
      status: 'open',
      kategorie: { in: profile.categories.map((c) => c.category) },
      lat: { gte: box.minLat, lte: box.maxLat },
      lon: { gte: box.minLon, lte: box.maxLon },
      expiresAt: { gt: new Date() },
      NOT: { userId: providerId },
    },
    select: {
      id: true,
      lat: true,
      lon: true,
      kategorie: true,
      beschreibung: true,
      ort: true,
      postcode: true,
      budgetMin: true,
      budgetMax: true,
      dringlichkeit: true,
      date: true,
      status: true,
      unlockCount: true,
      maxUnlocks: true,
      releasedAt: true,
      createdAt: true,
    },
    orderBy: { releasedAt: 'desc' },
    take: BACKFILL_LIMIT * 2,
  });
  const fits = requests
    .filter((r) => r.unlockCount < r.maxUnlocks)
    .filter((r) => takesRequest(profile, r.budgetMax))
    .map((r) => ({ r, d: withinKm(profile, { lat: r.lat!, lon: r.lon! }, radius) }))
    .filter((x): x is { r: (typeof requests)[number]; d: number } => x.d !== null)
    .slice(0, BACKFILL_LIMIT);
  if (!fits.length) return 0;
  // Each match with its request's card (decision 077).
  const prices = await getUnlockPrices(
    prisma,
    fits.map((x) => x.r.kategorie),
  );
  const result = await prisma.match.createMany({
    data: fits.map(({ r, d }) => ({
      requestId: r.id,
      providerId,
      distanceKm: roundedKm(d),
      ...matchCardOf(r, prices.get(r.kategorie)!.goints),
    })),
    skipDuplicates: true,
  });
  if (result.count) await deps.bus.publish({ type: 'match.created', to: { userId: providerId }, payload: { count: result.count } }).catch(() => {});
  return result.count;
}
