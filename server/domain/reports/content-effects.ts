// What a report's decision does to the content, in the decision's transaction, and how an objection that
// succeeds undoes it. Each effect is recorded on the report (`effect`), so lifting it restores exactly what
// was changed and nothing else. The readers of each kind of content honour `restriction` (decision 059):
//   request  remove: ended (status rejected), every unlock refunded | restrict: no further matches or unlocks
//   provider remove: the public page answers 404, out of the sitemap | restrict: not listed, not indexed
//   review   remove: hidden everywhere, not counted | restrict: the testimonial text hidden, the rating counts
//   offer    remove: withdrawn while open, its text hidden | restrict: its text hidden from the seeker
//   inquiry  remove: the message erased from storage (the report's snapshot keeps it)
import type { DbTx } from '../../db.ts';
import { transitionOffer } from '../offers/offer-transition.ts';
import { ENDABLE, endRequestInTransaction } from '../requests/end-request.ts';
import { lockRequest } from '../requests/lock-request.ts';
import type { ReportContentType, Restriction } from './report-rules.ts';

/** What a decision changed; stored on the report as JSON. */
export interface ContentEffect {
  restriction: Restriction;
  /** request remove: whether the request ended now, and the providers refunded. */
  ended?: boolean;
  refunded?: { providerId: string; goints: number }[];
  /** request restrict: the matches closed and the unlock limit before. */
  closedMatchIds?: string[];
  maxUnlocksBefore?: number;
  /** offer remove: whether it was withdrawn now. */
  withdrawn?: boolean;
  /** The value of `restriction` before (a second report on removed content changes nothing). */
  before: Restriction | null;
}

export async function applyContentEffect(tx: DbTx, type: ReportContentType, id: string, restriction: Restriction): Promise<ContentEffect> {
  switch (type) {
    case 'request': {
      await lockRequest(tx, id);
      const r = await tx.request.findUniqueOrThrow({ where: { id }, select: { restriction: true, maxUnlocks: true, unlockCount: true, status: true } });
      if (restriction === 'removed') {
        await tx.request.update({ where: { id }, data: { restriction } });
        const refunded = ENDABLE.includes(r.status) ? await endRequestInTransaction(tx, id, 'rejected', { status: ENDABLE }) : null;
        return { restriction, before: r.restriction as Restriction | null, ended: refunded !== null, refunded: refunded ?? [] };
      }
      // Restricted: providers who have not unlocked it no longer see it, and nobody more can unlock it.
      const open = await tx.match.findMany({ where: { requestId: id, status: 'offen' }, select: { id: true } });
      await tx.match.updateMany({ where: { id: { in: open.map((m) => m.id) } }, data: { status: 'geschlossen' } });
      await tx.request.update({ where: { id }, data: { restriction, maxUnlocks: Math.min(r.maxUnlocks, r.unlockCount) } });
      return { restriction, before: r.restriction as Restriction | null, closedMatchIds: open.map((m) => m.id), maxUnlocksBefore: r.maxUnlocks };
    }
    case 'provider': {
      const p = await tx.providerProfile.findUniqueOrThrow({ where: { userId: id }, select: { restriction: true } });
      await tx.providerProfile.update({ where: { userId: id }, data: { restriction } });
      return { restriction, before: p.restriction as Restriction | null };
    }
    case 'review': {
      const r = await tx.review.findUniqueOrThrow({ where: { id }, select: { restriction: true } });
      await tx.review.update({ where: { id }, data: { restriction } });
      return { restriction, before: r.restriction as Restriction | null };
    }
    case 'offer': {
      const o = await tx.offer.findUniqueOrThrow({ where: { id }, select: { restriction: true, status: true } });
      await tx.offer.update({ where: { id }, data: { restriction } });
      // A removed offer that still waits for the seeker's answer is withdrawn on the platform's decision.
      const withdraw = restriction === 'removed' && o.status === 'versendet';
      if (withdraw) await transitionOffer(tx, id, { type: 'OFFER_WITHDRAWN' }, 'CONFLICT');
      return { restriction, before: o.restriction as Restriction | null, withdrawn: withdraw };
    }
    case 'inquiry': {
      const q = await tx.dealInquiry.findUniqueOrThrow({ where: { id }, select: { restriction: true } });
      await tx.dealInquiry.update({ where: { id }, data: { restriction: 'removed', message: '' } });
      return { restriction: 'removed', before: q.restriction as Restriction | null };
    }
  }
}

/**
 * Undoes an effect after an objection succeeded, as far as it can be undone: the restriction is lifted and a
 * restricted request gets its matches and unlock limit back while it is still open. An ended request stays
 * ended (its unlocks were refunded; the seeker may post it again), a withdrawn offer stays withdrawn, and an
 * erased inquiry gets its message back from the report's snapshot.
 */
export async function liftContentEffect(tx: DbTx, type: ReportContentType, id: string, effect: ContentEffect, snapshotText: string): Promise<void> {
  const restore = effect.before;
  switch (type) {
    case 'request': {
      await lockRequest(tx, id);
      const r = await tx.request.findUnique({ where: { id }, select: { status: true } });
      if (!r) return;
      await tx.request.update({
        where: { id },
        data: { restriction: restore, ...(effect.maxUnlocksBefore !== undefined && r.status === 'open' ? { maxUnlocks: effect.maxUnlocksBefore } : {}) },
      });
      if (effect.closedMatchIds?.length && r.status === 'open')
        await tx.match.updateMany({ where: { id: { in: effect.closedMatchIds }, status: 'geschlossen' }, data: { status: 'offen' } });
      return;
    }
    case 'provider':
      await tx.providerProfile.updateMany({ where: { userId: id }, data: { restriction: restore } });
      return;
    case 'review':
      await tx.review.updateMany({ where: { id }, data: { restriction: restore } });
      return;
    case 'offer':
      await tx.offer.updateMany({ where: { id }, data: { restriction: restore } });
      return;
    case 'inquiry':
      await tx.dealInquiry.updateMany({ where: { id }, data: { restriction: restore, message: snapshotText } });
      return;
  }
}
