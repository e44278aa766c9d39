// Both confirmed: the request's escrow (every unlock fee paid for it) is split 50 % to the seeker's
// earnings and 50 % to platform revenue, in the transaction that stores the completed deal.
import type { DbTx } from '../../db.ts';
import { account } from '../ledger/accounts.ts';
import { getBalance } from '../ledger/get-balance.ts';
import { splitHalf } from '../ledger/money.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { endOpenOffers } from '../offers/offer-transition.ts';
import { bookCommissions, type BookedCommission } from '../affiliate/book-commissions.ts';

export async function settleDeal(tx: DbTx, deal: { id: string; requestId: string; seekerId: string; providerId: string }): Promise<{ seekerShare: bigint; platformShare: bigint; commissions: BookedCommission[] }> {
  const escrow = await getBalance(tx, account.escrow(deal.requestId));
  const [seekerShare, platformShare] = splitHalf(escrow);
  if (escrow > 0n) {
    await postTransaction(tx, {
      idempotencyKey: `settle:${deal.id}`,
      kind: 'deal_settlement',
      reference: deal.requestId,
      memo: { dealId: deal.id },
      lines: [
        { account: account.escrow(deal.requestId), amount: -escrow },
        ...(seekerShare > 0n ? [{ account: account.seekerEarnings(deal.seekerId), amount: seekerShare }] : []),
        { account: account.platformRevenue(), amount: platformShare },
      ],
    });
  }
  const now = new Date();
  await tx.unlock.updateMany({ where: { requestId: deal.requestId, status: 'active' }, data: { status: 'settled', settledAt: now } });
  await tx.request.update({ where: { id: deal.requestId }, data: { status: 'completed', closedAt: now } });
  await endOpenOffers(tx, deal.requestId);
  await tx.match.updateMany({ where: { requestId: deal.requestId, status: { in: ['offen', 'freigeschaltet', 'kein_interesse'] } }, data: { status: 'geschlossen' } });
  const commissions = await bookCommissions(tx, { dealId: deal.id, requestId: deal.requestId, seekerId: deal.seekerId, providerId: deal.providerId, platformRevenue: platformShare });
  return { seekerShare, platformShare, commissions };
}
