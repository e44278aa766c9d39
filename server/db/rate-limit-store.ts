// Rate-limit counters shared by every app instance on one PostgreSQL: rate-limiter-flexible's
// RateLimiterPostgres on the rate_limit table of our migrations, with a per-instance memory counter as
// its insurance while the database cannot be reached. The embedded database (one process) keeps counting
// in memory. See docs/decisions/021-several-instances.md.
import type pg from 'pg';
import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';

export const RATE_LIMIT_TABLE = 'rate_limit';

export interface SharedCounterOptions {
  /** Keeps the buckets apart in one table: keys are stored as '<bucket>:<key>'. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** A fixed-window counter in PostgreSQL (atomic upsert; counts from all instances). */
export function sharedCounter(pool: pg.Pool, opts: SharedCounterOptions): RateLimiterPostgres {
  const duration = Math.max(1, Math.ceil(opts.windowMs / 1000));
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    // Created by prisma/migrations (no DDL at run time).
    tableCreated: true,
    keyPrefix: opts.bucket,
    points: opts.limit,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: opts.bucket, points: opts.limit, duration }),
  });
}

function info(res: RateLimiterRes): IncrementResponse {
  return { totalHits: res.consumedPoints, resetTime: new Date(Date.now() + Math.max(0, res.msBeforeNext)) };
}

/** express-rate-limit's Store on a shared counter. Counting only: express-rate-limit decides and answers. */
export class SharedCounterStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly counter: RateLimiterPostgres;

  constructor(pool: pg.Pool, opts: SharedCounterOptions) {
    this.prefix = opts.bucket;
    this.counter = sharedCounter(pool, opts);
  }

  async increment(key: string): Promise<IncrementResponse> {
    // penalty() adds a point without refusing; consume() would reject over the limit.
    return info(await this.counter.penalty(key, 1));
  }

  async decrement(key: string): Promise<void> {
    await this.counter.reward(key, 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.counter.delete(key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const res = await this.counter.get(key);
    return res ? info(res) : undefined;
  }
}
