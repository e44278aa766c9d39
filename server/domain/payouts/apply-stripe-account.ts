// Where a Stripe Connect account stands, from Stripe's account.updated event (or a read after the person came
// back from the onboarding): enabled once transfers are active and Stripe pays out to the bank; pending while
// Stripe checks what was submitted; onboarding while details are missing; restricted when Stripe disabled it.
// Only a change is stored and told to the person.
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import type { StripeAccountStatus } from '../../../core/api/payouts.ts';

export function stripeAccountStatus(a: Pick<Stripe.Account, 'details_submitted' | 'payouts_enabled' | 'capabilities' | 'requirements'>): {
  status: StripeAccountStatus;
  reason: string | null;
} {
  const reason = a.requirements?.disabled_reason ?? null;
  if (a.capabilities?.transfers === 'active' && a.payouts_enabled) return { status: 'enabled', reason: null };
  if (!a.details_submitted) return { status: 'onboarding', reason };
  if (!reason || reason.includes('pending_verification')) return { status: 'pending', reason };
  return { status: 'restricted', reason };
}

/** Applies an account's state; 'unknown account' when it is not one of akut's connected accounts. */
export async function applyStripeAccount(deps: AppDeps, account: Stripe.Account): Promise<string> {
  const prisma = deps.db.prisma;
  const method = await prisma.payoutMethod.findUnique({ where: { stripeAccountId: account.id } });
  if (!method) return 'ignored: unknown account';
  const { status, reason } = stripeAccountStatus(account);
  if (method.stripeStatus === status && method.stripeStatusReason === reason) return `unchanged: ${status}`;
  await prisma.payoutMethod.update({
    where: { id: method.id },
    data: {
      stripeStatus: status,
      stripeStatusReason: reason,
      stripeStatusAt: new Date(),
      // Stripe checked the identity and the bank account: the method counts as verified while it is enabled.
      verified: status === 'enabled',
      ...(status === 'enabled' && !method.verifiedAt ? { verifiedAt: new Date() } : {}),
    },
  });
  await deps.bus
    .publish({ type: 'payout.method.updated', to: { userId: method.userId }, payload: { methodId: method.id, stripeStatus: status } })
    .catch(() => {});
  return `status ${status}`;
}
