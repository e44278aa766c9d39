// An admin decides a held (or still pending) commission: 'release' puts a held one back to pending (and
// makes it available at once when its refund window has passed), 'void' cancels it and books the amount
// back to platform revenue. Always with a reason, kept on the row and logged.
import { AppError } from '../../errors.ts';
import type { Db } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Logger } from '../../logger.ts';
import type { CommissionStatus } from '../../../machines/commission.machine.ts';
import { transitionCommission } from './commission-transition.ts';

export async function decideCommission(
  prisma: Db,
  adminId: string,
  commissionId: string,
  decision: 'release' | 'void',
  reason: string,
  opts: { logger?: Logger; now?: Date } = {},
): Promise<{ id: string; status: CommissionStatus }> {
  const now = opts.now ?? new Date();
  const status = await inTransaction(prisma, async (tx) => {
    const c = await tx.commission.findUnique({ where: { id: commissionId }, select: { availableAt: true } });
    if (!c) throw new AppError('NOT_FOUND');
    const audit = { decidedById: adminId, decisionReason: reason };
    if (decision === 'void') return transitionCommission(tx, commissionId, { type: 'VOIDED', reason }, audit);
    const back = await transitionCommission(tx, commissionId, { type: 'RELEASED', reason }, audit);
    return c.availableAt <= now ? transitionCommission(tx, commissionId, { type: 'WINDOW_PASSED' }) : back;
  });
  opts.logger?.info({ adminId, commissionId, decision, reason, status }, 'commission decided');
  return { id: commissionId, status };
}
