// The offer rules (offer-rules.ts) on the stored facts: what create-offer.ts and accept-offer.ts check first,
// and what the chat checks before it opens the offer form or shows the accept card.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { offerAcceptRefusal, offerRefusal, type OfferFacts } from './offer-rules.ts';

/** The facts the offer rule reads, plus the request's seeker (who hears of the offer). */
export async function loadOfferFacts(prisma: Db, providerId: string, requestId: string): Promise<OfferFacts & { seekerId: string | null }> {
  const key = { requestId_providerId: { requestId, providerId } };
  const [request, unlock, offer, trader] = await Promise.all([
    prisma.request.findUnique({ where: { id: requestId }, select: { status: true, userId: true } }),
    prisma.unlock.findUnique({ where: key, select: { id: true } }),
    prisma.offer.findUnique({ where: key, select: { id: true } }),
    prisma.traderDetails.findUnique({ where: { providerId }, select: { providerId: true } }),
  ]);
  return { requestStatus: request?.status ?? null, unlocked: !!unlock, offered: !!offer, traderDetails: !!trader, seekerId: request?.userId ?? null };
}

/** Throws the refusal when the provider may not make an offer on the request now. */
export async function checkOfferCanBeMade(prisma: Db, providerId: string, requestId: string): Promise<void> {
  const refusal = offerRefusal(await loadOfferFacts(prisma, providerId, requestId));
  if (refusal) throw new AppError(refusal);
}

/** Throws NOT_FOUND for an offer that is not on one of the seeker's requests, OFFER_NOT_AVAILABLE when it cannot be accepted now. */
export async function checkOfferAcceptable(prisma: Db, seekerId: string, offerId: string): Promise<void> {
  const o = await prisma.offer.findUnique({
    where: { id: offerId },
    select: { status: true, request: { select: { userId: true, status: true, acceptedOfferId: true } } },
  });
  if (!o || o.request.userId !== seekerId) throw new AppError('NOT_FOUND');
  const refusal = offerAcceptRefusal(o);
  if (refusal) throw new AppError(refusal);
}
