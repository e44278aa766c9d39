// Payout methods and payouts as their owners and the admins see them (server/http/payouts.ts).
import type { z } from 'zod';
import type { payoutMethodSchema, payoutSchema } from '../contract/payouts.ts';
/** Where a Stripe Connect account stands (from Stripe's account.updated events). */
export const STRIPE_ACCOUNT_STATUSES = ['onboarding', 'pending', 'enabled', 'restricted'] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

/** A payout method and a payout as their owner sees them: the responses of their endpoints (core/contract/payouts.ts). */
export type PayoutMethodView = z.output<typeof payoutMethodSchema>;
export type PayoutView = z.output<typeof payoutSchema>;

export interface AdminPayout {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  amountCents: number;
  source: string;
  status: string;
  method: { type: string; label: string; stripeAccountLast4: string | null; accountHolder: string | null; verified: boolean };
  sepaBatchId: string | null;
  paypalBatchId: string | null;
  failureReason: string | null;
  /** Stripe Connect: what reversals of the transfer returned to the earnings (decision 088). */
  stripeReversedCents: number;
  /** Why it is held for review (status 'held'): same_payout_account | same_email_pattern | same_signup_network. */
  holdReasons: string[];
  requestedAt: string;
  /** When it was paid (status 'paid'). */
  paidAt: string | null;
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
