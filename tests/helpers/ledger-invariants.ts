// The ledger's invariants over the whole database: every transaction sums to zero, every account's balance
// equals the sum of its entries, and only accounts allowed to (platform sources) are below zero.
import { expect } from 'vitest';
import type { Db } from '../../server/db.ts';

export async function expectLedgerConsistent(prisma: Db): Promise<void> {
  const unbalanced = await prisma.$queryRaw<{ transactionId: string; sum: bigint }[]>`
    SELECT "transactionId", SUM(amount) AS sum FROM "LedgerEntry" GROUP BY "transactionId" HAVING SUM(amount) <> 0`;
  expect(unbalanced, 'transactions that do not sum to zero').toEqual([]);
  const drift = await prisma.$queryRaw<{ id: string; balance: bigint; sum: bigint }[]>`
    SELECT a.id, a.balance, COALESCE(SUM(e.amount), 0) AS sum FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
    GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)`;
  expect(drift, 'accounts whose balance differs from their entries').toEqual([]);
  const negative = await prisma.ledgerAccount.findMany({ where: { allowNegative: false, balance: { lt: 0n } } });
  expect(negative, 'accounts below zero').toEqual([]);
}
