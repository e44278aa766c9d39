// A request that ends without a deal (closed by its seeker, expired) gives every unlocking provider their
// Goints back, in full and at once: escrow to wallet, one booking per unlock under its own key.
import type { DbTx } from '../../db.ts';
import { account } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';

export async function refundRequestUnlocks(tx: DbTx, requestId: string, reason: 'closed' | 'expired' | 'rejected'): Promise<{ providerId: string; goints: number }[]> {
  const active = await tx.unlock.findMany({ where: { requestId, status: 'active' } });
  const refunded: { providerId: string; goints: number }[] = [];
  for (const u of active) {
    await postTransaction(tx, {
      idempotencyKey: `refund:${u.id}`,
      kind: 'refund',
      reference: requestId,
      memo: { reason, unlockId: u.id },
      lines: [
        { account: account.escrow(requestId), amount: -u.price },
        { account: account.wallet(u.providerId), amount: u.price },
      ],
    });
    const done = await tx.unlock.updateMany({ where: { id: u.id, status: 'active' }, data: { status: 'refunded', refundedAt: new Date() } });
    if (done.count === 1) refunded.push({ providerId: u.providerId, goints: Number(u.price / 1000n) });
  }
  return refunded;
}
