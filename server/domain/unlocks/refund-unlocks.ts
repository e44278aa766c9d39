// A request that ends without a deal (closed by its seeker, expired) gives every unlocking provider their
// Goints back, in full and at once, each part where it came from: the paid part from the escrow to the
// wallet, the promotional part from escrow_promo to wallet_promo; one booking per unlock under its own key.
// The caller holds the request's row lock (lockRequest), so no unlock commits in between.
import type { DbTx } from '../../db.ts';
import { account } from '../ledger/accounts.ts';
import type { LedgerLine } from '../ledger/post-transaction.ts';
import { postTransaction } from '../ledger/post-transaction.ts';

export async function refundRequestUnlocks(
  tx: DbTx,
  requestId: string,
  reason: 'closed' | 'expired' | 'rejected',
): Promise<{ providerId: string; goints: number }[]> {
  const active = await tx.unlock.findMany({ where: { requestId, status: 'active' } });
  const refunded: { providerId: string; goints: number }[] = [];
  for (const u of active) {
    const promo = u.promoPrice;
    const paid = u.price - promo;
    const lines: LedgerLine[] = [
      ...(paid > 0n
        ? [
            { account: account.escrow(requestId), amount: -paid },
            { account: account.wallet(u.providerId), amount: paid },
          ]
        : []),
      ...(promo > 0n
        ? [
            { account: account.escrowPromo(requestId), amount: -promo },
            { account: account.walletPromo(u.providerId), amount: promo },
          ]
        : []),
    ];
    await postTransaction(tx, { idempotencyKey: `refund:${u.id}`, kind: 'refund', reference: requestId, memo: { reason, unlockId: u.id }, lines });
    const done = await tx.unlock.updateMany({ where: { id: u.id, status: 'active' }, data: { status: 'refunded', refundedAt: new Date() } });
    if (done.count === 1) refunded.push({ providerId: u.providerId, goints: Number(u.price / 1000n) });
  }
  return refunded;
}
