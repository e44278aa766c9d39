// Which ways out this installation offers (decision 081). Stripe Connect and PayPal's Payouts API move the
// money as licensed providers; a SEPA file from the operator's bank account and a PayPal payout made by hand
// from the operator's PayPal account move it through the operator, which only operators who declared they may
// (OWN_ACCOUNT_PAYOUTS=on) can use. Every door that adds a method, asks for, approves or completes a payout
// asks here first.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';

export type PayoutMethodType = 'paypal' | 'bank' | 'stripe';

export function payoutRailOpen(deps: Pick<AppDeps, 'config' | 'money'>, type: string): boolean {
  if (type === 'stripe') return deps.config.stripeConnect && deps.money.stripe !== null;
  if (type === 'paypal') return deps.money.paypal !== null || deps.config.ownAccountPayouts;
  if (type === 'bank') return deps.config.ownAccountPayouts;
  return false;
}

/** Throws PAYOUT_METHOD_UNAVAILABLE when payouts of this kind are off here. */
export function requirePayoutRail(deps: Pick<AppDeps, 'config' | 'money'>, type: string): void {
  if (!payoutRailOpen(deps, type)) throw new AppError('PAYOUT_METHOD_UNAVAILABLE');
}
