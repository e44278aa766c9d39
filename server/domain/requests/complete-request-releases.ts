// Completes releases that a crash interrupted (decision 060): a verified seeker's draft (stored, but its
// release never ran: the pre-filter asks a model, so storing and releasing cannot share one transaction), and
// an open request never matched (opened before opening and matching were one transaction). Run by the job
// queue every minute and after each start; only rows untouched for a while, so a release under way is left
// to finish by itself (and if both run, the conditional updates let one of them do it).
import type { AppDeps } from '../../deps.ts';
import { matchRequest } from '../matching/match-request.ts';
import { releaseRequest } from './release-request.ts';

export const RELEASE_GRACE_MS = 30_000;

export interface CompletedReleases {
  released: number;
  matched: number;
}

export async function completeRequestReleases(deps: AppDeps, opts: { now?: Date; take?: number } = {}): Promise<CompletedReleases> {
  const prisma = deps.db.prisma;
  const before = new Date((opts.now ?? new Date()).getTime() - RELEASE_GRACE_MS);
  const take = opts.take ?? 100;
  const out: CompletedReleases = { released: 0, matched: 0 };
  const drafts = await prisma.request.findMany({
    where: { status: 'draft', updatedAt: { lt: before }, user: { emailVerified: true, deletedAt: null } },
    select: { id: true },
    orderBy: { updatedAt: 'asc' },
    take,
  });
  for (const d of drafts) {
    try {
      if ((await releaseRequest(deps, d.id)).status !== 'unchanged') out.released += 1;
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId: d.id }, 'an interrupted release could not be completed yet');
    }
  }
  const unmatched = await prisma.request.findMany({
    where: { status: 'open', matchedAt: null, updatedAt: { lt: before } },
    select: { id: true },
    orderBy: { updatedAt: 'asc' },
    take,
  });
  for (const r of unmatched) {
    try {
      await matchRequest(deps, r.id);
      out.matched += 1;
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId: r.id }, 'an unmatched open request could not be matched yet');
    }
  }
  return out;
}
