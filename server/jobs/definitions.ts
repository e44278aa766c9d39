// The background jobs of akut, run on the durable job queue (server/jobs/queue.ts, decision 044): expiring
// old requests (and refunding their unlocks), reading back Stripe purchases whose webhook did not arrive,
// syncing PayPal payout statuses and retrying Stripe Connect transfers, and making partner commissions available once their refund window has
// passed, deleting kept records of deleted accounts after their retention, and writing the feed cards'
// texts after a change of the redaction, telling providers of their new matches, and sending the mails that wait
// in the outbox (SMTP). Every handler is idempotent (conditional updates, ledger idempotency keys): a retry after a
// failure part-way, or a run that overlaps another, changes nothing twice.
import type { AppDeps } from '../deps.ts';
import { expireRequests } from '../domain/requests/end-request.ts';
import { reconcileStripePurchases } from '../domain/shop/reconcile-purchases.ts';
import { applyDeferredStripeEvents } from '../integrations/stripe/handle-webhook.ts';
import { syncPayPalPayouts } from '../domain/payouts/admin-payouts.ts';
import { syncStripePayouts } from '../domain/payouts/send-stripe-transfer.ts';
import { releaseDueCommissions } from '../domain/affiliate/release-due-commissions.ts';
import { purgeRetainedRecords } from '../domain/privacy/purge-retained-records.ts';
import { writeCardTexts } from '../domain/matching/write-card-texts.ts';
import { NOTIFY_MATCHES_JOB, notifyNewMatches, notifyOverdueMatches } from '../domain/matching/notify-new-matches.ts';
import { z } from 'zod';
import { completeRequestReleases } from '../domain/requests/complete-request-releases.ts';
import { recoverChatConfirmations } from '../chat/confirm.ts';

export const SEND_MAILS_JOB = 'send-mails';

export interface JobRetry {
  /** Further attempts after the first one fails. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each further one (with jitter) up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
}

export interface JobDefinition {
  name: string;
  /** Cron expression (UTC) for periodic jobs; across all instances one job is created per occurrence. */
  cron?: string;
  retry: JobRetry;
  /** Also run once a few seconds after an instance starts (once across instances starting together): catch-up after downtime. */
  runAfterStart?: boolean;
  run(deps: AppDeps, data: Record<string, unknown>): Promise<unknown>;
}

const PERIODIC_RETRY: JobRetry = { retryLimit: 4, retryDelay: 30, retryDelayMax: 600 };
const periodic = { retry: PERIODIC_RETRY, runAfterStart: true };

export const JOB_DEFINITIONS: JobDefinition[] = [
  { name: 'expire-requests', cron: '*/5 * * * *', ...periodic, run: (deps) => expireRequests(deps) },
  {
    name: 'reconcile-purchases',
    cron: '*/10 * * * *',
    ...periodic,
    run: async (deps) => ({ ...(await reconcileStripePurchases(deps)), deferredApplied: await applyDeferredStripeEvents(deps) }),
  },
  { name: 'sync-paypal-payouts', cron: '*/2 * * * *', ...periodic, run: (deps) => syncPayPalPayouts(deps) },
  // Stripe Connect transfers whose call did not get through, sent again with the same idempotency key (decision 081).
  { name: 'sync-stripe-payouts', cron: '*/2 * * * *', ...periodic, run: (deps) => syncStripePayouts(deps) },
  { name: 'release-commissions', cron: '*/10 * * * *', ...periodic, run: (deps) => releaseDueCommissions(deps.db.prisma) },
  // A matched request's new providers are told live and by e-mail, once each (decision 078); the sweep tells
  // what a lost job left waiting.
  {
    name: NOTIFY_MATCHES_JOB,
    retry: { retryLimit: 5, retryDelay: 5, retryDelayMax: 300 },
    run: (deps, data) => notifyNewMatches(deps, z.string().parse(data.requestId)),
  },
  // Mails written in their change's transaction wait in the outbox until sent (decision 082): each commit flushes
  // them in its process; this sends what a dead process or a failed SMTP attempt left, each mail once per claim.
  { name: SEND_MAILS_JOB, cron: '* * * * *', ...periodic, run: (deps) => deps.mailer.deliverQueued() },
  { name: 'notify-matches-sweep', cron: '* * * * *', ...periodic, run: (deps) => notifyOverdueMatches(deps) },
  // The texts of the feed's cards, once after the migration that added them and after a change of the redaction (decision 077).
  { name: 'write-card-texts', retry: PERIODIC_RETRY, runAfterStart: true, run: (deps) => writeCardTexts(deps.db.prisma) },
  // What a killed process left half done (decision 060): chat confirmations whose runner is gone, verified
  // seekers' drafts never released, open requests never matched.
  { name: 'recover-chat-confirmations', cron: '* * * * *', ...periodic, run: (deps) => recoverChatConfirmations(deps) },
  { name: 'complete-request-releases', cron: '* * * * *', ...periodic, run: (deps) => completeRequestReleases(deps) },
  // Deletes the pseudonymised records of deleted accounts once the 10-year retention has passed (decision 046).
  { name: 'purge-retained-records', cron: '17 3 * * *', ...periodic, run: (deps) => purgeRetainedRecords(deps.db.prisma) },
];

export function findJobDefinition(name: string): JobDefinition | undefined {
  return JOB_DEFINITIONS.find((d) => d.name === name);
}
