// A deal's platform revenue booked straight into the ledger, with the commissions it earns (held when a fraud
// rule matches): for tests of the affiliate engine that need large or many amounts without a whole deal.
import crypto from 'node:crypto';
import type { Db } from '../../server/db.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { bookCommissions } from '../../server/domain/affiliate/book-commissions.ts';
import { goints } from '../../core/money/money.ts';

export async function bookDealRevenue(prisma: Db, seekerId: string, providerId: string, revenueGoints: number) {
  const dealId = crypto.randomUUID();
  const booked = await inTransaction(prisma, async (tx) => {
    await postTransaction(tx, {
      idempotencyKey: `test_revenue:${dealId}`,
      kind: 'test_revenue',
      lines: [
        { account: account.paymentClearing(), amount: -goints(revenueGoints) },
        { account: account.platformRevenue(), amount: goints(revenueGoints) },
      ],
    });
    return bookCommissions(tx, { dealId, requestId: crypto.randomUUID(), seekerId, providerId, platformRevenue: goints(revenueGoints) });
  });
  return { dealId, booked };
}
