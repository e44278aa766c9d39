// POST /api/stripe/webhook: the signature is checked on the raw body (400 and nothing credited when it is
// wrong or missing); every event is recorded by its id and processed once; one handler file per event
// type. A refund or dispute that arrives before its payment is accepted and kept ('deferred'); it is applied
// as soon as the payment is credited (by its webhook or the reconciliation job). Races between concurrent
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
import { PurchaseNotPaidYet } from '../../domain/shop/reverse-purchase.ts';
import { isRetryable, isUniqueViolation } from '../../db/tx.ts';

type Handler = (deps: AppDeps, event: Stripe.Event) => Promise<string>;

export const STRIPE_HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': checkoutSessionCompleted,
  'checkout.session.async_payment_succeeded': checkoutSessionAsyncPaymentSucceeded,
  'checkout.session.async_payment_failed': checkoutSessionUnpaid,
  'checkout.session.expired': checkoutSessionUnpaid,
  'charge.refunded': chargeRefunded,
  'charge.dispute.created': chargeDisputeCreated,
};

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
    event = stripe.webhooks.constructEvent(rawBody, signature, deps.config.stripe.webhookSecret);
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
  const handler = STRIPE_HANDLERS[event.type];
  if (!handler) {
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { status: 'ignored', processedAt: new Date() } });
    return { id: event.id, type: event.type, outcome: 'ignored', duplicate: false };
  }
  try {
    const outcome = await runHandler(deps, handler, event);
    await prisma.webhookEvent.update({
      where: { id: event.id },
      data: { status: 'processed', processedAt: new Date(), attempts: { increment: 1 }, error: null },
    });
    if (event.type.startsWith('checkout.session.')) await applyDeferredStripeEvents(deps);
    return { id: event.id, type: event.type, outcome, duplicate: false };
  } catch (err) {
    if (err instanceof PurchaseNotPaidYet) {
      // Kept (never over a processed row); then applied at once if the payment was credited meanwhile.
      await prisma.webhookEvent.updateMany({
        where: { id: event.id, status: { notIn: ['processed', 'ignored'] } },
        data: { status: 'deferred', attempts: { increment: 1 }, error: 'waiting for its payment' },
      });
      await applyDeferredStripeEvents(deps);
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

/**
 * Refunds and disputes that arrived before their payment: each is applied once its purchase is paid (the
 * reversal is idempotent, so two callers applying the same event book it once). Called after a payment is
 * credited and after an event is deferred, so whichever of the two commits last applies it.
 */
export async function applyDeferredStripeEvents(deps: AppDeps): Promise<number> {
  const prisma = deps.db.prisma;
  let applied = 0;
  try {
    const rows = await prisma.webhookEvent.findMany({ where: { provider: 'stripe', status: 'deferred' }, orderBy: { receivedAt: 'asc' }, take: 100 });
    for (const row of rows) {
      const event = row.payload as unknown as Stripe.Event;
      const handler = STRIPE_HANDLERS[row.type];
      if (!handler) continue;
      try {
        await runHandler(deps, handler, event);
      } catch (e) {
        if (e instanceof PurchaseNotPaidYet) continue;
        throw e;
      }
      await prisma.webhookEvent.update({ where: { id: row.id }, data: { status: 'processed', processedAt: new Date(), error: null } });
      applied += 1;
    }
  } catch (err) {
    // Left deferred: the next payment, redelivery or reconciliation run applies it.
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'deferred stripe events not applied yet');
  }
  return applied;
}
