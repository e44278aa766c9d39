// charge.refunded: the refunded share of a purchase's Goints is taken back (what is spent is recorded as owed).
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { reversePurchase } from '../../../domain/shop/reverse-purchase.ts';
import { purchaseOfPaymentIntent } from './purchase-of.ts';

export async function chargeRefunded(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const charge = event.data.object as Stripe.Charge;
  const purchaseId = await purchaseOfPaymentIntent(deps, charge.payment_intent, charge.metadata);
  if (!purchaseId) return 'ignored: no purchase';
  const r = await reversePurchase(deps, purchaseId, charge.amount_refunded, 'refund');
  return `reversed ${r.reversedGoints}, owed ${r.owedGoints}`;
}
