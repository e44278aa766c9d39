// checkout.session.completed: paid at once (cards) → the Goints are credited; unpaid (delayed methods) →
// the purchase waits for checkout.session.async_payment_succeeded.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { fulfillPurchase, markPurchaseProcessing } from '../../../domain/shop/fulfill-purchase.ts';
import { purchaseOfSession } from './purchase-of.ts';

export async function checkoutSessionCompleted(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const session = event.data.object as Stripe.Checkout.Session;
  const purchaseId = await purchaseOfSession(deps, session);
  if (!purchaseId) return 'ignored: no purchase';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    const r = await fulfillPurchase(deps, purchaseId, {
      paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    });
    return r.credited ? 'credited' : 'already credited';
  }
  await markPurchaseProcessing(deps, purchaseId);
  return 'awaiting payment';
}
