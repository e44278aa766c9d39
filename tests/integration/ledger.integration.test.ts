// The ledger's booking rules on the real database (PGlite; PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { isInsufficientFunds, postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { freshDatabaseTarget } from '../helpers/test-db.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabaseTarget();
  drop = fresh.drop;
  db = await openDatabase(fresh.target);
});
afterAll(async () => {
  await db.close();
  await drop();
});

describe('postTransaction', () => {
  it('books balanced lines once per key and keeps balances and entries in step', async () => {
    const w = account.wallet('u1');
    const book = () =>
      inTransaction(db.prisma, (tx) =>
        postTransaction(tx, {
          idempotencyKey: 'bonus:u1',
          kind: 'welcome_bonus',
          lines: [
            { account: account.promotion(), amount: -goints(50) },
            { account: w, amount: goints(50) },
          ],
        }),
      );
    const first = await book();
    const second = await book();
    expect(first.repeated).toBe(false);
    expect(second).toEqual({ transactionId: first.transactionId, repeated: true });
    expect(await getBalance(db.prisma, w)).toBe(goints(50));
    expect(await getBalance(db.prisma, account.promotion())).toBe(-goints(50));
    const entries = await db.prisma.ledgerEntry.findMany({ where: { transactionId: first.transactionId } });
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
    expect(entries.find((e) => e.amount > 0n)?.balanceAfter).toBe(goints(50));
  });

  it('refuses a debit below zero and books nothing of that movement', async () => {
    const w = account.wallet('u2');
    const attempt = inTransaction(db.prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: 'unlock:x:u2',
        kind: 'unlock',
        lines: [
          { account: w, amount: -goints(50) },
          { account: account.escrow('x'), amount: goints(50) },
        ],
      }),
    );
    await expect(attempt).rejects.toSatisfy((e: unknown) => isInsufficientFunds(e, 'wallet'));
    expect(await db.prisma.ledgerTransaction.findUnique({ where: { idempotencyKey: 'unlock:x:u2' } })).toBeNull();
    expect(await getBalance(db.prisma, account.escrow('x'))).toBe(0n);
  });

  it('refuses unbalanced lines', async () => {
    await expect(
      inTransaction(db.prisma, (tx) =>
        postTransaction(tx, {
          idempotencyKey: 'bad',
          kind: 'x',
          lines: [
            { account: account.wallet('u3'), amount: goints(1) },
            { account: account.promotion(), amount: -goints(2) },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });
});
