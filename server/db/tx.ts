// Interactive transactions with room to wait under load, retried on serialization failures and deadlocks.
import type { Db, DbTx } from '../db.ts';

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
function backoffMs(attempt: number): number {
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
