// Connection errors, however the pg driver, Prisma and its driver adapter report them, mean 'database away'.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', 'P1001', 'P1017'])('recognises %s', (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it('recognises the driver adapter shapes and causes', () => {
    expect(isDatabaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } })).toBe(true);
    expect(isDatabaseUnavailable({ name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } })).toBe(true);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { originalCode: '57P01' } } } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new AggregateError([withCode('ECONNREFUSED')]), {}))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(withCode('P2002'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('40P01'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
