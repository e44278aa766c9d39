// A request that ends without a deal: closed by its seeker, expired after the setting's days, or rejected
// by moderation. Every unlocking provider gets the Goints back at once, open offers and matches close.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { endOpenOffers } from '../offers/offer-transition.ts';
import { refundRequestUnlocks } from '../unlocks/refund-unlocks.ts';
import { lockRequest } from './lock-request.ts';
import type { DbTx } from '../../db.ts';

export type EndReason = 'closed' | 'expired' | 'rejected';
export const ENDABLE = ['draft', 'review', 'open'];

/** Work done in the same transaction once the request has ended (an admin's audit entry and reason). */
export type AlsoInTransaction = (tx: DbTx, refunded: { providerId: string; goints: number }[]) => Promise<void>;

export async function endRequest(
  deps: AppDeps,
  requestId: string,
  reason: EndReason,
  guard: { userId?: string; status?: string[] },
  also?: AlsoInTransaction,
): Promise<{ refunded: { providerId: string; goints: number }[]; ended: boolean }> {
  const result = await inTransaction(deps.db.prisma, async (tx) => {
    const refunded = await endRequestInTransaction(tx, requestId, reason, guard);
    if (!refunded) return null;
    if (also) await also(tx, refunded);
    return { refunded };
  });
  if (!result) return { refunded: [], ended: false };
  await announceRefunds(deps, requestId, reason, result.refunded);
  return { ...result, ended: true };
}

/**
 * The ending itself, in the caller's transaction (a report's decision ends a request in the transaction that
 * records it): null when the request could not end (its status moved, or a deal waits for confirmations).
 * The caller announces the refunds after the commit (announceRefunds).
 */
export async function endRequestInTransaction(
  tx: DbTx,
  requestId: string,
  reason: EndReason,
  guard: { userId?: string; status?: string[] },
): Promise<{ providerId: string; goints: number }[] | null> {
  // The request's row lock first (decision 019): no unlock commits between the refunds and the end.
  await lockRequest(tx, requestId);
  // A deal waiting for confirmations keeps the request open; it must be cancelled first.
  const ended = await tx.request.updateMany({
    where: { id: requestId, status: { in: guard.status ?? ENDABLE }, acceptedOfferId: null, ...(guard.userId ? { userId: guard.userId } : {}) },
    data: { status: reason, closedAt: new Date() },
  });
  if (ended.count !== 1) return null;
  const refunded = await refundRequestUnlocks(tx, requestId, reason);
  await endOpenOffers(tx, requestId);
  await tx.match.updateMany({ where: { requestId, status: { not: 'geschlossen' } }, data: { status: 'geschlossen' } });
  return refunded;
}

/** Tells every refunded provider, after the commit. */
export async function announceRefunds(deps: AppDeps, requestId: string, reason: EndReason, refunded: { providerId: string; goints: number }[]) {
  for (const r of refunded)
    await deps.bus.publish({ type: 'unlock.refunded', to: { userId: r.providerId }, payload: { requestId, goints: r.goints, reason } }).catch(() => {});
}

/** Whether the seeker may close a request: still running and no accepted offer (a deal is ended by cancelling it). */
export function canSeekerClose(r: { status: string; acceptedOfferId: string | null }): boolean {
  return ENDABLE.includes(r.status) && !r.acceptedOfferId;
}

/** The seeker closes a request without a deal. */
export async function closeRequest(deps: AppDeps, seekerId: string, requestId: string): Promise<{ status: 'closed'; refunded: number }> {
  const r = await deps.db.prisma.request.findUnique({ where: { id: requestId }, select: { userId: true, status: true, acceptedOfferId: true } });
  if (!r || r.userId !== seekerId) throw new AppError('NOT_FOUND');
  if (r.status === 'closed') return { status: 'closed', refunded: 0 };
  if (!canSeekerClose(r)) throw new AppError('REQUEST_NOT_CLOSABLE');
  const { refunded } = await endRequest(deps, requestId, 'closed', { userId: seekerId });
  const now = await deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId }, select: { status: true } });
  if (now.status !== 'closed') throw new AppError('REQUEST_NOT_CLOSABLE');
  return { status: 'closed', refunded: refunded.length };
}

/** Moderation refuses a flagged request waiting for review (nothing was unlocked, but the rule is the same). */
export async function rejectRequest(deps: AppDeps, requestId: string, also?: AlsoInTransaction): Promise<boolean> {
  return (await endRequest(deps, requestId, 'rejected', { status: ['review'] }, also)).ended;
}

/** Expires requests past their date that have no deal in progress; safe to run on several instances at once. */
export async function expireRequests(deps: AppDeps, now = new Date(), batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await deps.db.prisma.request.findMany({
      where: { status: { in: ['review', 'open'] }, expiresAt: { lte: now }, acceptedOfferId: null },
      select: { id: true },
      take: batch,
      orderBy: { expiresAt: 'asc' },
    });
    if (!due.length) return total;
    for (const r of due) {
      await endRequest(deps, r.id, 'expired', {});
      total++;
    }
    if (due.length < batch) return total;
  }
}
