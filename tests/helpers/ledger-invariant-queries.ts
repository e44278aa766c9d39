// The ledger's invariants as SQL, shared by the integration tests (tests/helpers/ledger-invariants.ts) and
// the fault-injection suite (scripts/faults): each query returns the rows that break its invariant, so an
// empty answer means it holds. Plain SQL strings, runnable through Prisma's $queryRawUnsafe or pg.
export interface InvariantQuery {
  name: string;
  sql: string;
}

export const LEDGER_INVARIANTS: InvariantQuery[] = [
  {
    name: 'every transaction sums to zero',
    sql: `SELECT "transactionId" AS id, SUM(amount)::text AS detail FROM "LedgerEntry" GROUP BY "transactionId" HAVING SUM(amount) <> 0`,
  },
  {
    name: 'every balance equals its entries',
    sql: `SELECT a.id, a.kind || ':' || a."ownerId" || ' balance ' || a.balance::text || ' entries ' || COALESCE(SUM(e.amount), 0)::text AS detail
          FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
          GROUP BY a.id, a.kind, a."ownerId", a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)`,
  },
  {
    name: 'no balance below zero where not allowed',
    sql: `SELECT id, kind || ':' || "ownerId" || ' ' || balance::text AS detail FROM "LedgerAccount" WHERE NOT "allowNegative" AND balance < 0`,
  },
];
