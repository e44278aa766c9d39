// checkout.session.async_payment_succeeded: a delayed payment arrived → the Goints are credited.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { fulfillPurchase } from '../../../domain/shop/fulfill-purchase.ts';
import { purchaseOfSession } from './purchase-of.ts';

export async function checkoutSessionAsyncPaymentSucceeded(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const session = event.data.object as Stripe.Checkout.Session;
  const purchaseId = await purchaseOfSession(deps, session);
  if (!purchaseId) return 'ignored: no purchase';
  const r = await fulfillPurchase(deps, purchaseId, {
    paymentIntentId: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
  });
  return r.credited ? 'credited' : 'already credited';
}
