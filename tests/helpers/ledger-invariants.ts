// The ledger's invariants over the whole database: every transaction sums to zero, every account's balance
// equals the sum of its entries, and only accounts allowed to (platform sources) are below zero. The SQL is
// shared with the fault-injection suite (tests/helpers/ledger-invariant-queries.ts).
import { expect } from 'vitest';
import type { Db } from '../../server/db.ts';
import { LEDGER_INVARIANTS } from './ledger-invariant-queries.ts';

export async function expectLedgerConsistent(prisma: Db): Promise<void> {
  for (const check of LEDGER_INVARIANTS) {
    expect(await prisma.$queryRawUnsafe<{ id: string; detail: string }[]>(check.sql), check.name).toEqual([]);
  }
}
