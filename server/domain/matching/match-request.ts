// Matches an open request to providers: same category, the request's place inside the provider's service
// area, the provider's settings (receives matches, minimum budget). Reads one index range per request
// (ProviderCategory by category and latitude), never all providers. New matches reach the providers live
// (ws) and by e-mail, from the job queue after the commit (decision 061): matching never waits for mail.
//
// Three round trips and one commit (decision 056): the request and the settings together, the candidates
// with their providers' settings in one statement, and one statement that writes the new matches and stamps
// the request (INSERT … ON CONFLICT DO NOTHING RETURNING: only the rows it wrote come back, so a provider
// matched before, or by a concurrent run, is neither written nor told twice).
import type { AppDeps } from '../../deps.ts';
import { getSettings } from '../settings/settings.ts';
import { boundingBox, withinKm } from './area.ts';
import { matchCardOf, type MatchCardColumns } from './match-card.ts';
import { resolvePrice } from '../prices/price-list.ts';
import { roundedKm, takesRequest } from './match-rules.ts';
import { NOTIFY_MATCHES_JOB } from './notify-new-matches.ts';

export interface Candidate {
  providerId: string;
  distanceKm: number;
}

/** Providers whose area holds the point, for the category (no writes). */
export async function findCandidates(
  prisma: AppDeps['db']['prisma'],
  q: { category: string; lat: number; lon: number; budgetMax: number | null; excludeUserId: string | null },
  maxRadiusKm: number,
): Promise<Candidate[]> {
  const box = boundingBox(q.lat, q.lon, maxRadiusKm);
  // One statement: the index range of the category's providers in the box of the largest radius, with each
  // provider's settings (a primary-key lookup per row). The exact distance and the rules decide below.
  const rows = await prisma.$queryRaw<{ providerId: string; lat: number; lon: number; radiusKm: number; acceptsMatches: boolean; minBudget: number | null }[]>`
    SELECT pc."providerId", pc.lat, pc.lon, pc."radiusKm", pp."acceptsMatches", pp."minBudget"
      FROM "ProviderCategory" pc
      JOIN "ProviderProfile" pp ON pp."userId" = pc."providerId"
     WHERE pc.category = ${q.category} AND pc.active
       AND pc.lat BETWEEN ${box.minLat} AND ${box.maxLat}
       AND pc.lon BETWEEN ${box.minLon} AND ${box.maxLon}`;
  const out: Candidate[] = [];
  for (const row of rows) {
    if (row.providerId === q.excludeUserId || !takesRequest(row, q.budgetMax)) continue;
    const d = withinKm(q, row, Math.min(row.radiusKm, maxRadiusKm));
    if (d !== null) out.push({ providerId: row.providerId, distanceKm: roundedKm(d) });
  }
  return out;
}

/**
 * Writes the matches that do not exist yet, each with the request's card (decision 060) and, when its provider
 * is to be told, marked as waiting for that (decision 061), and stamps the request as matched (and, when it
 * wrote a match to tell, with the time its notifications wait since), in one statement (one commit); answers
 * the matches it wrote.
 */
async function writeMatches(
  prisma: AppDeps['db']['prisma'],
  requestId: string,
  candidates: readonly Candidate[],
  card: MatchCardColumns,
  now: Date,
  notify: boolean,
) {
  const ids = candidates.map((c) => c.providerId);
  const km = candidates.map((c) => c.distanceKm);
  return prisma.$queryRaw<{ id: string; providerId: string }[]>`
    WITH written AS (
      INSERT INTO "Match" (id, "requestId", "providerId", "distanceKm", "updatedAt", "kategorie", "teaserDe", "teaserEn", "placeMasked",
        "postcodeMasked", "budgetMin", "budgetMax", "dringlichkeit", "wantedBy", "requestStatus", "unlockCount", "maxUnlocks", "unlockPrice", "postedAt", "notifyPending")
      SELECT gen_random_uuid()::text, ${requestId}, c.provider, c.km, ${now}, ${card.kategorie}, ${card.teaserDe}, ${card.teaserEn}, ${card.placeMasked}::text,
        ${card.postcodeMasked}::text, ${card.budgetMin}::int, ${card.budgetMax}::int, ${card.dringlichkeit}, ${card.wantedBy}::timestamp(3), ${card.requestStatus},
        ${card.unlockCount}::int, ${card.maxUnlocks}::int, ${card.unlockPrice}::int, ${card.postedAt}, ${notify}
        FROM unnest(${ids}::text[], ${km}::float8[]) AS c(provider, km)
      ON CONFLICT ("requestId", "providerId") DO NOTHING
      RETURNING id, "providerId"
    ), stamped AS (
      UPDATE "Request" SET "matchedAt" = ${now}, "updatedAt" = ${now},
        "notifyAfter" = CASE WHEN ${notify} AND EXISTS (SELECT 1 FROM written) THEN COALESCE("notifyAfter", ${now}) ELSE "notifyAfter" END
       WHERE id = ${requestId}
    )
    SELECT id, "providerId" FROM written`;
}

export async function matchRequest(deps: AppDeps, requestId: string, opts: { notify?: boolean } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  const [r, settings, prices] = await Promise.all([
    prisma.request.findUnique({ where: { id: requestId } }),
    getSettings(prisma),
    prisma.priceListEntry.findMany({ where: { serviceType: '' } }),
  ]);
  if (!r || r.status !== 'open' || r.lat === null || r.lon === null) return 0;
  const candidates = await findCandidates(
    prisma,
    { category: r.kategorie, lat: r.lat, lon: r.lon, budgetMax: r.budgetMax, excludeUserId: r.userId },
    settings['marketplace.maxRadiusKm'],
  );
  if (!candidates.length) {
    await prisma.request.update({ where: { id: requestId }, data: { matchedAt: new Date() } });
    return 0;
  }
  const notify = opts.notify !== false;
  const created = await writeMatches(prisma, requestId, candidates, matchCardOf(r, resolvePrice(prices, r.kategorie).goints), new Date(), notify);
  // After the commit: one job tells every new provider (notify-new-matches.ts). Should it not get into the
  // queue, the sweep finds the request by its stamp.
  if (notify && created.length)
    await deps.jobs.send(NOTIFY_MATCHES_JOB, { requestId }).catch((err: unknown) => {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId }, 'match notifications not queued; the sweep sends them');
    });
  return created.length;
}
