// Moves an offer through machines/offer.machine.ts inside a transaction: the row's snapshot and status
// change only if no one else changed the row since it was read (optimistic version check).
import { AppError } from '../../../core/errors.ts';
import type { DbTx } from '../../db.ts';
import { offerMachine, type OfferEvent } from '../../../machines/offer.machine.ts';
import { stepEntity } from '../../machines/entity.ts';

export async function transitionOffer(
  tx: DbTx,
  offerId: string,
  event: OfferEvent,
  refusal: 'OFFER_NOT_AVAILABLE' | 'CONFLICT' = 'OFFER_NOT_AVAILABLE',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { machineSnapshot: true, version: true } });
  if (!offer) throw new AppError('NOT_FOUND');
  const step = stepEntity(offerMachine, offer.machineSnapshot, event);
  if (!step.accepted) throw new AppError(refusal);
  const done = await tx.offer.updateMany({
    where: { id: offerId, version: offer.version },
    data: { machineSnapshot: step.snapshot as never, status: step.state, version: { increment: 1 }, ...extra },
  });
  if (done.count !== 1) throw new AppError('CONFLICT');
  return step.state;
}

/** Ends every offer of the request still waiting for an answer (the request closed, expired or got its deal). */
export async function endOpenOffers(tx: DbTx, requestId: string, exceptOfferId?: string): Promise<number> {
  const open = await tx.offer.findMany({
    where: { requestId, status: 'versendet', ...(exceptOfferId ? { id: { not: exceptOfferId } } : {}) },
    select: { id: true },
  });
  for (const o of open) await transitionOffer(tx, o.id, { type: 'REQUEST_ENDED' }, 'CONFLICT');
  return open.length;
}
