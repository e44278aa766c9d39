// Prisma client for the embedded PGlite database (default) or a PostgreSQL server (DATABASE_URL).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/prisma/client.ts';
import { applyMigrations } from './db/migrate.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { preparedName } from './db/prepared.ts';
import { createReplicaReads, type ReplicaReads } from './db/replica-reads.ts';
import type { Logger } from './logger.ts';

export type Db = InstanceType<typeof PrismaClient>;
export type DbTx = Parameters<Parameters<Db['$transaction']>[0]>[0];
/**
 * Something that sends statements only (Prisma's tagged-template raw calls): what the ledger writer and the
 * unlock need. Every DbTx is one; statementsOf (server/db/tx.ts) gives one outside a transaction, on
 * PostgreSQL on the app's pool without the ORM's cost per statement (decision 065).
 */
export type SqlTx = Pick<DbTx, '$queryRaw' | '$executeRaw'>;

/** `readUrl`: a streaming read replica of `url`'s server, for reads that may be a moment old (decision 079). */
export type DatabaseTarget = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string; readUrl?: string };

export interface Database {
  prisma: Db;
  kind: DatabaseTarget['kind'];
  /** The raw PGlite instance (embedded mode only), for LISTEN-free single-process use and tests. */
  pglite?: PGlite;
  /** The PostgreSQL connection string (server mode only), e.g. for LISTEN/NOTIFY. */
  url?: string;
  /**
   * Server mode only: node-postgres pools beside Prisma's, for what its client cannot do. `locks` holds one
   * connection per running chat turn (a session advisory lock lives as long as its connection);
   * `counters` carries the rate-limit counters, apart so that waiting turns never hold up a limit check;
   * `app` is the pool Prisma itself uses, lent to single statements sent without the ORM (statementsOf).
   */
  pools?: { locks: pg.Pool; counters: pg.Pool; app: pg.Pool };
  /** A client on the read replica (DATABASE_READ_URL), never written through; none without one. */
  replica?: Db;
  /** Runs a read on the replica or the primary, falling back to the primary when the replica fails (decision 079). */
  reads: ReplicaReads;
  close(): Promise<void>;
}

/** How long a replica that failed is not asked again: its reads go to the primary meanwhile. */
const REPLICA_REST_MS = 5_000;

export interface OpenOptions {
  /** Where dropped pool connections are reported (they are replaced on the next query). */
  logger?: Pick<Logger, 'warn'>;
}

export async function openAdapterFactory(
  target: DatabaseTarget,
  opts: OpenOptions = {},
): Promise<{
  factory: SqlMigrationAwareDriverAdapterFactory;
  pglite?: PGlite;
  /** PostgreSQL only: the pool the adapter uses (also for statements sent without the ORM). */
  pool?: pg.Pool;
  close(): Promise<void>;
}> {
  if (target.kind === 'postgres') {
    // Without these listeners an idle connection that PostgreSQL terminates would be an uncaught 'error';
    // the connect timeout keeps requests from hanging on an unreachable server (they answer 503 instead).
    const onError = (err: Error) => opts.logger?.warn({ err: err.message }, 'database connection lost');
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000, keepAlive: true });
    // Listened to here (not through the adapter's onPoolError): statements sent without the ORM may use the pool
    // before Prisma first connects.
    pool.on('error', onError);
    const factory = new PrismaPg(pool, {
      onConnectionError: onError,
      // Marked hot statements are prepared once per connection (server/db/prepared.ts); the type says string,
      // but an unnamed statement is what undefined gives.
      statementNameGenerator: (q) => preparedName(q.sql) as string,
    });
    return { factory, pool, close: () => pool.end().catch(() => {}) };
  }
  if (!target.dir) {
    const pglite = await PGlite.create();
    return { factory: new PrismaPGlite(pglite), pglite, close: () => pglite.close() };
  }
  fs.mkdirSync(target.dir, { recursive: true });
  // Before opening: a second process on the same folder would corrupt it (throws a StartupError).
  const lock = lockDataDir(target.dir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(target.dir);
  } catch (e) {
    lock.release();
    throw e;
  }
  return {
    factory: new PrismaPGlite(pglite),
    pglite,
    close: async () => {
      try {
        await pglite.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** Opens the database, applies pending migrations, and returns a Prisma client. */
export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean } & OpenOptions = {}): Promise<Database> {
  const { factory, pglite, pool, close } = await openAdapterFactory(target, opts);
  if (opts.migrate !== false) {
    try {
      if (target.kind === 'postgres') await migrateOnOneConnection(target.url);
      else await applyMigrations(factory);
    } catch (e) {
      await close().catch(() => {});
      throw e;
    }
  }
  const prisma = new PrismaClient({ adapter: factory });
  const replica = target.kind === 'postgres' && target.readUrl ? openReplica(target.readUrl, opts) : null;
  const pools =
    target.kind === 'postgres' && pool
      ? { locks: auxPool(target.url, 20, 10_000, opts.logger), counters: auxPool(target.url, 4, 5_000, opts.logger), app: pool }
      : undefined;
  return {
    prisma,
    kind: target.kind,
    pglite,
    url: target.kind === 'postgres' ? target.url : undefined,
    pools,
    ...(replica ? { replica: replica.prisma } : {}),
    reads: createReplicaReads({
      primary: prisma,
      replica: replica?.prisma ?? null,
      retryAfterMs: REPLICA_REST_MS,
      onFallback: (reason) => opts.logger?.warn({ err: reason }, 'read replica unavailable; reading from the primary'),
    }),
    async close() {
      await prisma.$disconnect();
      if (replica) await replica.close();
      if (pools) await Promise.all([pools.locks.end(), pools.counters.end()]).catch(() => {});
      await close();
    },
  };
}

/**
 * The replica's own pool and client. Nothing migrates or writes through it; the connect timeout is short, since a
 * read that cannot reach the replica goes to the primary instead (server/db/replica-reads.ts).
 */
function openReplica(url: string, opts: OpenOptions): { prisma: Db; close(): Promise<void> } {
  const onError = (err: Error) => opts.logger?.warn({ err: err.message }, 'read replica connection lost');
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000, keepAlive: true, application_name: 'akut-replica' });
  pool.on('error', onError);
  const adapter = new PrismaPg(pool, { onConnectionError: onError, statementNameGenerator: (q) => preparedName(q.sql) as string });
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    async close() {
      await prisma.$disconnect().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}

/**
 * The schema engine takes a session advisory lock while it migrates and does not give it back: the lock
 * lives as long as its connection. On the app's pool that connection stayed open, so a second instance
 * waited for the lock and failed to start. Migrations run on a pool of their own, ended afterwards.
 */
async function migrateOnOneConnection(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  try {
    await applyMigrations(new PrismaPg(pool));
  } finally {
    await pool.end();
  }
}

function auxPool(url: string, max: number, connectionTimeoutMillis: number, logger?: OpenOptions['logger']) {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis, keepAlive: true });
  // An idle connection ended by the server (restart, pg_terminate_backend) is dropped by the pool and
  // replaced on the next query; without a listener it would crash the process.
  pool.on('error', (err) => logger?.warn({ err: err.message }, 'database connection lost'));
  return pool;
}
