// The platform revenue of a deal is reversed: every commission booked on it goes back in full to platform
// revenue, whatever its state (pending, held or available; from available only as far as the partner's
// earnings still hold it, the rest is recorded as owed). Already reversed or voided ones stay as they are.
// Call it inside the transaction that reverses the revenue; reverseDealCommissions is the admin's door.
import { AppError } from '../../../core/errors.ts';
import type { Db, DbTx } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Logger } from '../../logger.ts';
import { transitionCommission } from './commission-transition.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';

export async function reverseCommissions(tx: DbTx, dealId: string, reason: string): Promise<{ reversed: number }> {
  const open = await tx.commission.findMany({
    where: { dealId, status: { in: ['pending', 'held', 'available'] } },
    orderBy: [{ referredUserId: 'asc' }, { level: 'asc' }],
    select: { id: true },
  });
  for (const { id } of open) await transitionCommission(tx, id, { type: 'REVERSED', reason });
  return { reversed: open.length };
}

export async function reverseDealCommissions(
  prisma: Db,
  adminId: string,
  dealId: string,
  reason: string,
  logger?: Logger,
  via: AuditVia = 'dashboard',
): Promise<{ reversed: number }> {
  const deal = await prisma.deal.findUnique({ where: { id: dealId }, select: { id: true } });
  if (!deal) throw new AppError('NOT_FOUND');
  const result = await inTransaction(prisma, async (tx) => {
    const reversed = await reverseCommissions(tx, dealId, reason);
    await recordAudit(tx, { actorId: adminId, action: 'commission.reverseDeal', entityType: 'Deal', entityId: dealId, after: reversed, reason, via });
    return reversed;
  });
  logger?.info({ adminId, dealId, reason, ...result }, 'deal commissions reversed');
  return result;
}
