// The refund window has passed: pending commissions become available (payable), one transaction each. Held
// ones wait for an admin. A background job runs it; safe when several instances do (version check).
import type { Db } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import { isAppError } from '../../../core/errors.ts';
import { transitionCommission } from './commission-transition.ts';

export async function releaseDueCommissions(prisma: Db, opts: { now?: Date; batch?: number } = {}): Promise<{ released: number }> {
  const now = opts.now ?? new Date();
  const due = await prisma.commission.findMany({
    where: { status: 'pending', availableAt: { lte: now } },
    orderBy: { availableAt: 'asc' },
    take: opts.batch ?? 500,
    select: { id: true },
  });
  let released = 0;
  for (const { id } of due) {
    try {
      await inTransaction(prisma, (tx) => transitionCommission(tx, id, { type: 'WINDOW_PASSED' }));
      released += 1;
    } catch (e) {
      // Another instance (or an admin) moved it meanwhile.
      if (!isAppError(e)) throw e;
    }
  }
  return { released };
}
