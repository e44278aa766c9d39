// checkout.session.async_payment_failed and checkout.session.expired: nothing is credited; the purchase
// shows that it failed or expired (a paid purchase is never touched by these).
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { markPurchaseUnpaid } from '../../../domain/shop/fulfill-purchase.ts';
import { purchaseOfSession } from './purchase-of.ts';

export async function checkoutSessionUnpaid(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const session = event.data.object as Stripe.Checkout.Session;
  const purchaseId = await purchaseOfSession(deps, session);
  if (!purchaseId) return 'ignored: no purchase';
  await markPurchaseUnpaid(deps, purchaseId, event.type === 'checkout.session.expired' ? 'expired' : 'failed');
  return 'marked unpaid';
}
