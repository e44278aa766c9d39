// Runs a read on the replica or the primary (decision 079). A replica that is away, or that cancels a query
// for a conflict with recovery, answers nothing: the read runs on the primary, and the replica is left alone
// for a moment so that requests do not each wait for it to fail.
import type { Db } from '../db.ts';
import { isRetryable } from './tx.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export interface ReplicaReads {
  readonly hasReplica: boolean;
  /** fn on the replica when `useReplica` and one is configured and not resting after a failure; else on the primary. */
  run<T>(useReplica: boolean, fn: (db: Db) => Promise<T>): Promise<T>;
}

export function createReplicaReads(opts: {
  primary: Db;
  replica: Db | null;
  /** How long a failed replica is not asked again. */
  retryAfterMs: number;
  now?: () => number;
  onFallback?: (reason: string) => void;
}): ReplicaReads {
  const now = opts.now ?? Date.now;
  let restingUntil = 0;
  return {
    hasReplica: opts.replica !== null,
    async run(useReplica, fn) {
      const replica = opts.replica;
      if (!useReplica || !replica || now() < restingUntil) return fn(opts.primary);
      try {
        return await fn(replica);
      } catch (e) {
        if (!isDatabaseUnavailable(e) && !isRetryable(e)) throw e;
        if (isDatabaseUnavailable(e)) restingUntil = now() + opts.retryAfterMs;
        opts.onFallback?.(e instanceof Error ? e.message : String(e));
        return fn(opts.primary);
      }
    },
  };
}
