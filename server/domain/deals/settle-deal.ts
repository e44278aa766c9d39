// Both confirmed: the request's escrows (every unlock fee paid for it) are split in the transaction that
// stores the completed deal. Only paid Goints become money: each unlock's paid part is split at the rate
// recorded on that unlock when it was paid (Unlock.commissionRateBp, from the price list; 50 % by default):
// the platform gets that share, the seeker the rest (rounded down for the seeker). The promotional escrow goes
// to promotion_used (a promotion cost, never revenue, never anyone's earnings). Decisions 019 and 032.
import type { DbTx } from '../../db.ts';
import { account, refKey } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/get-balance.ts';
import { seekerShareOf } from '../prices/seeker-share.ts';
import { postTransaction, type LedgerLine } from '../ledger/post-transaction.ts';
import { endOpenOffers } from '../offers/offer-transition.ts';
import { bookCommissions, type BookedCommission } from '../affiliate/book-commissions.ts';
import { lockRequest } from '../requests/lock-request.ts';

export interface SettleDealInput {
  id: string;
  requestId: string;
  seekerId: string;
  providerId: string;
}

/** What a settlement booked (milli-Goints); what a commission engine books from. */
export interface Settlement {
  /** The ledger transaction of the split (null when the escrows were empty). */
  transactionId: string | null;
  /** The paid part of the escrow, split between seeker and platform. */
  paidEscrow: bigint;
  /** The promotional part of the escrow, booked to promotion_used. */
  promoEscrow: bigint;
  seekerShare: bigint;
  /** The platform's revenue from paid Goints (commissions are booked from this). */
  platformShare: bigint;
  promotionUsed: bigint;
  /** Commissions booked from the platform share (announced to the partners after commit). */
  commissions: BookedCommission[];
}

export async function settleDeal(tx: DbTx, deal: SettleDealInput): Promise<Settlement> {
  // The request's row lock first: an unlock committing meanwhile is either in the escrow read below or
  // refused (it waits for this lock and then sees the request completed).
  await lockRequest(tx, deal.requestId);
  const escrows = await getBalances(tx, [account.escrow(deal.requestId), account.escrowPromo(deal.requestId)]);
  const paidEscrow = escrows.get(refKey(account.escrow(deal.requestId)))!;
  const promoEscrow = escrows.get(refKey(account.escrowPromo(deal.requestId)))!;
  // Each active unlock at its own recorded rate, so a price change after an unlock never alters its settlement.
  const active = await tx.unlock.findMany({
    where: { requestId: deal.requestId, status: 'active' },
    select: { price: true, promoPrice: true, commissionRateBp: true },
  });
  const seekerShare = seekerShareOf(
    paidEscrow,
    active.map((u) => ({ paid: u.price - u.promoPrice, commissionRateBp: u.commissionRateBp })),
  );
  const platformShare = paidEscrow - seekerShare;
  let transactionId: string | null = null;
  if (paidEscrow > 0n || promoEscrow > 0n) {
    const lines: LedgerLine[] = [];
    if (paidEscrow > 0n) {
      lines.push({ account: account.escrow(deal.requestId), amount: -paidEscrow });
      if (seekerShare > 0n) lines.push({ account: account.seekerEarnings(deal.seekerId), amount: seekerShare });
      if (platformShare > 0n) lines.push({ account: account.platformRevenue(), amount: platformShare });
    }
    if (promoEscrow > 0n)
      lines.push({ account: account.escrowPromo(deal.requestId), amount: -promoEscrow }, { account: account.promotionUsed(), amount: promoEscrow });
    const posted = await postTransaction(tx, {
      idempotencyKey: `settle:${deal.id}`,
      kind: 'deal_settlement',
      reference: deal.requestId,
      memo: {
        dealId: deal.id,
        paidEscrow: paidEscrow.toString(),
        promoEscrow: promoEscrow.toString(),
        seekerShare: seekerShare.toString(),
        platformShare: platformShare.toString(),
      },
      lines,
    });
    transactionId = posted.transactionId;
  }
  const now = new Date();
  await tx.unlock.updateMany({ where: { requestId: deal.requestId, status: 'active' }, data: { status: 'settled', settledAt: now } });
  await tx.request.update({ where: { id: deal.requestId }, data: { status: 'completed', closedAt: now } });
  await endOpenOffers(tx, deal.requestId);
  await tx.match.updateMany({
    where: { requestId: deal.requestId, status: { in: ['offen', 'freigeschaltet', 'kein_interesse'] } },
    data: { status: 'geschlossen' },
  });
  const commissions = await bookCommissions(tx, {
    dealId: deal.id,
    requestId: deal.requestId,
    seekerId: deal.seekerId,
    providerId: deal.providerId,
    platformRevenue: platformShare,
  });
  return { transactionId, paidEscrow, promoEscrow, seekerShare, platformShare, promotionUsed: promoEscrow, commissions };
}
