// Prisma client for the embedded PGlite database (default) or a PostgreSQL server (DATABASE_URL).
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/prisma/client.ts';
import { applyMigrations } from './db/migrate.ts';

export type Db = InstanceType<typeof PrismaClient>;
export type DbTx = Parameters<Parameters<Db['$transaction']>[0]>[0];

export type DatabaseTarget = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

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
   * `counters` carries the rate-limit counters, apart so that waiting turns never hold up a limit check.
   */
  pools?: { locks: pg.Pool; counters: pg.Pool };
  close(): Promise<void>;
}

export async function openAdapterFactory(target: DatabaseTarget): Promise<{
  factory: SqlMigrationAwareDriverAdapterFactory;
  pglite?: PGlite;
  close(): Promise<void>;
}> {
  if (target.kind === 'postgres') {
    const factory = new PrismaPg({ connectionString: target.url, max: 10 });
    return { factory, close: async () => {} };
  }
  if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
  const pglite = await PGlite.create(target.dir ?? undefined);
  return { factory: new PrismaPGlite(pglite), pglite, close: () => pglite.close() };
}

/** Opens the database, applies pending migrations, and returns a Prisma client. */
export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean; onPoolError?: (err: Error) => void } = {}): Promise<Database> {
  const { factory, pglite, close } = await openAdapterFactory(target);
  if (opts.migrate !== false) await applyMigrations(factory);
  const prisma = new PrismaClient({ adapter: factory });
  const pools = target.kind === 'postgres' ? { locks: auxPool(target.url, 20, opts.onPoolError), counters: auxPool(target.url, 4, opts.onPoolError) } : undefined;
  return {
    prisma,
    kind: target.kind,
    pglite,
    url: target.kind === 'postgres' ? target.url : undefined,
    pools,
    async close() {
      await prisma.$disconnect();
      if (pools) await Promise.all([pools.locks.end(), pools.counters.end()]).catch(() => {});
      await close();
    },
  };
}

function auxPool(url: string, max: number, onError?: (err: Error) => void) {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle connection ended by the server (restart, pg_terminate_backend) is dropped by the pool and
  // replaced on the next query; without a listener it would crash the process.
  pool.on('error', (err) => onError?.(err));
  return pool;
}
