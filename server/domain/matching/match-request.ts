// Matches an open request to providers: same category, the request's place inside the provider's service
// area, the provider's settings (receives matches, minimum budget). Reads one index range per request
// (ProviderCategory by category and latitude), never all providers. New matches reach the providers live
// (ws) and by e-mail.
import type { AppDeps } from '../../deps.ts';
import { categoryLabel, type CategoryId } from '../../ai/nlu/categories.ts';
import { urgencyLabel, type Urgency } from '../../ai/nlu/urgency.ts';
import { getSettings } from '../settings/settings.ts';
import { translator } from '../../i18n.ts';
import { appLink, notify } from '../notifications/notify.ts';
import { budgetText, maskPlace, teaserDescription } from '../requests/request-views.ts';
import { boundingBox, withinKm } from './area.ts';

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
  const rows = await prisma.providerCategory.findMany({
    where: { category: q.category, active: true, lat: { gte: box.minLat, lte: box.maxLat }, lon: { gte: box.minLon, lte: box.maxLon } },
    select: { providerId: true, lat: true, lon: true, radiusKm: true },
  });
  // The box of the largest radius holds many more providers than the few whose own radius reaches the
  // point: the distance decides first, and only those providers' settings are read.
  const near: { providerId: string; d: number }[] = [];
  for (const row of rows) {
    if (row.providerId === q.excludeUserId) continue;
    const d = withinKm(q, row, Math.min(row.radiusKm, maxRadiusKm));
    if (d !== null) near.push({ providerId: row.providerId, d });
  }
  if (!near.length) return [];
  const settings = new Map(
    (
      await prisma.providerProfile.findMany({
        where: { userId: { in: near.map((n) => n.providerId) } },
        select: { userId: true, acceptsMatches: true, minBudget: true },
      })
    ).map((p) => [p.userId, p]),
  );
  const out: Candidate[] = [];
  for (const { providerId, d } of near) {
    const provider = settings.get(providerId);
    if (!provider || !provider.acceptsMatches) continue;
    if (provider.minBudget !== null && q.budgetMax !== null && q.budgetMax < provider.minBudget) continue;
    out.push({ providerId, distanceKm: Math.round(d * 10) / 10 });
  }
  return out;
}

export async function matchRequest(deps: AppDeps, requestId: string, opts: { notify?: boolean } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  const r = await prisma.request.findUnique({ where: { id: requestId } });
  if (!r || r.status !== 'open' || r.lat === null || r.lon === null) return 0;
  const settings = await getSettings(prisma);
  const candidates = await findCandidates(
    prisma,
    { category: r.kategorie, lat: r.lat, lon: r.lon, budgetMax: r.budgetMax, excludeUserId: r.userId },
    settings['marketplace.maxRadiusKm'],
  );
  const existing = new Set((await prisma.match.findMany({ where: { requestId }, select: { providerId: true } })).map((m) => m.providerId));
  const fresh = candidates.filter((c) => !existing.has(c.providerId));
  if (fresh.length)
    await prisma.match.createMany({ data: fresh.map((c) => ({ requestId, providerId: c.providerId, distanceKm: c.distanceKm })), skipDuplicates: true });
  await prisma.request.update({ where: { id: requestId }, data: { matchedAt: new Date() } });
  if (opts.notify !== false) {
    const created = await prisma.match.findMany({
      where: { requestId, providerId: { in: fresh.map((c) => c.providerId) } },
      select: { id: true, providerId: true },
    });
    for (const m of created) {
      await notify(deps, {
        userId: m.providerId,
        event: { type: 'match.created', payload: { matchId: m.id, requestId } },
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
  return fresh.length;
}
