// Releasing a seeker's request to providers: the pre-filter scores and flags it; a clean request is
// opened and matched at once, a flagged one waits for moderation ('review').
import type { AppDeps } from '../../deps.ts';
import { coordinatesOf } from '../../integrations/geo/postcodes.ts';
import { moderateWithModel } from '../../ai/moderation.ts';
import { normalizeLang } from '../../i18n.ts';
import { getSettings } from '../settings/settings.ts';
import { announceMatches, matchOpenRequest } from '../matching/match-request.ts';
import { inTransaction } from '../../db/tx.ts';
import { assessRequest, similarity, type Assessment } from './assess-request.ts';

const DUPLICATE_WINDOW_DAYS = 7;
const DUPLICATE_SIMILARITY = 0.8;

export interface ReleaseResult {
  status: 'open' | 'review' | 'unchanged';
  assessment: Assessment | null;
  matched: number;
}

export async function releaseRequest(deps: AppDeps, requestId: string): Promise<ReleaseResult> {
  const prisma = deps.db.prisma;
  const r = await prisma.request.findUnique({ where: { id: requestId } });
  if (!r || r.status !== 'draft' || !r.userId) return { status: 'unchanged', assessment: null, matched: 0 };
  const coords = coordinatesOf(r.postcode, r.ort);
  const since = new Date(Date.now() - DUPLICATE_WINDOW_DAYS * 86_400_000);
  const recent = await prisma.request.findMany({
    where: {
      id: { not: r.id },
      kategorie: r.kategorie,
      createdAt: { gte: since },
      status: { notIn: ['rejected', 'draft'] },
      OR: [{ userId: r.userId }, ...(r.sessionId ? [{ sessionId: r.sessionId }] : [])],
    },
    select: { id: true, beschreibung: true },
    take: 20,
    orderBy: { createdAt: 'desc' },
  });
  const duplicateOf = recent.find((o) => similarity(o.beschreibung, r.beschreibung) >= DUPLICATE_SIMILARITY)?.id ?? null;
  const model = await moderateWithModel(deps.config.ai, r.beschreibung, normalizeLang(r.lang), deps.logger);
  const assessment = assessRequest({ description: r.beschreibung, hasCoordinates: coords !== null, duplicateOf, model });
  const settings = await getSettings(prisma);
  const status = assessment.flags.length || assessment.score < settings['marketplace.minQualityScore'] ? 'review' : 'open';
  const now = new Date();
  // Opening and matching commit together (decision 060): a crash leaves the request a draft (completed by the
  // job in complete-request-releases.ts) or open and matched, never open and unmatched.
  const written = await inTransaction(prisma, async (tx) => {
    const updated = await tx.request.updateMany({
      where: { id: r.id, status: 'draft' },
      data: {
        status,
        lat: coords?.lat ?? null,
        lon: coords?.lon ?? null,
        qualityScore: assessment.score,
        flags: assessment.flags as never,
        releasedAt: now,
        expiresAt: new Date(now.getTime() + settings['marketplace.requestExpiryDays'] * 86_400_000),
        maxUnlocks: settings['marketplace.maxUnlocks'],
      },
    });
    if (updated.count !== 1) return null;
    if (status === 'review') return { request: r, created: [] };
    return matchOpenRequest(tx, { ...r, lat: coords?.lat ?? null, lon: coords?.lon ?? null }, settings['marketplace.maxRadiusKm'], now);
  });
  if (!written) return { status: 'unchanged', assessment: null, matched: 0 };
  if (status === 'review') {
    await deps.bus.publish({ type: 'request.review', to: { role: 'admin' }, payload: { requestId: r.id } }).catch(() => {});
    return { status, assessment, matched: 0 };
  }
  await announceMatches(deps, written);
  return { status, assessment, matched: written.created.length };
}
