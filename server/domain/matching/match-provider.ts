// A provider who joins (or changes categories or area) gets the open requests that fit, so the feed is
// never empty only because the provider came after the seekers. These matches are not mailed one by one.
import type { AppDeps } from '../../deps.ts';
import { getSettings } from '../settings/settings.ts';
import { boundingBox, withinKm } from './area.ts';
import { roundedKm, takesRequest } from './match-rules.ts';

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
    select: { id: true, lat: true, lon: true, budgetMax: true, unlockCount: true, maxUnlocks: true },
    orderBy: { releasedAt: 'desc' },
    take: BACKFILL_LIMIT * 2,
  });
  const fits = requests
    .filter((r) => r.unlockCount < r.maxUnlocks)
    .filter((r) => takesRequest(profile, r.budgetMax))
    .map((r) => ({ id: r.id, d: withinKm(profile, { lat: r.lat!, lon: r.lon! }, radius) }))
    .filter((r): r is { id: string; d: number } => r.d !== null)
    .slice(0, BACKFILL_LIMIT);
  if (!fits.length) return 0;
  const result = await prisma.match.createMany({
    data: fits.map((r) => ({ requestId: r.id, providerId, distanceKm: roundedKm(r.d) })),
    skipDuplicates: true,
  });
  if (result.count) await deps.bus.publish({ type: 'match.created', to: { userId: providerId }, payload: { count: result.count } }).catch(() => {});
  return result.count;
}
