// An admin decides a held (or still pending) commission: 'release' puts a held one back to pending (and
// makes it available at once when its refund window has passed), 'void' cancels it and books the amount
// back to platform revenue. Always with a reason, kept on the row and logged.
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { AppError } from '../../../core/errors.ts';
import type { Db, DbTx } from '../../db.ts';
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
  opts: {
    logger?: Logger;
    now?: Date;
    via?: AuditVia;
    /** Runs in the decision's transaction after the change (the partner's notice, written with it). */
    inTransaction?: (tx: DbTx, status: CommissionStatus) => Promise<void>;
  } = {},
): Promise<{ id: string; status: CommissionStatus }> {
  const now = opts.now ?? new Date();
  const status = await inTransaction(prisma, async (tx) => {
    const c = await tx.commission.findUnique({ where: { id: commissionId }, select: { availableAt: true, status: true } });
    if (!c) throw new AppError('NOT_FOUND');
    const audit = { decidedById: adminId, decisionReason: reason };
    let after: CommissionStatus;
    if (decision === 'void') after = await transitionCommission(tx, commissionId, { type: 'VOIDED', reason }, audit);
    else {
      const back = await transitionCommission(tx, commissionId, { type: 'RELEASED', reason }, audit);
      after = c.availableAt <= now ? await transitionCommission(tx, commissionId, { type: 'WINDOW_PASSED' }) : back;
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: `commission.${decision}`,
      entityType: 'Commission',
      entityId: commissionId,
      before: { status: c.status },
      after: { status: after },
      reason,
      via: opts.via,
    });
    await opts.inTransaction?.(tx, after);
    return after;
  });
  opts.logger?.info({ adminId, commissionId, decision, reason, status }, 'commission decided');
  return { id: commissionId, status };
}
