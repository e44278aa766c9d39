// The shared rate-limit store while PostgreSQL cannot be reached: it keeps counting (per instance, in
// memory) instead of failing the request.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedCounterStore } from '../../../server/db/rate-limit-store.ts';
import { freePort } from '../../helpers/pg-cluster.ts';

describe('SharedCounterStore without a reachable database', () => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
  });

  it('falls back to counting in memory, so limits still hold', async () => {
    // A port nobody listens on: every connect is refused at once.
    const pool = new pg.Pool({ connectionString: `postgresql://postgres@127.0.0.1:${await freePort()}/postgres`, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => {});
    pools.push(pool);
    const store = new SharedCounterStore(pool, { bucket: 'auth', limit: 3, windowMs: 60_000 });
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push((await store.increment('203.0.113.9')).totalHits);
    expect(hits).toEqual([1, 2, 3, 4]);
    expect((await store.increment('203.0.113.10')).totalHits).toBe(1);
    await store.resetKey('203.0.113.9');
    expect((await store.increment('203.0.113.9')).totalHits).toBe(1);
  });
});
