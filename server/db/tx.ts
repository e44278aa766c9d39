// Interactive transactions with room to wait under load, retried on serialization failures and deadlocks.
import type { Db, DbTx } from '../db.ts';

const RETRYABLE = new Set(['40001', '40P01']);

function isRetryable(e: unknown): boolean {
  const err = e as { code?: string; meta?: { code?: string }; cause?: { code?: string }; message?: string };
  const code = err?.meta?.code ?? err?.cause?.code ?? err?.code;
  if (code && RETRYABLE.has(code)) return true;
  return /deadlock detected|could not serialize/i.test(err?.message ?? '');
}

export async function inTransaction<T>(prisma: Db, fn: (tx: DbTx) => Promise<T>, opts: { attempts?: number } = {}): Promise<T> {
  const attempts = opts.attempts ?? 3;
  for (let i = 1; ; i++) {
    try {
      return await prisma.$transaction(fn, { maxWait: 15_000, timeout: 30_000 });
    } catch (e) {
      if (i >= attempts || !isRetryable(e)) throw e;
    }
  }
}

/** A unique-constraint violation (Prisma P2002), optionally on a given field. */
export function isUniqueViolation(e: unknown, field?: string): boolean {
  const err = e as { code?: string; meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } }; message?: string };
  if (err?.code !== 'P2002') return false;
  if (!field) return true;
  const target = err.meta?.target;
  const fields = Array.isArray(target) ? target.map(String) : typeof target === 'string' ? [target] : (err.meta?.driverAdapterError?.cause?.constraint?.fields ?? []);
  return fields.length === 0 || fields.some((f) => f.includes(field)) || (err.message ?? '').includes(field);
}
