// Payouts through Stripe Connect: a person's earnings go to a Stripe Express account of their own. Stripe
// collects and checks the identity and the bank details (KYC) in its hosted onboarding; akut only keeps the
// account id and where the onboarding stands (account.updated, decision 081). This starts or resumes the
// onboarding: the connected account is made once per person (Stripe idempotency key plus a unique row), and a
// fresh single-use onboarding link is made each time.
import type Stripe from 'stripe';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { requirePayoutRail } from './payout-rails.ts';
import { stripeAccountKey } from './payout-idempotency-key.ts';
import { applyStripeAccount } from './apply-stripe-account.ts';

/** Where Stripe sends the person back: a path of akut's own (never another site). */
export function safeReturnPath(path: string | undefined): string {
  return path && /^\/(?!\/)[\w\-/.?=&%]*$/.test(path) ? path : '/suchende-dashboard?tab=payouts';
}

function withParam(path: string, key: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${key}=${value}`;
}

/** A call to Stripe that failed for a reason of Stripe's or the network's: STRIPE_UNAVAILABLE. */
async function callStripe<T>(deps: AppDeps, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, `stripe ${what} failed`);
    throw new AppError('STRIPE_UNAVAILABLE', { cause: err });
  }
}

export async function startStripeOnboarding(
  deps: AppDeps,
  userId: string,
  input: { returnPath?: string },
): Promise<{ url: string; methodId: string; created: boolean }> {
  requirePayoutRail(deps, 'stripe');
  const stripe = deps.money.stripe!;
  const prisma = deps.db.prisma;
  let method = await prisma.payoutMethod.findFirst({ where: { userId, type: 'stripe', deletedAt: null } });
  let created = false;
  if (!method) {
    const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    const account = await callStripe(deps, 'account create', () =>
      stripe.accounts.create(
        {
          type: 'express',
          email: user.email,
          capabilities: { transfers: { requested: true } },
          metadata: { akutUserId: userId },
        },
        { idempotencyKey: stripeAccountKey(userId) },
      ),
    );
    try {
      method = await prisma.payoutMethod.create({
        data: { userId, type: 'stripe', stripeAccountId: account.id, stripeStatus: 'onboarding', stripeStatusAt: new Date() },
      });
      created = true;
      await tellOwnChange(deps, userId, 'payout.method.added', { methodId: method.id });
    } catch (e) {
      // A second click at the same moment got the same account (same idempotency key) and stored it first.
      if (!isUniqueViolation(e)) throw e;
      method = await prisma.payoutMethod.findUniqueOrThrow({ where: { stripeAccountId: account.id } });
      if (method.deletedAt) method = await prisma.payoutMethod.update({ where: { id: method.id }, data: { deletedAt: null } });
    }
  }
  const back = safeReturnPath(input.returnPath);
  const link = await callStripe(deps, 'account link', () =>
    stripe.accountLinks.create({
      account: method.stripeAccountId!,
      type: 'account_onboarding',
      refresh_url: `${deps.config.appUrl}/api/payout-methods/stripe/onboarding?return=${encodeURIComponent(back)}`,
      return_url: `${deps.config.appUrl}${withParam(back, 'stripe', 'return')}`,
    }),
  );
  return { url: link.url, methodId: method.id, created };
}

/** After the person came back from Stripe: reads the account once, so the screen need not wait for the webhook. */
export async function refreshStripeAccount(deps: AppDeps, userId: string): Promise<void> {
  requirePayoutRail(deps, 'stripe');
  const method = await deps.db.prisma.payoutMethod.findFirst({ where: { userId, type: 'stripe', deletedAt: null } });
  if (!method?.stripeAccountId) throw new AppError('NOT_FOUND');
  const account: Stripe.Account = await callStripe(deps, 'account retrieve', () => deps.money.stripe!.accounts.retrieve(method.stripeAccountId!));
  await applyStripeAccount(deps, account);
}
