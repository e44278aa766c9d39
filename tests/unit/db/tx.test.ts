// Serialization failures and deadlocks are retried wherever Prisma or the driver reports their code.
import { describe, expect, it } from 'vitest';
import { inTransaction, isRetryable } from '../../../server/db/tx.ts';
import type { Db } from '../../../server/db.ts';

// The shapes seen from Prisma 7 and the pg driver for PostgreSQL's 40001 and 40P01.
const prismaAdapterError = (code: string) =>
  Object.assign(new Error('Transaction failed due to a write conflict or a deadlock. Please retry your transaction'), {
    name: 'PrismaClientKnownRequestError',
    code: 'P2034',
    meta: {
      modelName: 'Wallet',
      driverAdapterError: { name: 'DriverAdapterError', cause: { originalCode: code, originalMessage: 'x', kind: 'TransactionWriteConflict' } },
    },
  });

describe('isRetryable', () => {
  it.each(['40P01', '40001'])('recognises P2034 with %s under meta.driverAdapterError.cause.originalCode', (code) => {
    expect(isRetryable(prismaAdapterError(code))).toBe(true);
  });

  it('recognises P2034 without any further detail', () => {
    expect(isRetryable(Object.assign(new Error('write conflict'), { code: 'P2034' }))).toBe(true);
  });

  it('recognises a raw query error (P2010) carrying the PostgreSQL code in meta', () => {
    expect(isRetryable(Object.assign(new Error('Raw query failed'), { code: 'P2010', meta: { code: '40P01', message: 'deadlock detected' } }))).toBe(true);
  });

  it('recognises the pg driver error itself and one wrapped as a cause', () => {
    const pgError = Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001', severity: 'ERROR' });
    expect(isRetryable(pgError)).toBe(true);
    expect(isRetryable(new Error('commit failed', { cause: pgError }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('adapter'), { cause: { originalCode: '40P01' } }))).toBe(true);
    expect(isRetryable(Object.assign(new Error('adapter'), { cause: { kind: 'TransactionWriteConflict' } }))).toBe(true);
  });

  it('does not retry other errors', () => {
    expect(isRetryable(Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }))).toBe(false);
    expect(isRetryable(Object.assign(new Error('x'), { code: 'P2010', meta: { code: '23505' } }))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
    expect(isRetryable(undefined)).toBe(false);
  });
});

describe('inTransaction', () => {
  function fakeDb(failures: unknown[]): { db: Db; calls: () => number } {
    let calls = 0;
    const db = {
      async $transaction(fn: (tx: unknown) => Promise<unknown>) {
        calls++;
        const failure = failures.shift();
        if (failure) throw failure;
        return fn({});
      },
    } as unknown as Db;
    return { db, calls: () => calls };
  }

  it('retries deadlocks and serialization failures and then succeeds', async () => {
    const { db, calls } = fakeDb([prismaAdapterError('40P01'), prismaAdapterError('40001'), prismaAdapterError('40P01')]);
    await expect(inTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(4);
  });

  it('gives up after the last attempt with the database error', async () => {
    const failures = Array.from({ length: 10 }, () => prismaAdapterError('40P01'));
    const { db, calls } = fakeDb(failures);
    await expect(inTransaction(db, async () => 'never', { attempts: 3 })).rejects.toMatchObject({ code: 'P2034' });
    expect(calls()).toBe(3);
  });

  it('does not retry an error that is not a conflict', async () => {
    const { db, calls } = fakeDb([Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })]);
    await expect(inTransaction(db, async () => 'never')).rejects.toMatchObject({ code: 'P2002' });
    expect(calls()).toBe(1);
  });
});
