// Background jobs of one app instance: expiring old requests (and refunding their unlocks), reading back
// Stripe purchases whose webhook did not arrive, syncing PayPal payouts, and making partner commissions
// available once their refund window has passed. Every job is
// idempotent and safe when several instances run it at the same time (conditional updates, ledger keys).
import type { AppDeps } from '../deps.ts';
import { expireRequests } from '../domain/requests/end-request.ts';
import { reconcileStripePurchases } from '../domain/shop/reconcile-purchases.ts';
import { applyDeferredStripeEvents } from '../integrations/stripe/handle-webhook.ts';
import { syncPayPalPayouts } from '../domain/payouts/admin-payouts.ts';
import { releaseDueCommissions } from '../domain/affiliate/release-due-commissions.ts';
import { purgeRetainedRecords } from '../domain/privacy/purge-retained-records.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: 'expire-requests', everyMs: 5 * 60_000, run: (deps) => expireRequests(deps) },
  {
    name: 'reconcile-purchases',
    everyMs: 10 * 60_000,
    run: async (deps) => ({ ...(await reconcileStripePurchases(deps)), deferredApplied: await applyDeferredStripeEvents(deps) }),
  },
  { name: 'sync-paypal-payouts', everyMs: 2 * 60_000, run: (deps) => syncPayPalPayouts(deps) },
  { name: 'release-commissions', everyMs: 10 * 60_000, run: (deps) => releaseDueCommissions(deps.db.prisma) },
  { name: 'purge-retained-records', everyMs: 24 * 60 * 60_000, run: (deps) => purgeRetainedRecords(deps.db.prisma) },
];

export function startScheduler(deps: AppDeps, jobs: Job[] = JOBS): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run(deps)
        .then((result) => deps.logger.debug({ job: job.name, result }, 'job done'))
        .catch((err: unknown) => deps.logger.error({ job: job.name, err: err instanceof Error ? err.message : String(err) }, 'job failed'))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    // A first run shortly after start, then at the interval.
    const first = setTimeout(tick, 5_000);
    first.unref();
    const every = setInterval(tick, job.everyMs);
    every.unref();
    timers.push(first, every);
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running]);
    },
  };
}
