import type { Db } from '../../db.ts';

/** How many unlocks of a request are active and what they paid (milli-Goints): what closing it refunds. */
export async function summarizeActiveUnlocks(prisma: Db, requestId: string): Promise<{ count: number; priceMilli: bigint }> {
  const active = await prisma.unlock.aggregate({ where: { requestId, status: 'active' }, _count: { _all: true }, _sum: { price: true } });
  return { count: active._count._all, priceMilli: active._sum.price ?? 0n };
}
