// transfer.reversed: a transfer to a connected account was taken back (by akut after a failed bank payout, or
// by an admin in Stripe's dashboard): the payout in flight fails and its amount returns to the earnings.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { applyStripeTransferReversal } from '../../../domain/payouts/send-stripe-transfer.ts';
import { tell } from '../../../domain/payouts/admin-payouts.ts';

export async function transferReversed(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const transfer = event.data.object as Stripe.Transfer;
  const outcome = await applyStripeTransferReversal(deps, transfer);
  if (outcome === 'failed') {
    const p = await deps.db.prisma.payout.findUnique({ where: { stripeTransferId: transfer.id }, select: { id: true } });
    if (p) await tell(deps, p.id);
  }
  return outcome;
}
