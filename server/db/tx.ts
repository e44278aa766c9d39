// Interactive transactions with room to wait under load, retried on serialization failures and deadlocks.
import crypto from 'node:crypto';
import type pg from 'pg';
import { Prisma } from '../generated/prisma/client.ts';
import type { Database, Db, DbTx, SqlTx } from '../db.ts';

// PostgreSQL's serialization_failure and deadlock_detected; Prisma's P2034 is its name for both.
const RETRYABLE = new Set(['40001', '40P01', 'P2034']);

/**
 * A serialization failure or deadlock, however it is reported: Prisma 7 with the pg driver adapter
 * (P2034, PostgreSQL's code under meta.driverAdapterError.cause.originalCode), a raw query (P2010,
 * meta.code), the pg driver's own error, or any of these as the cause of another error.
 */
export function isRetryable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const err = e as {
    code?: unknown;
    originalCode?: unknown;
    kind?: unknown;
    message?: unknown;
    meta?: { code?: unknown; driverAdapterError?: unknown };
    cause?: unknown;
  };
  for (const code of [err.code, err.originalCode, err.meta?.code]) if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  if (err.kind === 'TransactionWriteConflict') return true;
  if (typeof err.message === 'string' && /deadlock detected|could not serialize access/i.test(err.message)) return true;
  return isRetryable(err.meta?.driverAdapterError, depth + 1) || isRetryable(err.cause, depth + 1);
}

/** Full jitter over an exponential back-off: contenders that collided once do not collide again in step. */
export function backoffMs(attempt: number): number {
  return Math.random() * Math.min(1_000, 25 * 2 ** attempt);
}

export async function inTransaction<T>(prisma: Db, fn: (tx: DbTx) => Promise<T>, opts: { attempts?: number } = {}): Promise<T> {
  const attempts = opts.attempts ?? 5;
  for (let i = 1; ; i++) {
    try {
      return await prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 });
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(i)));
    }
  }
}

/**
 * A pg pool, or one of its connections, as a SqlTx: the tagged-template statements, with their values as
 * parameters. On a pool each statement runs on whichever connection is free, on its own (autocommit). Each
 * statement text is a named prepared statement (named by its hash), so a connection parses and analyses it
 * once; the texts are the code's, their number small.
 */
export function sqlTxOn(client: pg.Pool | pg.PoolClient): SqlTx {
  const run = (first: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
    const q = first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values);
    const name = `akut_${crypto.createHash('sha1').update(q.text).digest('hex').slice(0, 20)}`;
    return client.query({ name, text: q.text, values: q.values as unknown[] });
  };
  const tx = {
    $queryRaw: async (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await run(first, values)).rows,
    $executeRaw: async (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await run(first, values)).rowCount ?? 0,
  };
  // The two calls answer like Prisma's (rows, the count of rows written); awaited, never chained as PrismaPromises.
  return tx as unknown as SqlTx;
}

/**
 * Statements each atomic on its own, outside a transaction (decision 065): on PostgreSQL on the app's own pool
 * without the ORM's cost per statement, on PGlite through Prisma (one connection). For commands written as one
 * statement that checks what they read (the unlock); anything that needs several writes together keeps
 * inTransaction.
 */
export function statementsOf(db: Pick<Database, 'prisma' | 'pools'>): SqlTx {
  const pool = db.pools?.app;
  return pool ? sqlTxOn(pool) : db.prisma;
}

/** A unique-constraint violation (Prisma P2002), optionally on a given field. */
export function isUniqueViolation(e: unknown, field?: string): boolean {
  const err = e as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } }; message?: string };
  if (err?.code !== 'P2002') return false;
  if (!field) return true;
  const target = err.meta?.target;
  const fields = Array.isArray(target)
    ? target.map(String)
    : typeof target === 'string'
      ? [target]
      : (err.meta?.driverAdapterError?.cause?.constraint?.fields ?? []);
  return fields.length === 0 || fields.some((f) => f.includes(field)) || (err.message ?? '').includes(field);
}
