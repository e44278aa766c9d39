// After completion the seeker rates the deal (1-5 stars and a testimonial) and chooses whether the first
// name and contact may be shown on the public successful-deals page. Each side may later change whether
// it is contactable.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { partyOf } from './confirm-deal.ts';

export const rateDealInput = z.object({
  rating: z.number().int().min(1).max(5),
  testimonial: z.string().trim().min(3).max(1000),
  showFirstName: z.boolean().default(false),
  contactVisible: z.boolean().default(false),
});
export type RateDealInput = z.infer<typeof rateDealInput>;

export async function rateDeal(prisma: Db, seekerId: string, dealId: string, input: RateDealInput): Promise<{ reviewId: string }> {
  const { deal, party } = await partyOf(prisma, seekerId, dealId);
  if (party !== 'seeker') throw new AppError('FORBIDDEN');
  if (deal.status !== 'completed') throw new AppError('REVIEW_NOT_ALLOWED');
  try {
    return await inTransaction(prisma, async (tx) => {
      const review = await tx.review.create({
        data: { dealId, providerId: deal.providerId, seekerId, rating: input.rating, testimonial: input.testimonial, showFirstName: input.showFirstName },
      });
      await tx.deal.update({ where: { id: dealId }, data: { seekerContactVisible: input.contactVisible } });
      return { reviewId: review.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('REVIEW_EXISTS');
    throw e;
  }
}

export async function setDealContactVisibility(
  prisma: Db,
  userId: string,
  dealId: string,
  visible: boolean,
): Promise<{ providerContactVisible: boolean; seekerContactVisible: boolean }> {
  const { deal, party } = await partyOf(prisma, userId, dealId);
  if (deal.status !== 'completed') throw new AppError('DEAL_NOT_ACTIVE');
  const row = await prisma.deal.update({
    where: { id: dealId },
    data: party === 'provider' ? { providerContactVisible: visible } : { seekerContactVisible: visible },
    select: { providerContactVisible: true, seekerContactVisible: true },
  });
  return row;
}
