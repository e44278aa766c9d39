// Which purchase an event belongs to: by our id in the session (client_reference_id, metadata), or by the
// payment intent stored when the purchase was paid.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { PurchaseNotPaidYet } from '../../../domain/shop/reverse-purchase.ts';

export async function purchaseOfSession(deps: AppDeps, session: Stripe.Checkout.Session): Promise<string | null> {
  const id = session.client_reference_id ?? session.metadata?.purchaseId ?? null;
  if (id && (await deps.db.prisma.purchase.findUnique({ where: { id }, select: { id: true } }))) return id;
  const bySession = await deps.db.prisma.purchase.findUnique({ where: { checkoutSessionId: session.id }, select: { id: true } });
  return bySession?.id ?? null;
}

/**
 * The purchase of a refund's or dispute's payment intent; null when the payment is not akut's (another
 * integration on the same Stripe account), so the event is recorded as ignored instead of waiting for ever.
 * A payment intent we have not stored yet (its payment's event has not come) is asked of Stripe: ours carry
 * our purchase id (Checkout's payment_intent_data); a refund of it waits for its payment (PurchaseNotPaidYet).
 */
export async function purchaseOfPaymentIntent(
  deps: AppDeps,
  paymentIntent: string | Stripe.PaymentIntent | null,
  metadata?: Stripe.Metadata | null,
): Promise<string | null> {
  const piId = typeof paymentIntent === 'string' ? paymentIntent : (paymentIntent?.id ?? null);
  if (piId) {
    const byPi = await deps.db.prisma.purchase.findUnique({ where: { paymentIntentId: piId }, select: { id: true } });
    if (byPi) return byPi.id;
  }
  let id: string | null | undefined = metadata?.purchaseId ?? (typeof paymentIntent === 'object' ? paymentIntent?.metadata?.purchaseId : undefined);
  if (!id && piId) id = await purchaseIdAtStripe(deps, piId);
  if (!id) return null;
  const p = await deps.db.prisma.purchase.findUnique({ where: { id }, select: { id: true, paidAt: true } });
  if (!p) return null;
  // The payment's own event may not have been processed yet: kept until it is (handle-webhook.ts).
  if (!p.paidAt) throw new PurchaseNotPaidYet(p.id);
  return p.id;
}

/** Our purchase id on the payment intent at Stripe; null for a payment intent Stripe does not know of ours. */
async function purchaseIdAtStripe(deps: AppDeps, piId: string): Promise<string | null> {
  const stripe = deps.money.stripe;
  if (!stripe) return null;
  try {
    const pi = await stripe.paymentIntents.retrieve(piId);
    return pi.metadata?.purchaseId ?? null;
  } catch (err) {
    // Unknown to Stripe under our key: not ours. Anything else (Stripe unreachable) is tried again later.
    if ((err as { statusCode?: number }).statusCode === 404) return null;
    throw err;
  }
}
