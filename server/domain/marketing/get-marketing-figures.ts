// The live figures the public pages may advertise (decision 042): counted from the database, each one only
// when it rests on enough cases, never a made-up or sample number. Cached briefly per database, so a busy
// landing page costs three small queries a minute.
import type { Db } from '../../db.ts';
import { median } from '../providers/provider-stats.ts';
import type { MarketingFigures } from '../../../core/api/marketing.ts';
export type { MarketingFigures } from '../../../core/api/marketing.ts';

/** A figure is shown only when it rests on at least this many cases (deals, or requests). */
export const MIN_FIGURE_SAMPLE = 10;
/** Response time and offer share look at this window, so they describe the marketplace as it is now. */
export const FIGURE_WINDOW_DAYS = 90;
/** How long a computed set of figures is served before it is counted again. */
export const FIGURES_CACHE_MS = 60_000;

/** Request states in which a request has ended: with a deal, closed by its seeker or an admin, or expired. */
export const ENDED_REQUEST_STATUSES = ['completed', 'closed', 'expired'] as const;

const cache = new WeakMap<Db, { at: number; value: Promise<MarketingFigures> }>();

/** The figures, at most `maxAgeMs` old (0: counted now). */
export function getMarketingFigures(prisma: Db, opts: { now?: Date; maxAgeMs?: number } = {}): Promise<MarketingFigures> {
  const now = opts.now ?? new Date();
  const hit = cache.get(prisma);
  if (hit && now.getTime() - hit.at < (opts.maxAgeMs ?? FIGURES_CACHE_MS) && now.getTime() >= hit.at) return hit.value;
  const value = countMarketingFigures(prisma, now);
  cache.set(prisma, { at: now.getTime(), value });
  // A failed count is not kept: the next caller counts again.
  value.catch(() => {
    if (cache.get(prisma)?.value === value) cache.delete(prisma);
  });
  return value;
}

async function countMarketingFigures(prisma: Db, now: Date): Promise<MarketingFigures> {
  const since = new Date(now.getTime() - FIGURE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const [deals, responses, ended] = await Promise.all([
    prisma.deal.count({ where: { status: 'completed' } }),
    prisma.$queryRaw<{ minutes: number }[]>`
      SELECT EXTRACT(EPOCH FROM (MIN(o."createdAt") - r."releasedAt")) / 60.0 AS minutes
      FROM "Request" r JOIN "Offer" o ON o."requestId" = r.id
      WHERE r."releasedAt" IS NOT NULL AND r."releasedAt" >= ${since} AND r."releasedAt" <= ${now}
      GROUP BY r.id, r."releasedAt"`,
    prisma.$queryRaw<{ total: bigint | number; withOffer: bigint | number }[]>`
      SELECT COUNT(*) AS total,
             COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM "Offer" o WHERE o."requestId" = r.id)) AS "withOffer"
      FROM "Request" r
      WHERE r.status = ANY(${[...ENDED_REQUEST_STATUSES]}::text[]) AND r."closedAt" >= ${since} AND r."closedAt" <= ${now}`,
  ]);
  const med = median(responses.map((r) => Math.max(0, Number(r.minutes))));
  const total = Number(ended[0]?.total ?? 0);
  const withOffer = Number(ended[0]?.withOffer ?? 0);
  return {
    successfulDeals: deals >= MIN_FIGURE_SAMPLE ? deals : null,
    medianResponseMinutes: responses.length >= MIN_FIGURE_SAMPLE && med !== null ? Math.round(med) : null,
    offerSharePercent: total >= MIN_FIGURE_SAMPLE ? Math.round((withOffer / total) * 100) : null,
    minSample: MIN_FIGURE_SAMPLE,
    windowDays: FIGURE_WINDOW_DAYS,
  };
}
