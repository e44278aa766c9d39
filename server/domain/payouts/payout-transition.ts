// Moves a payout through machines/payout.machine.ts inside a transaction, with its money: entering
// 'failed' or 'rejected' books the amount back from payout clearing to the earnings, entering 'paid' books
// it out of clearing and marks the payout method verified. Optimistic version check on the row.
import { AppError } from '../../../core/errors.ts';
import type { DbTx } from '../../db.ts';
import { payoutMachine, RETURNS_FUNDS, type PayoutEvent, type PayoutStatus } from '../../../machines/payout.machine.ts';
import { stepEntity } from '../../machines/entity.ts';
import { account, type AccountRef } from '../ledger/accounts.ts';
import { centsToMilli } from '../../../core/money/money.ts';
import { postTransaction } from '../ledger/post-transaction.ts';

export const sourceAccount = (source: string, userId: string): AccountRef =>
  source === 'partner_earnings' ? account.partnerEarnings(userId) : account.seekerEarnings(userId);

const STAMP: Partial<Record<PayoutStatus, string>> = {
  approved: 'approvedAt',
  processing: 'processingAt',
  paid: 'paidAt',
  failed: 'failedAt',
  rejected: 'rejectedAt',
};

export async function transitionPayout(tx: DbTx, payoutId: string, event: PayoutEvent, extra: Record<string, unknown> = {}): Promise<PayoutStatus> {
  const p = await tx.payout.findUnique({ where: { id: payoutId } });
  if (!p) throw new AppError('NOT_FOUND');
  const step = stepEntity(payoutMachine, p.machineSnapshot, event);
  if (!step.accepted) throw new AppError('PAYOUT_NOT_POSSIBLE');
  const status = step.state as PayoutStatus;
  const stamp = STAMP[status];
  const done = await tx.payout.updateMany({
    where: { id: payoutId, version: p.version },
    data: {
      machineSnapshot: step.snapshot as never,
      status,
      version: { increment: 1 },
      ...(stamp ? { [stamp]: new Date() } : {}),
      ...(event.type === 'FAILED' || event.type === 'REJECTED' ? { failureReason: event.reason } : {}),
      ...extra,
    },
  });
  if (done.count !== 1) throw new AppError('CONFLICT');
  // What Stripe reversals already returned to the earnings (decision 088) is neither returned nor paid again.
  const amount = centsToMilli(p.amountCents - p.stripeReversedCents);
  if (RETURNS_FUNDS.has(status)) {
    await postTransaction(tx, {
      idempotencyKey: `payout_return:${payoutId}`,
      kind: 'payout_returned',
      reference: payoutId,
      lines: [
        { account: account.payoutClearing(), amount: -amount },
        { account: sourceAccount(p.source, p.userId), amount },
      ],
    });
  }
  if (status === 'paid') {
    await postTransaction(tx, {
      idempotencyKey: `payout_paid:${payoutId}`,
      kind: 'payout_paid',
      reference: payoutId,
      lines: [
        { account: account.payoutClearing(), amount: -amount },
        { account: account.payoutsPaid(), amount },
      ],
    });
    await tx.payoutMethod.update({ where: { id: p.methodId }, data: { verified: true, verifiedAt: new Date() } });
  }
  return status;
}
