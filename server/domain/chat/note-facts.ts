// What a chat note may say about an event, read for the person it is for (server/chat/live-notes.ts): which side
// of a deal they are, the amount of their own payout, the price of an offer on their own request. Each answers
// null when the thing is not theirs, so a note never tells anyone about someone else's business.
import type { Db } from '../../db.ts';

/** 'provider' or 'seeker' when the person is a party of the deal, else null. */
export async function dealPartyOf(prisma: Db, dealId: string, userId: string): Promise<'provider' | 'seeker' | null> {
  const deal = await prisma.deal.findUnique({ where: { id: dealId }, select: { seekerId: true, providerId: true } });
  if (!deal) return null;
  return deal.providerId === userId ? 'provider' : deal.seekerId === userId ? 'seeker' : null;
}

/** The amount of the person's own payout, in cents; null when it is not theirs. */
export async function ownPayoutCents(prisma: Db, payoutId: string, userId: string): Promise<number | null> {
  const p = await prisma.payout.findUnique({ where: { id: payoutId }, select: { userId: true, amountCents: true } });
  return p && p.userId === userId ? p.amountCents : null;
}

/** The price of an offer on the seeker's own request, in cents; null when the request is not theirs. */
export async function offerPriceForSeeker(prisma: Db, offerId: string, seekerId: string): Promise<number | null> {
  const offer = await prisma.offer.findUnique({ where: { id: offerId }, select: { priceCents: true, request: { select: { userId: true } } } });
  return offer && offer.request.userId === seekerId ? offer.priceCents : null;
}
