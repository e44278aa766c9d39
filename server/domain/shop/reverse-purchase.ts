// A refund or a dispute of a paid purchase takes back the Goints it paid for, as far as they are still in
// the wallet; what was already spent is recorded as owed on the purchase (never a negative balance).
// Idempotent per refunded total: Stripe's repeated or reordered events book the difference once. The purchase
// row is locked first, so concurrent deliveries (the same event twice, a refund and a dispute) run one after
// the other and each sees what the one before it reversed: never more than the purchase credited.
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { account } from '../ledger/accounts.ts';
import { getBalance } from '../ledger/get-balance.ts';
import { goints, MILLI_PER_GOINT } from '../../../core/money/money.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { purchaseLines } from './fulfill-purchase.ts';

/** A refund or dispute of a purchase whose payment has not been credited yet; `purchaseId` is the one it waits for. */
export class PurchaseNotPaidYet extends Error {
  readonly purchaseId: string;
  constructor(purchaseId: string) {
    super(`purchase ${purchaseId} is not paid yet`);
    this.purchaseId = purchaseId;
  }
}

export interface Reversal {
  purchaseId: string;
  reversedGoints: number;
  owedGoints: number;
}

export async function reversePurchase(deps: AppDeps, purchaseId: string, refundedCents: number, kind: 'refund' | 'dispute'): Promise<Reversal> {
  return inTransaction(deps.db.prisma, async (tx) => {
    // Waits for a reversal of the same purchase in flight and then reads what it booked (READ COMMITTED).
    await tx.$queryRaw`SELECT "id" FROM "Purchase" WHERE "id" = ${purchaseId} FOR UPDATE`;
    const p = await tx.purchase.findUnique({ where: { id: purchaseId } });
    if (!p) throw new Error(`purchase ${purchaseId} not found`);
    // A refund before the payment's own event was processed: let the provider deliver it again later.
    if (!p.paidAt) throw new PurchaseNotPaidYet(purchaseId);
    const share = Math.min(1, refundedCents / p.grossCents);
    const target = Math.floor(p.goints * share);
    const already = p.reversedGoints + p.owedGoints;
    const due = Math.max(0, target - already);
    let reversed = 0;
    if (due > 0) {
      // Only from the wallet the purchase credited (a test purchase: the promotional one).
      const wallet = await getBalance(tx, p.provider === 'test' ? account.walletPromo(p.userId) : account.wallet(p.userId));
      reversed = Math.min(due, Number(wallet / MILLI_PER_GOINT));
      if (reversed > 0) {
        const posted = await postTransaction(tx, {
          idempotencyKey: `purchase_reversal:${purchaseId}:${target}`,
          kind: 'purchase_reversal',
          reference: purchaseId,
          memo: { kind, refundedCents },
          lines: purchaseLines(p, -goints(reversed)),
        });
        // Cannot happen with the lock above (each booking raises the total); never count a booking twice.
        if (posted.repeated) throw new Error(`reversal ${purchaseId}:${target} was booked already but not counted`);
      }
    }
    const owed = due - reversed;
    const fully = target >= p.goints;
    const updated = await tx.purchase.update({
      where: { id: purchaseId },
      data: {
        reversedGoints: { increment: reversed },
        owedGoints: { increment: owed },
        status: kind === 'dispute' || p.status === 'disputed' ? 'disputed' : fully ? 'refunded' : 'partially_refunded',
      },
    });
    return { purchaseId, reversedGoints: updated.reversedGoints, owedGoints: updated.owedGoints };
  });
}
