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
  const id = metadata?.purchaseId ?? (typeof paymentIntent === 'object' ? paymentIntent?.metadata?.purchaseId : undefined);
  if (id) {
    const p = await deps.db.prisma.purchase.findUnique({ where: { id }, select: { id: true, paidAt: true } });
    if (p && !p.paidAt) throw new PurchaseNotPaidYet(id);
    if (p) return p.id;
  }
  // The payment's own event may not have been processed yet: ask Stripe to deliver this one again.
  if (piId) throw new PurchaseNotPaidYet(piId);
  return null;
}
