// A fresh database on the PostgreSQL server of DATABASE_URL for a benchmark run (like tests/helpers/test-db.ts),
// dropped at the end, and the ledger checks of tests/helpers/ledger-invariants.ts read in one snapshot.
import crypto from 'node:crypto';
import pg from 'pg';

export interface BenchDatabase {
  name: string;
  url: string;
  version: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(serverUrl: string, prefix = 'akut_bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    return {
      name,
      url: u.toString(),
      version,
      async drop() {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await c.end();
        }
      },
    };
  } finally {
    await admin.end();
  }
}

export interface LedgerCheck {
  transactions: number;
  entries: number;
  unbalancedTransactions: number;
  accountsOffTheirEntries: number;
  accountsBelowZero: number;
  requestsOverbooked: number;
  unlockRows: number;
  placesTaken: number;
  /** Requests whose escrow (paid and promotional) differs from the prices of their active unlocks. */
  escrowsOff: number;
  purchasesCreditedTwice: number;
  consistent: boolean;
}

/** The ledger's invariants, all read in one snapshot so they compare the same moment. */
export async function ledgerCheck(client: pg.Client): Promise<LedgerCheck> {
  const q = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const r = {
      transactions: await q(`SELECT count(*) AS n FROM "LedgerTransaction"`),
      entries: await q(`SELECT count(*) AS n FROM "LedgerEntry"`),
      unbalancedTransactions: await q(
        `SELECT count(*) AS n FROM (SELECT "transactionId" FROM "LedgerEntry" GROUP BY "transactionId" HAVING SUM(amount) <> 0) x`,
      ),
      accountsOffTheirEntries: await q(
        `SELECT count(*) AS n FROM (SELECT a.id FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)) x`,
      ),
      accountsBelowZero: await q(`SELECT count(*) AS n FROM "LedgerAccount" WHERE NOT "allowNegative" AND balance < 0`),
      requestsOverbooked: await q(`SELECT count(*) AS n FROM "Request" WHERE "unlockCount" > "maxUnlocks"`),
      unlockRows: await q(`SELECT count(*) AS n FROM "Unlock"`),
      placesTaken: await q(`SELECT COALESCE(SUM("unlockCount"), 0) AS n FROM "Request"`),
      escrowsOff: await q(
        `SELECT count(*) AS n FROM "Request" r
           LEFT JOIN (SELECT "ownerId", SUM(balance) AS held FROM "LedgerAccount" WHERE kind IN ('escrow', 'escrow_promo') GROUP BY "ownerId") a ON a."ownerId" = r.id
           LEFT JOIN (SELECT "requestId", SUM(price) AS owed FROM "Unlock" WHERE status = 'active' GROUP BY "requestId") u ON u."requestId" = r.id
         WHERE COALESCE(a.held, 0) <> COALESCE(u.owed, 0)`,
      ),
      purchasesCreditedTwice: await q(
        `SELECT count(*) AS n FROM (SELECT "idempotencyKey" FROM "LedgerTransaction" WHERE kind = 'purchase' GROUP BY "idempotencyKey" HAVING count(*) > 1) x`,
      ),
    };
    return {
      ...r,
      consistent:
        r.unbalancedTransactions === 0 &&
        r.accountsOffTheirEntries === 0 &&
        r.accountsBelowZero === 0 &&
        r.requestsOverbooked === 0 &&
        r.unlockRows === r.placesTaken &&
        r.escrowsOff === 0 &&
        r.purchasesCreditedTwice === 0,
    };
  } finally {
    await client.query('COMMIT');
  }
}
