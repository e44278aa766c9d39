// Payout methods and payouts as their owners and the admins see them (server/http/payouts.ts).
import type { z } from 'zod';
import type { payoutMethodSchema, payoutSchema } from '../contract/payouts.ts';
import type { adminPayoutSchema, sepaBatchSchema } from '../contract/admin-payouts.ts';
/** Where a Stripe Connect account stands (from Stripe's account.updated events). */
export const STRIPE_ACCOUNT_STATUSES = ['onboarding', 'pending', 'enabled', 'restricted'] as const;
export type StripeAccountStatus = (typeof STRIPE_ACCOUNT_STATUSES)[number];

/** A payout method and a payout as their owner sees them: the responses of their endpoints (core/contract/payouts.ts). */
export type PayoutMethodView = z.output<typeof payoutMethodSchema>;
export type PayoutView = z.output<typeof payoutSchema>;

/** Why a payout is held for review (payout machine: 'held'; decision 019). */
export const HOLD_REASONS = ['same_payout_account', 'same_email_pattern', 'same_signup_network'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** A payout and a SEPA batch as the admins see them: the responses of their endpoints (core/contract/admin-payouts.ts). */
export type AdminPayout = z.output<typeof adminPayoutSchema>;
export type SepaBatchView = z.output<typeof sepaBatchSchema>;
