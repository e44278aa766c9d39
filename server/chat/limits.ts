// Chat limits: message length, and a per-session limiter on top of the per-IP one (server/http/security.ts).
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** How many of the newest persisted messages the model sees. */
export const CHAT_HISTORY_FOR_MODEL = 40;
/** Tool steps per turn (stopWhen: isStepCount). */
export const CHAT_MAX_STEPS = 4;
/** How long a pending confirmation can be confirmed. */
export const CONFIRMATION_TTL_MS = 15 * 60_000;

export interface SessionLimiter {
  /** Counts one message for the session; false when the session is over its limit for the window. */
  hit(sessionId: string): boolean;
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
