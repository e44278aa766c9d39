// account.updated (Connect): where a connected account's onboarding stands. The account is read again from
// Stripe, so an older event delivered late never overwrites a newer state.
import type Stripe from 'stripe';
import type { AppDeps } from '../../../deps.ts';
import { applyStripeAccount } from '../../../domain/payouts/apply-stripe-account.ts';

export async function accountUpdated(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const sent = event.data.object as Stripe.Account;
  const known = await deps.db.prisma.payoutMethod.findUnique({ where: { stripeAccountId: sent.id }, select: { id: true } });
  if (!known) return 'ignored: unknown account';
  const current = await deps.money.stripe!.accounts.retrieve(sent.id);
  return applyStripeAccount(deps, current);
}
