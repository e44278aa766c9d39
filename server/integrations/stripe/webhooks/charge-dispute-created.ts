// charge.dispute.created: a disputed payment is treated like a full refund until it is decided.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { reversePurchase } from '../../../domain/shop/reverse-purchase.ts';
import { purchaseOfPaymentIntent } from './purchase-of.ts';

export async function chargeDisputeCreated(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const dispute = event.data.object as Stripe.Dispute;
  const purchaseId = await purchaseOfPaymentIntent(deps, dispute.payment_intent, dispute.metadata);
  if (!purchaseId) return 'ignored: no purchase';
  const p = await deps.db.prisma.purchase.findUniqueOrThrow({ where: { id: purchaseId }, select: { grossCents: true } });
  const r = await reversePurchase(deps, purchaseId, p.grossCents, 'dispute');
  return `reversed ${r.reversedGoints}, owed ${r.owedGoints}`;
}
