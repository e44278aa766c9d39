// Chat limits: message length, a per-session limiter on top of the per-IP one (server/http/security.ts),
// and the per-session turn lock. With PostgreSQL both hold across app instances (docs/decisions/021-several-instances.md).
import type pg from 'pg';
import { AppError } from '../../core/errors.ts';
import { sharedCounter } from '../db/rate-limit-store.ts';
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How many of the newest persisted messages the model sees. */
export const CHAT_HISTORY_FOR_MODEL = 40;
/** Tool steps per turn (stopWhen: isStepCount). */
export const CHAT_MAX_STEPS = 4;
/** How long a pending confirmation can be confirmed. */
export const CONFIRMATION_TTL_MS = 15 * 60_000;
/** How long a turn waits for another turn of its session (on another instance) before answering CHAT_BUSY. */
export const CHAT_TURN_WAIT_MS = 30_000;

export interface SessionLimiter {
  /** Counts one message for the session; false when the session is over its limit for the window. */
  hit(sessionId: string): boolean | Promise<boolean>;
}

/** The per-session limit counted in PostgreSQL (fixed window), the same for every instance. */
export function createSharedSessionLimiter(pool: pg.Pool, opts: { limit: number; windowMs: number }): SessionLimiter {
  const counter = sharedCounter(pool, { bucket: 'chat-session', ...opts });
  return {
    async hit(sessionId) {
      return (await counter.penalty(sessionId, 1)).consumedPoints <= opts.limit;
    },
  };
}

/** Sliding window per chat session, in memory (per app instance; the per-IP limit still applies). */
export function createSessionLimiter(opts: { limit: number; windowMs: number; now?: () => number }): SessionLimiter {
  const now = opts.now ?? Date.now;
  const hits = new Map<string, number[]>();
  let lastSweep = now();
  return {
    hit(sessionId) {
      const t = now();
      if (t - lastSweep > opts.windowMs) {
        for (const [key, list] of hits) if (!list.some((x) => t - x < opts.windowMs)) hits.delete(key);
        lastSweep = t;
      }
      const recent = (hits.get(sessionId) ?? []).filter((x) => t - x < opts.windowMs);
      if (recent.length >= opts.limit) {
        hits.set(sessionId, recent);
        return false;
      }
      recent.push(t);
      hits.set(sessionId, recent);
      return true;
    },
  };
}

/** One turn (or confirmation) at a time per session, so the machine snapshot is never written by two at once. */
export function createKeyedLock() {
  const tails = new Map<string, Promise<void>>();
  return {
    async acquire(key: string): Promise<() => void> {
      const previous = tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const current = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => current);
      tails.set(key, tail);
      await previous;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
        if (tails.get(key) === tail) tails.delete(key);
      };
    },
  };
}
export type KeyedLock = ReturnType<typeof createKeyedLock>;

/**
 * The turn lock of a chat session. In one process (the embedded database) the in-memory lock. With
 * PostgreSQL also a session advisory lock, held on a connection of its own for the whole turn, so a turn
 * on another instance waits for it (up to waitMs, then CHAT_BUSY). Should the connection drop mid-turn,
 * the lock is gone, but the snapshot's version check (saveMachine) still refuses a lost update.
 */
export function createTurnLock(pool: pg.Pool | undefined, opts: { waitMs: number } = { waitMs: CHAT_TURN_WAIT_MS }): KeyedLock {
  const local = createKeyedLock();
  if (!pool) return local;
  return {
    async acquire(key: string): Promise<() => void> {
      const releaseLocal = await local.acquire(key);
      const lockKey = `chat-session:${key}`;
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        // Database away, or every lock connection busy until the connect timeout: 503 with Retry-After.
        releaseLocal();
        throw err;
      }
      // A checked-out client that loses its connection emits 'error'; unhandled, it would end the process.
      const onError = () => {};
      client.on('error', onError);
      const giveBack = (err?: Error) => {
        client.off('error', onError);
        client.release(err);
      };
      try {
        await client.query(`SELECT set_config('lock_timeout', $1, false)`, [`${opts.waitMs}ms`]);
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
      } catch (err) {
        const timedOut = (err as { code?: string }).code === '55P03';
        giveBack(timedOut ? undefined : (err as Error));
        releaseLocal();
        if (timedOut) throw new AppError('CHAT_BUSY');
        throw err;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        client
          .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey])
          // Unlock failed: closing the connection ends the lock with it.
          .then(
            () => giveBack(),
            (err: Error) => giveBack(err),
          )
          .catch(() => {})
          .finally(releaseLocal);
      };
    },
  };
}
