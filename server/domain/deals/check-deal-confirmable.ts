import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { dealConfirmRefusal } from './deal-rules.ts';

/** Throws NOT_FOUND unless the user is a side of the deal, and the refusal of deal-rules.ts when that side may not confirm it now. */
export async function checkDealConfirmable(prisma: Db, userId: string, dealId: string): Promise<void> {
  const deal = await prisma.deal.findUnique({ where: { id: dealId }, select: { providerId: true, seekerId: true, machineSnapshot: true } });
  if (!deal || (deal.providerId !== userId && deal.seekerId !== userId)) throw new AppError('NOT_FOUND');
  const refusal = dealConfirmRefusal(deal.machineSnapshot, deal.providerId === userId ? 'provider' : 'seeker');
  if (refusal) throw new AppError(refusal);
}
