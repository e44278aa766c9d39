// Payout methods and payouts as the payout doors answer them (server/http/payouts.ts).
import { api } from '@/lib/api';
import type { PayoutMethodView, PayoutView } from '../../../core/api/payouts.ts';
import type { Wallet } from '../../../core/api/shop.ts';

export type PayoutSource = 'seeker_earnings' | 'partner_earnings';

export type PayoutMethod = PayoutMethodView;

export type Payout = PayoutView;

export type { Wallet };

export type NewPayoutMethod = { type: 'paypal'; email: string } | { type: 'bank'; iban: string; accountHolder: string; bic?: string; bankName?: string };

export const payoutsApi = {
  methods: () => api<{ methods: PayoutMethod[] }>('/api/payout-methods'),
  addMethod: (body: NewPayoutMethod) => api<PayoutMethod>('/api/payout-methods', { method: 'POST', body }),
  startStripe: (returnPath: string) =>
    api<{ url: string; methodId: string; created: boolean }>('/api/payout-methods/stripe', { method: 'POST', body: { returnPath } }),
  refreshStripe: () => api<{ methods: PayoutMethod[] }>('/api/payout-methods/stripe/refresh', { method: 'POST' }),
  removeMethod: (id: string) => api<{ ok: true }>(`/api/payout-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  payouts: () => api<{ payouts: Payout[] }>('/api/payouts'),
  request: (body: { amountCents: number; methodId: string; source: PayoutSource; idempotencyKey: string }) =>
    api<{ payoutId: string; repeated: boolean }>('/api/payouts', { method: 'POST', body }),
  wallet: () => api<Wallet>('/api/wallet'),
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
