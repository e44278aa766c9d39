// Payout methods, payouts and the wallet through their endpoints (core/contract/payouts.ts, decision 084).
import { call } from '@/lib/contract-client';
import type { BodyOf } from '../../../core/contract/endpoint.ts';
import { PAYOUT_SOURCES, payoutsContract } from '../../../core/contract/payouts.ts';
import type { PayoutMethodView, PayoutView } from '../../../core/api/payouts.ts';
import type { Wallet } from '../../../core/api/shop.ts';

export type PayoutSource = (typeof PAYOUT_SOURCES)[number];

export type PayoutMethod = PayoutMethodView;

export type Payout = PayoutView;

export type { Wallet };

/** What the add-method forms send: the endpoint's input. */
export type NewPayoutMethod = BodyOf<typeof payoutsContract.addMethod>;

export const payoutsApi = {
  methods: () => call(payoutsContract.methods),
  addMethod: (body: NewPayoutMethod) => call(payoutsContract.addMethod, { body }),
  startStripe: (returnPath: string) => call(payoutsContract.startStripe, { body: { returnPath } }),
  refreshStripe: () => call(payoutsContract.refreshStripe),
  removeMethod: (id: string) => call(payoutsContract.removeMethod, { params: { id } }),
  payouts: () => call(payoutsContract.payouts),
  request: (body: BodyOf<typeof payoutsContract.request>) => call(payoutsContract.request, { body }),
  wallet: () => call(payoutsContract.wallet),
};

/** The live events the server sends a person about their payouts. */
export const PAYOUT_EVENTS = ['payout.approved', 'payout.processing', 'payout.paid', 'payout.failed', 'payout.rejected', 'payout.reversed'] as const;

/**
 * Live events after which the earnings differ: the payout steps, a deal completed (the seeker's share), and the
 * person's own payout requests and methods (also when made by chat in another tab).
 */
export const WALLET_EVENTS = [
  ...PAYOUT_EVENTS,
  'deal.completed',
  'payout.requested',
  'payout.method.added',
  'payout.method.removed',
  'payout.method.updated',
] as const;

/** A method a payout can go to now: offered here, and for Stripe, checked by Stripe. */
export const usableMethod = (m: PayoutMethod) => m.available && (m.type !== 'stripe' || m.stripeStatus === 'enabled');

/** The euro cents a source holds in the wallet. */
export const availableCents = (wallet: Wallet, source: PayoutSource) => (source === 'partner_earnings' ? wallet.partnerEarnings.cents : wallet.earnings.cents);
