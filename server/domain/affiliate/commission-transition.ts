// Moves a commission through machines/commission.machine.ts inside a transaction, with its money: becoming
// available books it from the partner's pending account to the partner's earnings; voided or reversed books
// it back to platform revenue (from wherever it sits). Optimistic version check on the row.
import { AppError } from '../../../core/errors.ts';
import type { DbTx } from '../../db.ts';
import { commissionMachine, NOT_YET_PAYABLE, type CommissionEvent, type CommissionStatus } from '../../../machines/commission.machine.ts';
import { stepEntity } from '../../machines/entity.ts';
import { account } from '../ledger/accounts.ts';
import { getBalance } from '../ledger/get-balance.ts';
import { postTransaction } from '../ledger/post-transaction.ts';

const STAMP: Partial<Record<CommissionStatus, string>> = { available: 'releasedAt', reversed: 'reversedAt', canceled: 'canceledAt' };

export async function transitionCommission(
  tx: DbTx,
  commissionId: string,
  event: CommissionEvent,
  extra: Record<string, unknown> = {},
): Promise<CommissionStatus> {
  const c = await tx.commission.findUnique({ where: { id: commissionId } });
  if (!c) throw new AppError('NOT_FOUND');
  const step = stepEntity(commissionMachine, c.machineSnapshot, event);
  if (!step.accepted) throw new AppError('COMMISSION_NOT_POSSIBLE');
  const from = c.status as CommissionStatus;
  const status = step.state as CommissionStatus;
  const stamp = STAMP[status];
  let owed = 0n;
  if (status === 'available') {
    await postTransaction(tx, {
      idempotencyKey: `commission_available:${c.id}`,
      kind: 'commission_available',
      reference: c.dealId,
      memo: { commissionId: c.id },
      lines: [
        { account: account.partnerPending(c.partnerId), amount: -c.amount },
        { account: account.partnerEarnings(c.partnerId), amount: c.amount },
      ],
    });
  } else if (status === 'canceled' || status === 'reversed') {
    // Still pending or held: the whole amount is in the pending account. Available: it is in the earnings,
    // unless it was paid out meanwhile; what is missing there is recorded as owed, never a negative balance.
    const source = NOT_YET_PAYABLE.has(from) ? account.partnerPending(c.partnerId) : account.partnerEarnings(c.partnerId);
    const take = NOT_YET_PAYABLE.has(from) ? c.amount : minBig(c.amount, await getBalance(tx, source));
    owed = c.amount - take;
    if (take > 0n) {
      await postTransaction(tx, {
        idempotencyKey: `commission_${status === 'canceled' ? 'void' : 'reversal'}:${c.id}`,
        kind: status === 'canceled' ? 'commission_void' : 'commission_reversal',
        reference: c.dealId,
        memo: { commissionId: c.id, reason: 'reason' in event ? event.reason : undefined },
        lines: [
          { account: source, amount: -take },
          { account: account.platformRevenue(), amount: take },
        ],
      });
    }
  }
  const done = await tx.commission.updateMany({
    where: { id: commissionId, version: c.version },
    data: {
      machineSnapshot: step.snapshot as never,
      status,
      version: { increment: 1 },
      ...(stamp ? { [stamp]: new Date() } : {}),
      ...(owed > 0n ? { owed } : {}),
      ...extra,
    },
  });
  if (done.count !== 1) throw new AppError('CONFLICT');
  return status;
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
