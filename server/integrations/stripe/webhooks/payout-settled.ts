// payout.paid and payout.failed (Connect, event.account set): the connected account's payout to the person's
// bank. Paid: akut's payouts in flight to that account are 'Ausgezahlt'. Failed: their transfers are taken back
// and the amounts return to the earnings; the person is told why.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { settleStripeAccountPayout } from '../../../domain/payouts/send-stripe-transfer.ts';
import { tell } from '../../../domain/payouts/admin-payouts.ts';

export async function payoutSettled(deps: AppDeps, event: Stripe.Event): Promise<string> {
  if (!event.account) return 'ignored: not a connected account';
  const payout = event.data.object as Stripe.Payout;
  if (payout.status !== 'paid' && payout.status !== 'failed') return `ignored: ${payout.status}`;
  const r = await settleStripeAccountPayout(deps, event.account, payout);
  for (const id of r.payoutIds) await tell(deps, id);
  return r.outcome;
}
