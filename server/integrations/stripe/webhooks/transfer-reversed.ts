// transfer.reversed: a transfer to a connected account was taken back, whole or in part (by akut after a failed
// bank payout, or by an admin in Stripe's dashboard): a payout in flight wholly reversed fails and its amount
// returns; a part, or a reversal after the payout was paid, returns that part to the earnings (decision 088).
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { applyStripeTransferReversal } from '../../../domain/payouts/send-stripe-transfer.ts';
import { tell } from '../../../domain/payouts/admin-payouts.ts';

export async function transferReversed(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const transfer = event.data.object as Stripe.Transfer;
  const { outcome, reversedCents } = await applyStripeTransferReversal(deps, transfer);
  const p = await deps.db.prisma.payout.findUnique({ where: { stripeTransferId: transfer.id }, select: { id: true, userId: true } });
  if (p && outcome === 'failed') await tell(deps, p.id);
  if (p && reversedCents > 0) {
    // What came back now, for the person's notice to name (the payout's record holds the sum of all reversals).
    await deps.bus.publish({ type: 'payout.reversed', to: { userId: p.userId }, payload: { payoutId: p.id, reversedCents } }).catch(() => {});
    deps.mailer.flush();
  }
  return outcome;
}
