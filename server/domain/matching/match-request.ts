// Matches an open request to providers: same category, the request's place inside the provider's service
// area, the provider's settings (receives matches, minimum budget). Reads one index range per request
// (ProviderCategory by category and latitude), never all providers. New matches reach the providers live
// (ws) and by e-mail.
//
// Three round trips and one commit (decision 056): the request and the settings together, the candidates
// with their providers' settings in one statement, and one statement that writes the new matches and stamps
// the request (INSERT … ON CONFLICT DO NOTHING RETURNING: only the rows it wrote come back, so a provider
// matched before, or by a concurrent run, is neither written nor told twice).
import type { AppDeps } from '../../deps.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { categoryLabel } from '../../../core/categories/category-labels.ts';
import { urgencyLabel, type Urgency } from '../../../core/requests/urgency.ts';
import { getSettings } from '../settings/settings.ts';
import { translator } from '../../i18n.ts';
import { appLink, notify } from '../notifications/notify.ts';
import { budgetText, maskPlace, teaserDescription } from '../requests/request-views.ts';
import { boundingBox, withinKm } from './area.ts';
import { roundedKm, takesRequest } from './match-rules.ts';

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
 * Writes the matches that do not exist yet and stamps the request as matched, in one statement (one
 * commit); answers the matches it wrote.
 */
async function writeMatches(prisma: Queryable, requestId: string, candidates: readonly Candidate[], now: Date) {
  const ids = candidates.map((c) => c.providerId);
  const km = candidates.map((c) => c.distanceKm);
  return prisma.$queryRaw<{ id: string; providerId: string }[]>`
    WITH written AS (
      INSERT INTO "Match" (id, "requestId", "providerId", "distanceKm", "updatedAt")
      SELECT gen_random_uuid()::text, ${requestId}, c.provider, c.km, ${now}
        FROM unnest(${ids}::text[], ${km}::float8[]) AS c(provider, km)
      ON CONFLICT ("requestId", "providerId") DO NOTHING
      RETURNING id, "providerId"
    ), stamped AS (
      UPDATE "Request" SET "matchedAt" = ${now}, "updatedAt" = ${now} WHERE id = ${requestId}
    )
    SELECT id, "providerId" FROM written`;
}

type Queryable = Pick<AppDeps['db']['prisma'], '$queryRaw'>;

/** What matching needs of a request. */
export type MatchableRequest = Pick<
  NonNullable<Awaited<ReturnType<AppDeps['db']['prisma']['request']['findUnique']>>>,
  'id' | 'kategorie' | 'lat' | 'lon' | 'budgetMin' | 'budgetMax' | 'userId' | 'ort' | 'dringlichkeit' | 'beschreibung'
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
export async function matchOpenRequest(tx: Queryable, r: MatchableRequest, maxRadiusKm: number, now = new Date()): Promise<WrittenMatches> {
  const candidates =
    r.lat === null || r.lon === null
      ? []
      : await findCandidates(
          tx as AppDeps['db']['prisma'],
          { category: r.kategorie, lat: r.lat, lon: r.lon, budgetMax: r.budgetMax, excludeUserId: r.userId },
          maxRadiusKm,
        );
  return { request: r, created: await writeMatches(tx, r.id, candidates, now) };
}

/** New matches reach their providers live and by e-mail. */
export async function announceMatches(deps: AppDeps, { request: r, created }: WrittenMatches): Promise<void> {
  for (const m of created) {
    await notify(deps, {
      userId: m.providerId,
      event: { type: 'match.created', payload: { matchId: m.id, requestId: r.id } },
      mail: {
        template: 'newMatch',
        params: (lang) => ({
          category: categoryLabel(r.kategorie as CategoryId, lang),
          place: maskPlace(r.ort) ?? (translator(lang)('email:newMatch.placeUnknown') as string),
          budget: budgetText(r.budgetMin, r.budgetMax, lang) ?? (translator(lang)('email:newMatch.budgetOpen') as string),
          urgency: urgencyLabel(r.dringlichkeit as Urgency, lang),
          teaser: teaserDescription(r.beschreibung, lang),
          url: appLink(deps, '/anbieter/dashboard'),
        }),
      },
    });
  }
}

export async function matchRequest(deps: AppDeps, requestId: string, opts: { notify?: boolean } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  const [r, settings] = await Promise.all([prisma.request.findUnique({ where: { id: requestId } }), getSettings(prisma)]);
  // Without coordinates nobody fits, and the request is still stamped as matched.
  if (!r || r.status !== 'open') return 0;
  const written = await matchOpenRequest(prisma, r, settings['marketplace.maxRadiusKm']);
  if (opts.notify !== false) await announceMatches(deps, written);
  return written.created.length;
}
