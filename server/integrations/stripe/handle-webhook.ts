// POST /api/stripe/webhook: the signature is checked on the raw body (400 and nothing credited when it is
// wrong or missing); every event is recorded by its id and processed once; one handler file per event
// type. A handler that cannot run yet (a refund before its payment) or fails answers 500, and Stripe
// delivers the event again.
import type Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../deps.ts';
import { checkoutSessionCompleted } from './webhooks/checkout-session-completed.ts';
import { checkoutSessionAsyncPaymentSucceeded } from './webhooks/checkout-session-async-payment-succeeded.ts';
import { checkoutSessionUnpaid } from './webhooks/checkout-session-unpaid.ts';
import { chargeRefunded } from './webhooks/charge-refunded.ts';
import { chargeDisputeCreated } from './webhooks/charge-dispute-created.ts';

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
  await prisma.webhookEvent.createMany({ data: [{ id: event.id, provider: 'stripe', type: event.type, payload: JSON.parse(rawBody.toString('utf8')) }], skipDuplicates: true });
  const row = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: event.id } });
  if (row.status === 'processed' || row.status === 'ignored') return { id: event.id, type: event.type, outcome: 'already processed', duplicate: true };
  const handler = STRIPE_HANDLERS[event.type];
  if (!handler) {
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { status: 'ignored', processedAt: new Date() } });
    return { id: event.id, type: event.type, outcome: 'ignored', duplicate: false };
  }
  try {
    const outcome = await handler(deps, event);
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { status: 'processed', processedAt: new Date(), attempts: { increment: 1 }, error: null } });
    return { id: event.id, type: event.type, outcome, duplicate: false };
  } catch (err) {
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { status: 'failed', attempts: { increment: 1 }, error: err instanceof Error ? err.message : String(err) } }).catch(() => {});
    deps.logger.warn({ eventId: event.id, type: event.type, err: err instanceof Error ? err.message : String(err) }, 'stripe webhook not processed; Stripe will retry');
    throw new AppError('INTERNAL', { cause: err });
  }
}
