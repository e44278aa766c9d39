// Payout methods and payouts as their owners and the admins see them (server/http/payouts.ts).
/** Where a Stripe Connect account stands (from Stripe's account.updated events). */
export const STRIPE_ACCOUNT_STATUSES = ['onboarding', 'pending', 'enabled', 'restricted'] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

export interface PayoutMethodView {
  id: string;
  type: 'paypal' | 'bank' | 'stripe';
  paypalEmail: string | null;
  /** The IBAN in blocks of four (for its owner only). */
  iban: string | null;
  ibanLast4: string | null;
  bic: string | null;
  accountHolder: string | null;
  bankName: string | null;
  /** Stripe Connect: the last four characters of the connected account, its status and Stripe's reason while it is not enabled. */
  stripeAccountLast4: string | null;
  stripeStatus: StripeAccountStatus | null;
  stripeStatusReason: string | null;
  /** false when payouts of this kind are off in this installation (decision 081): it stays listed but cannot be chosen. */
  available: boolean;
  verified: boolean;
  createdAt: string;
}

export interface PayoutView {
  id: string;
  amountCents: number;
  method: { id: string; type: string; label: string };
  source: string;
  status: string;
  requestedAt: string;
  processedAt: string | null;
  failureReason: string | null;
  /** Stripe Connect: what reversals of the transfer returned to the earnings (decision 086); the rest was or will be paid. */
  stripeReversedCents: number;
}

export interface AdminPayout {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  amountCents: number;
  source: string;
  status: string;
  method: { type: string; label: string; accountHolder: string | null; verified: boolean };
  sepaBatchId: string | null;
  paypalBatchId: string | null;
  failureReason: string | null;
  /** Stripe Connect: what reversals of the transfer returned to the earnings (decision 086). */
  stripeReversedCents: number;
  /** Why it is held for review (status 'held'): same_payout_account | same_email_pattern | same_signup_network. */
  holdReasons: string[];
  requestedAt: string;
}

export interface SepaBatchView {
  id: string;
  messageId: string;
  status: string;
  count: number;
  totalCents: number;
  createdAt: string;
  sentAt: string | null;
  paidAt: string | null;
}
