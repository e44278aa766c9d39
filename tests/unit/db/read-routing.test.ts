// Which database a read goes to when a read replica is configured (decision 082): reads that may be a moment
// old go to the replica, unless the caller wrote within READ_AFTER_WRITE_MS (remembered in a signed cookie, so
// every app instance knows it) or the request itself writes; a replica that fails falls back to the primary.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { READ_AFTER_WRITE_COOKIE, readWriteMark, readsFromReplica, signWriteMark, writeMarkFromCookies } from '../../../server/db/read-routing.ts';
import { createReplicaReads } from '../../../server/db/replica-reads.ts';
import type { Db } from '../../../server/db.ts';

const SECRET = 'read-after-write-secret-read-after-write-secret';
const WINDOW = 5_000;
const now = 1_800_000_000_000;

describe('the routing rule', () => {
  const rule = (over: Partial<Parameters<typeof readsFromReplica>[0]> = {}) =>
    readsFromReplica({ hasReplica: true, method: 'GET', lastWriteAt: null, now, windowMs: WINDOW, ...over });

  it('sends a read of someone who has not written lately to the replica', () => {
    expect(rule()).toBe(true);
    expect(rule({ method: 'HEAD' })).toBe(true);
  });

  it('keeps everything on the primary without a replica', () => {
    expect(rule({ hasReplica: false })).toBe(false);
    expect(rule({ hasReplica: false, lastWriteAt: now - 60_000 })).toBe(false);
  });

  it('keeps the reads of a request that writes on the primary', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(rule({ method })).toBe(false);
  });

  it('keeps the reads of someone who wrote within the window on the primary', () => {
    expect(rule({ lastWriteAt: now })).toBe(false);
    expect(rule({ lastWriteAt: now - WINDOW + 1 })).toBe(false);
    expect(rule({ lastWriteAt: now - WINDOW - 1 })).toBe(true);
    // Another instance's clock a little ahead: still within the window.
    expect(rule({ lastWriteAt: now + 200 })).toBe(false);
  });

  it("keeps a read asked for fresh (a refetch after a live event about somebody else's write) on the primary", () => {
    expect(rule({ fresh: true })).toBe(false);
    expect(rule({ fresh: false })).toBe(true);
  });

  it('with a window of 0 nobody is held on the primary after a write', () => {
    expect(rule({ lastWriteAt: now, windowMs: 0 })).toBe(true);
  });
});

describe('the signed write mark', () => {
  it('round-trips through the cookie and is read by any instance with the same secret', () => {
    const value = signWriteMark(now, SECRET);
    expect(readWriteMark(value, SECRET)).toBe(now);
    expect(writeMarkFromCookies(`a=1; ${READ_AFTER_WRITE_COOKIE}=${value}; b=2`, SECRET)).toBe(now);
    expect(writeMarkFromCookies('a=1', SECRET)).toBeNull();
    expect(writeMarkFromCookies(undefined, SECRET)).toBeNull();
  });

  it('ignores a mark that is forged, altered or signed with another secret', () => {
    const value = signWriteMark(now, SECRET);
    const [, sig] = value.split('.');
    expect(readWriteMark(`${now + 60_000}.${sig}`, SECRET)).toBeNull();
    expect(readWriteMark(value, `${SECRET}-other`)).toBeNull();
    expect(readWriteMark(`${now}`, SECRET)).toBeNull();
    expect(readWriteMark('garbage', SECRET)).toBeNull();
    expect(readWriteMark('', SECRET)).toBeNull();
  });
});

describe('configuration', () => {
  it('has no replica and a 5 s window by default', () => {
    const c = loadConfig({});
    expect(c.database).toEqual(expect.objectContaining({ kind: 'pglite' }));
    expect(c.readAfterWriteMs).toBe(5_000);
  });

  it('reads DATABASE_READ_URL beside DATABASE_URL and READ_AFTER_WRITE_MS', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgresql://app:pw@db:5432/akut',
      DATABASE_READ_URL: 'postgresql://app:pw@db-replica:5432/akut',
      READ_AFTER_WRITE_MS: '2000',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgresql://app:pw@db:5432/akut', readUrl: 'postgresql://app:pw@db-replica:5432/akut' });
    expect(c.readAfterWriteMs).toBe(2_000);
  });

  it('refuses a replica without a primary, a replica URL that is none, and a negative window', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgresql://app:pw@db-replica:5432/akut' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://app:pw@db:5432/akut', DATABASE_READ_URL: 'replica' })).toThrow(/DATABASE_READ_URL/);
    expect(() => loadConfig({ READ_AFTER_WRITE_MS: '-1' })).toThrow(/READ_AFTER_WRITE_MS/);
  });
});

describe('replica reads', () => {
  const primary = { name: 'primary' } as unknown as Db;
  const replica = { name: 'replica' } as unknown as Db;
  const unavailable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
  const name = (db: Db) => Promise.resolve((db as unknown as { name: string }).name);

  it('runs on the replica when asked and on the primary otherwise; without a replica always on the primary', async () => {
    const reads = createReplicaReads({ primary, replica, retryAfterMs: 1_000 });
    expect(await reads.run(true, name)).toBe('replica');
    expect(await reads.run(false, name)).toBe('primary');
    const none = createReplicaReads({ primary, replica: null, retryAfterMs: 1_000 });
    expect(await none.run(true, name)).toBe('primary');
  });

  it('falls back to the primary when the replica is away, and leaves it alone for a moment', async () => {
    let t = 0;
    const warnings: string[] = [];
    const reads = createReplicaReads({ primary, replica, retryAfterMs: 1_000, now: () => t, onFallback: (reason) => warnings.push(reason) });
    const tried: string[] = [];
    const query = async (db: Db) => {
      const n = await name(db);
      tried.push(n);
      if (n === 'replica') throw unavailable;
      return n;
    };
    expect(await reads.run(true, query)).toBe('primary');
    expect(tried).toEqual(['replica', 'primary']);
    expect(warnings).toHaveLength(1);
    // Within the pause the replica is not tried at all.
    t = 999;
    expect(await reads.run(true, query)).toBe('primary');
    expect(tried).toEqual(['replica', 'primary', 'primary']);
    // Afterwards it is tried again.
    t = 1_001;
    expect(await reads.run(true, name)).toBe('replica');
  });

  it('answers a query cancelled by a conflict with recovery from the primary', async () => {
    const reads = createReplicaReads({ primary, replica, retryAfterMs: 1_000 });
    const conflict = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' });
    expect(await reads.run(true, async (db) => ((await name(db)) === 'replica' ? Promise.reject(conflict) : 'primary'))).toBe('primary');
  });

  it('passes any other error of the replica on', async () => {
    const reads = createReplicaReads({ primary, replica, retryAfterMs: 1_000 });
    await expect(reads.run(true, () => Promise.reject(new Error('NOT_FOUND')))).rejects.toThrow('NOT_FOUND');
  });
});
