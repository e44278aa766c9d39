// POST /api/stripe/webhook (checkout and, for payouts, Stripe Connect): the signature is checked on the raw body (400 and nothing credited when it is
// wrong or missing); every event is recorded by its id and processed once; one handler file per event
// type. A refund or dispute that arrives before its payment is accepted and kept ('deferred', with the purchase
// it waits for); it is applied as soon as the payment is credited (by its webhook or the reconciliation job).
// One for a payment intent that is not akut's is recorded as ignored. Races between concurrent
// deliveries (serialization failures, deadlocks, unique violations) are retried here, as every handler is
// idempotent; a database outage answers 503 (server/app.ts); anything else answers 500 and Stripe retries.
import type Stripe from 'stripe';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { checkoutSessionCompleted } from './webhooks/checkout-session-completed.ts';
import { checkoutSessionAsyncPaymentSucceeded } from './webhooks/checkout-session-async-payment-succeeded.ts';
import { checkoutSessionUnpaid } from './webhooks/checkout-session-unpaid.ts';
import { chargeRefunded } from './webhooks/charge-refunded.ts';
import { chargeDisputeCreated } from './webhooks/charge-dispute-created.ts';
import { accountUpdated } from './webhooks/account-updated.ts';
import { payoutSettled } from './webhooks/payout-settled.ts';
import { transferReversed } from './webhooks/transfer-reversed.ts';
import { PurchaseNotPaidYet } from '../../domain/shop/reverse-purchase.ts';
import { isRetryable, isUniqueViolation } from '../../db/tx.ts';

type Handler = (deps: AppDeps, event: Stripe.Event) => Promise<string>;

export const STRIPE_HANDLERS: ReadonlyMap<string, Handler> = new Map(
  Object.entries({
    'checkout.session.completed': checkoutSessionCompleted,
    'checkout.session.async_payment_succeeded': checkoutSessionAsyncPaymentSucceeded,
    'checkout.session.async_payment_failed': checkoutSessionUnpaid,
    'checkout.session.expired': checkoutSessionUnpaid,
    'charge.refunded': chargeRefunded,
    'charge.dispute.created': chargeDisputeCreated,
    // Stripe Connect payouts (decision 081)
    'account.updated': accountUpdated,
    'payout.paid': payoutSettled,
    'payout.failed': payoutSettled,
    'transfer.reversed': transferReversed,
  } satisfies Record<string, Handler>),
);

export interface WebhookResult {
  id: string;
  type: string;
  outcome: string;
  duplicate: boolean;
}

export async function handleStripeWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
  const stripe = deps.money.stripe;
  if (!stripe || !deps.config.stripe) throw new AppError('NOT_FOUND');
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no signature');
    event = constructWithEither(stripe, rawBody, signature, [deps.config.stripe.webhookSecret, deps.config.stripeConnectWebhookSecret]);
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  const prisma = deps.db.prisma;
  await prisma.webhookEvent.createMany({
    data: [{ id: event.id, provider: 'stripe', type: event.type, payload: JSON.parse(rawBody.toString('utf8')) }],
    skipDuplicates: true,
  });
  const row = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: event.id } });
  if (row.status === 'processed' || row.status === 'ignored') return { id: event.id, type: event.type, outcome: 'already processed', duplicate: true };
  const handler = STRIPE_HANDLERS.get(event.type);
  if (!handler) {
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { status: 'ignored', processedAt: new Date() } });
    return { id: event.id, type: event.type, outcome: 'ignored', duplicate: false };
  }
  try {
    const outcome = await runHandler(deps, handler, event);
    // A refund or dispute of a payment that is not akut's: recorded as ignored, never waited for.
    const status = outcome.startsWith(IGNORED) ? 'ignored' : 'processed';
    await prisma.webhookEvent.update({
      where: { id: event.id },
      data: { status, processedAt: new Date(), attempts: { increment: 1 }, error: null },
    });
    if (event.type.startsWith('checkout.session.')) await applyDeferredStripeEvents(deps);
    return { id: event.id, type: event.type, outcome, duplicate: false };
  } catch (err) {
    if (err instanceof PurchaseNotPaidYet) {
      // Kept (never over a processed row) with the purchase it waits for; then applied at once if the payment
      // was credited meanwhile.
      await prisma.webhookEvent.updateMany({
        where: { id: event.id, status: { notIn: ['processed', 'ignored'] } },
        data: { status: 'deferred', waitingFor: err.purchaseId, attempts: { increment: 1 }, error: 'waiting for its payment' },
      });
      await applyDeferredStripeEvents(deps, { purchaseId: err.purchaseId });
      return { id: event.id, type: event.type, outcome: 'deferred until its payment', duplicate: false };
    }
    await prisma.webhookEvent
      .update({ where: { id: event.id }, data: { status: 'failed', attempts: { increment: 1 }, error: err instanceof Error ? err.message : String(err) } })
      .catch(() => {});
    deps.logger.warn(
      { eventId: event.id, type: event.type, err: err instanceof Error ? err.message : String(err) },
      'stripe webhook not processed; Stripe will retry',
    );
    throw new AppError('INTERNAL', { cause: err });
  }
}

/** The platform endpoint's secret, or the Connect endpoint's (its events of connected accounts may come to the same URL). */
function constructWithEither(
  stripe: NonNullable<AppDeps['money']['stripe']>,
  rawBody: Buffer,
  signature: string,
  secrets: (string | undefined)[],
): Stripe.Event {
  let last: unknown = new Error('no secret');
  for (const secret of secrets) {
    if (!secret) continue;
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (e) {
      last = e;
    }
  }
  throw last;
}

/** A handler, run again when it lost a race with a concurrent delivery (all handlers are idempotent). */
async function runHandler(deps: AppDeps, handler: Handler, event: Stripe.Event): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await handler(deps, event);
    } catch (e) {
      if (attempt >= 5 || !(isRetryable(e) || isUniqueViolation(e))) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** The outcome a handler answers for an event that is not akut's ('ignored: no purchase'). */
const IGNORED = 'ignored';

const DEFERRED_PAGE = 100;

/**
 * Refunds and disputes that arrived before their payment: each waits for its purchase (`waitingFor`) and is
 * applied once that purchase is paid (the reversal is idempotent, so two callers applying the same event book it
 * once). Called after a payment is credited, after an event is deferred (so whichever of the two commits last
 * applies it) and by the reconciliation job. Only events whose purchase is paid now are read (and the few kept
 * before `waitingFor` existed, which are sorted out on the way), page by page: events that still wait can never
 * hold back the ones that are due (issue 24). `purchaseId` narrows it to one purchase's events.
 */
export async function applyDeferredStripeEvents(deps: AppDeps, opts: { purchaseId?: string } = {}): Promise<number> {
  const prisma = deps.db.prisma;
  let applied = 0;
  let after = '';
  try {
    for (;;) {
      const rows = await prisma.webhookEvent.findMany({
        where: {
          provider: 'stripe',
          status: 'deferred',
          id: { gt: after },
          ...(opts.purchaseId
            ? { waitingFor: opts.purchaseId }
            : { OR: [{ waitingFor: null }, { waitingFor: { in: await paidAmong(deps, await waitedFor(deps)) } }] }),
        },
        orderBy: { id: 'asc' },
        take: DEFERRED_PAGE,
      });
      for (const row of rows) {
        const event = row.payload as unknown as Stripe.Event;
        const handler = STRIPE_HANDLERS.get(row.type);
        if (!handler) continue;
        let outcome: string;
        try {
          outcome = await runHandler(deps, handler, event);
        } catch (e) {
          if (!(e instanceof PurchaseNotPaidYet)) throw e;
          if (row.waitingFor !== e.purchaseId) await prisma.webhookEvent.update({ where: { id: row.id }, data: { waitingFor: e.purchaseId } });
          continue;
        }
        await prisma.webhookEvent.update({
          where: { id: row.id },
          data: { status: outcome.startsWith(IGNORED) ? 'ignored' : 'processed', processedAt: new Date(), error: null },
        });
        applied += 1;
      }
      if (rows.length < DEFERRED_PAGE) break;
      after = rows.at(-1)!.id;
    }
  } catch (err) {
    // Left deferred: the next payment, redelivery or reconciliation run applies it.
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'deferred stripe events not applied yet');
  }
  return applied;
}

/** The purchases deferred events wait for. */
async function waitedFor(deps: AppDeps): Promise<string[]> {
  const rows = await deps.db.prisma.webhookEvent.findMany({
    where: { provider: 'stripe', status: 'deferred', waitingFor: { not: null } },
    distinct: ['waitingFor'],
    select: { waitingFor: true },
  });
  return rows.map((r) => r.waitingFor!);
}

async function paidAmong(deps: AppDeps, purchaseIds: string[]): Promise<string[]> {
  if (!purchaseIds.length) return [];
  const rows = await deps.db.prisma.purchase.findMany({ where: { id: { in: purchaseIds }, paidAt: { not: null } }, select: { id: true } });
  return rows.map((r) => r.id);
}
