import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';

/** One of the user's purchases; NOT_FOUND for a purchase of someone else, as for one that does not exist. */
export async function getOwnPurchase(prisma: Db, userId: string, id: string) {
  const p = await prisma.purchase.findUnique({ where: { id } });
  if (!p || p.userId !== userId) throw new AppError('NOT_FOUND');
  return p;
}
