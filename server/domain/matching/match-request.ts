// Matches an open request to providers: same category, the request's place inside the provider's service
// area, the provider's settings (receives matches, minimum budget). Reads one index range per request
// (ProviderCategory by category and latitude), never all providers. New matches reach the providers live
// (ws) and by e-mail, from the job queue after the commit (decision 078): matching never waits for mail.
//
// Three round trips and one commit (decision 056): the request and the settings together, the candidates
// with their providers' settings in one statement, and one statement that writes the new matches and stamps
// the request (INSERT … ON CONFLICT DO NOTHING RETURNING: only the rows it wrote come back, so a provider
// matched before, or by a concurrent run, is neither written nor told twice).
import type { AppDeps } from '../../deps.ts';
import { getSettings } from '../settings/settings.ts';
import { cardTexts } from '../requests/request-views.ts';
import { resolvePrice } from '../prices/price-list.ts';
import { boundingBox, withinKm } from './area.ts';
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
 * Writes the matches that do not exist yet, each with the request's card (decision 077: the texts made here
 * through the one redaction, the plain columns from the request row as the caller's transaction sees it) and,
 * when its provider is to be told, marked as waiting for that (decision 078), and stamps the request as matched
 * (and, when it wrote a match to tell, with the time its notifications wait since), in one statement; answers
 * the matches it wrote.
 */
async function writeMatches(tx: Queryable, r: MatchableRequest, candidates: readonly Candidate[], now: Date, notify: boolean) {
  const ids = candidates.map((c) => c.providerId);
  const km = candidates.map((c) => c.distanceKm);
  const de = cardTexts(r, 'de');
  const en = cardTexts(r, 'en');
  const price = resolvePrice(await tx.priceListEntry.findMany({ where: { serviceType: '' } }), r.kategorie).goints;
  return tx.$queryRaw<{ id: string; providerId: string }[]>`
    WITH written AS (
      INSERT INTO "Match" (id, "requestId", "providerId", "distanceKm", "updatedAt", "kategorie", "teaserDe", "teaserEn", "placeMasked",
        "postcodeMasked", "budgetMin", "budgetMax", "dringlichkeit", "wantedBy", "requestStatus", "unlockCount", "maxUnlocks", "unlockPrice", "postedAt", "notifyPending")
      SELECT gen_random_uuid()::text, rq.id, c.provider, c.km, ${now}, rq."kategorie", ${de.preview}, ${en.preview}, ${de.placeMasked}::text,
        ${de.postcodeMasked}::text, rq."budgetMin", rq."budgetMax", rq."dringlichkeit", rq."date", rq."status",
        rq."unlockCount", rq."maxUnlocks", ${price}::int, COALESCE(rq."releasedAt", rq."createdAt"), ${notify}
        FROM unnest(${ids}::text[], ${km}::float8[]) AS c(provider, km)
        CROSS JOIN "Request" rq WHERE rq.id = ${r.id}
      ON CONFLICT ("requestId", "providerId") DO NOTHING
      RETURNING id, "providerId"
    ), stamped AS (
      UPDATE "Request" SET "matchedAt" = ${now}, "updatedAt" = ${now},
        "notifyAfter" = CASE WHEN ${notify} AND EXISTS (SELECT 1 FROM written) THEN COALESCE("notifyAfter", ${now}) ELSE "notifyAfter" END
       WHERE id = ${r.id}
    )
    SELECT id, "providerId" FROM written`;
}

type Queryable = Pick<AppDeps['db']['prisma'], '$queryRaw' | 'priceListEntry'>;

/** What matching needs of a request. */
export type MatchableRequest = Pick<
  NonNullable<Awaited<ReturnType<AppDeps['db']['prisma']['request']['findUnique']>>>,
  'id' | 'kategorie' | 'lat' | 'lon' | 'budgetMin' | 'budgetMax' | 'userId' | 'ort' | 'postcode' | 'dringlichkeit' | 'beschreibung'
>;

export interface WrittenMatches {
  request: MatchableRequest;
  created: { id: string; providerId: string }[];
}

/**
 * Matches an open request inside the caller's transaction (so opening a request and matching it commit
 * together: decision 060); the request is stamped matched even when nobody fits. Tell the providers with
 * `announceMatches` after the commit.
 */
export async function matchOpenRequest(
  tx: Queryable,
  r: MatchableRequest,
  maxRadiusKm: number,
  now = new Date(),
  opts: { notify?: boolean } = {},
): Promise<WrittenMatches> {
  const candidates =
    r.lat === null || r.lon === null
      ? []
      : await findCandidates(
          tx as AppDeps['db']['prisma'],
          { category: r.kategorie, lat: r.lat, lon: r.lon, budgetMax: r.budgetMax, excludeUserId: r.userId },
          maxRadiusKm,
        );
  return { request: r, created: await writeMatches(tx, r, candidates, now, opts.notify !== false) };
}

/**
 * New matches reach their providers live and by e-mail: after the commit, one job tells every new provider
 * (notify-new-matches.ts, decision 078). Should it not get into the queue, the sweep finds the request by its stamp.
 */
export async function announceMatches(deps: AppDeps, { request: r, created }: WrittenMatches): Promise<void> {
  if (!created.length) return;
  await deps.jobs.send(NOTIFY_MATCHES_JOB, { requestId: r.id }).catch((err: unknown) => {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId: r.id }, 'match notifications not queued; the sweep sends them');
  });
}

export async function matchRequest(deps: AppDeps, requestId: string, opts: { notify?: boolean } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  const [r, settings] = await Promise.all([prisma.request.findUnique({ where: { id: requestId } }), getSettings(prisma)]);
  // Without coordinates nobody fits, and the request is still stamped as matched.
  if (!r || r.status !== 'open') return 0;
  const notify = opts.notify !== false;
  const written = await matchOpenRequest(prisma, r, settings['marketplace.maxRadiusKm'], new Date(), { notify });
  if (notify) await announceMatches(deps, written);
  return written.created.length;
}
