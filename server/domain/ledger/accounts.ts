// Ledger accounts: one per owner and purpose. The platform's accounts are owned by 'platform'.
import type { SqlTx } from '../../db.ts';
import { Prisma } from '../../generated/prisma/client.ts';

export const PLATFORM = 'platform';

// Paid and promotional Goints live in separate accounts (decision 019): a provider's wallet holds bought
// Goints, wallet_promo the welcome bonus, test-checkout and goodwill Goints; a request's escrow and
// escrow_promo hold what its unlocks paid of each. Promotional Goints only ever move between promotion,
// wallet_promo, escrow_promo and promotion_used, so they can never reach earnings, revenue or a payout.
export const ACCOUNT_KINDS = {
  /** A provider's paid Goints to spend. */
  wallet: { allowNegative: false },
  /** A provider's promotional Goints to spend (welcome bonus, test checkout, demo and goodwill credits). */
  wallet_promo: { allowNegative: false },
  /** A seeker's share of deals, to be paid out. */
  seeker_earnings: { allowNegative: false },
  /** A partner's commissions, to be paid out (only commissions whose refund window has passed). */
  partner_earnings: { allowNegative: false },
  /** A partner's commissions still in the refund window or held for review: not payable yet. */
  partner_pending: { allowNegative: false },
  /** Unlock fees of one request (owner: the request id), until a deal splits them or they are refunded. */
  escrow: { allowNegative: false },
  /** The promotional part of a request's unlock fees (owner: the request id). */
  escrow_promo: { allowNegative: false },
  /** The platform's share. */
  platform_revenue: { allowNegative: false },
  /** Source of welcome bonuses and goodwill credits: its balance is what promotions cost. */
  promotion: { allowNegative: true },
  /** Promotional Goints that completed deals consumed: a promotion cost, never revenue. */
  promotion_used: { allowNegative: false },
  /** Source of purchased Goints: its balance is minus what payments brought in. */
  payment_clearing: { allowNegative: true },
  /** Payouts requested and not yet paid. */
  payout_clearing: { allowNegative: false },
  /** What was paid out to people. */
  payouts_paid: { allowNegative: false },
} as const;

export type AccountKind = keyof typeof ACCOUNT_KINDS;

/** The accounts promotional Goints move between; no transaction takes Goints out of this circle. */
export const PROMO_KINDS: readonly AccountKind[] = ['promotion', 'wallet_promo', 'escrow_promo', 'promotion_used'];

export interface AccountRef {
  kind: AccountKind;
  ownerId: string;
}

export const account = {
  wallet: (userId: string): AccountRef => ({ kind: 'wallet', ownerId: userId }),
  walletPromo: (userId: string): AccountRef => ({ kind: 'wallet_promo', ownerId: userId }),
  seekerEarnings: (userId: string): AccountRef => ({ kind: 'seeker_earnings', ownerId: userId }),
  partnerEarnings: (userId: string): AccountRef => ({ kind: 'partner_earnings', ownerId: userId }),
  partnerPending: (userId: string): AccountRef => ({ kind: 'partner_pending', ownerId: userId }),
  escrow: (requestId: string): AccountRef => ({ kind: 'escrow', ownerId: requestId }),
  escrowPromo: (requestId: string): AccountRef => ({ kind: 'escrow_promo', ownerId: requestId }),
  platformRevenue: (): AccountRef => ({ kind: 'platform_revenue', ownerId: PLATFORM }),
  promotion: (): AccountRef => ({ kind: 'promotion', ownerId: PLATFORM }),
  promotionUsed: (): AccountRef => ({ kind: 'promotion_used', ownerId: PLATFORM }),
  paymentClearing: (): AccountRef => ({ kind: 'payment_clearing', ownerId: PLATFORM }),
  payoutClearing: (): AccountRef => ({ kind: 'payout_clearing', ownerId: PLATFORM }),
  payoutsPaid: (): AccountRef => ({ kind: 'payouts_paid', ownerId: PLATFORM }),
};

export const refKey = (ref: AccountRef) => `${ref.kind}:${ref.ownerId}`;

/**
 * Creates these accounts (balance 0) where they do not exist yet, in one statement. ON CONFLICT DO NOTHING: two
 * statements creating the same account at once both go on (neither aborts); the booking that follows, a
 * statement of its own, finds an account another one created meanwhile too.
 */
export async function createAccounts(tx: SqlTx, refs: readonly AccountRef[]): Promise<void> {
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const wanted = Prisma.join(unique.map((r) => Prisma.sql`(${r.kind}::text, ${r.ownerId}::text, ${ACCOUNT_KINDS[r.kind].allowNegative}::boolean)`));
  await tx.$executeRaw`
    INSERT INTO "LedgerAccount" ("id", "kind", "ownerId", "allowNegative", "balance", "createdAt")
    SELECT gen_random_uuid()::text, w."kind", w."ownerId", w."allowNegative", 0, now() AT TIME ZONE 'UTC'
    FROM (VALUES ${wanted}) AS w ("kind", "ownerId", "allowNegative")
    ON CONFLICT ("kind", "ownerId") DO NOTHING`;
}
