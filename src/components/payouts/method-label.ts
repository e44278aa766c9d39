// How the screens name where a payout goes. A Stripe account is named from one key, payouts:stripe.account
// ('Stripe-Konto •••• 1234' / 'Stripe account •••• 1234'), the key the server's label and mails use too, in the
// page's language as it is now (also after switching language, without loading the list again).
import type { TFunction } from 'i18next';

/** A Stripe Connect account by the last four characters of its id. */
export function stripeAccountName(t: TFunction<string>, last4: string | null): string {
  return t('payouts:stripe.account', { last4: last4 ?? '' });
}

/** A payout's method in a list of payouts: 'PayPal · address', 'IBAN •••• 1234' or the Stripe account. */
export function payoutMethodText(t: TFunction<string>, method: { type: string; label: string; stripeAccountLast4: string | null }): string {
  if (method.type === 'stripe') return stripeAccountName(t, method.stripeAccountLast4);
  return method.type === 'paypal' ? `PayPal · ${method.label}` : method.label;
}
