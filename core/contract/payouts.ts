// The endpoints of a person's money out and what it is paid from: payout methods (PayPal, bank, Stripe Connect),
// payouts and the wallet (server/http/payouts.ts and deals.ts define the routes; the admins' queue, SEPA files and
// Stripe's onboarding redirect are not the payout screens' and stay beside their routes).
import { z } from 'zod';
import { STRIPE_ACCOUNT_STATUSES } from '../api/payouts.ts';
import { endpoint } from './endpoint.ts';
import { idParams, okResponse } from './common.ts';

/** A path of akut's own to come back to from Stripe. */
export const stripeReturnPath = z.string().trim().max(300).optional().describe("A path of akut's own to come back to from Stripe");

/** The person's input for a new method; the domain checks the address, the IBAN and the BIC (payout-methods.ts). */
export const payoutMethodInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paypal'), email: z.string().trim().max(200).optional() }),
  z.object({
    type: z.literal('bank'),
    iban: z.string().trim().max(64).optional(),
    accountHolder: z.string().trim().max(140).optional(),
    bic: z.string().trim().max(20).optional(),
    bankName: z.string().trim().max(140).optional(),
  }),
]);

export const PAYOUT_SOURCES = ['seeker_earnings', 'partner_earnings'] as const;

export const requestPayoutInput = z.object({
  amountCents: z.number().int().positive().max(100_000_000),
  methodId: z.uuid(),
  source: z.enum(PAYOUT_SOURCES).default('seeker_earnings'),
  idempotencyKey: z.string().trim().min(8).max(100),
});

export const payoutMethodSchema = z.object({
  id: z.string(),
  type: z.enum(['paypal', 'bank', 'stripe']),
  paypalEmail: z.string().nullable(),
  iban: z.string().nullable().describe('The IBAN in blocks of four (only to its owner)'),
  ibanLast4: z.string().nullable(),
  bic: z.string().nullable(),
  accountHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  stripeAccountLast4: z.string().nullable(),
  stripeStatus: z.enum(STRIPE_ACCOUNT_STATUSES).nullable().describe('Stripe Connect: onboarding | pending (Stripe checks) | enabled | restricted'),
  stripeStatusReason: z.string().nullable(),
  available: z.boolean().describe('false: payouts of this kind are off in this installation'),
  verified: z.boolean(),
  createdAt: z.string(),
});

export const payoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  method: z.object({
    id: z.string(),
    type: z.string(),
    label: z.string().describe("In the request's language"),
    stripeAccountLast4: z.string().nullable().describe('Stripe Connect: the last four characters of the account, for the screens to name it'),
  }),
  source: z.string(),
  status: z.string().describe('requested | held (for review) | approved | processing (shown as pending) | paid | failed | rejected'),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  stripeReversedCents: z.number().int().describe('Stripe Connect: what reversals of the transfer returned to the earnings (decision 088)'),
});

export const walletSchema = z.object({
  goints: z.number().int().describe('Goints to spend, paid and promotional together'),
  promoGoints: z.number().int().describe('The promotional part (welcome bonus, test checkout, goodwill): spent first, never paid out'),
  earnings: z.object({ goints: z.number().int(), cents: z.number().int() }),
  partnerEarnings: z.object({ goints: z.number().int(), cents: z.number().int() }),
  movements: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      kind: z.string(),
      account: z.string(),
      goints: z.number(),
      balanceAfter: z.number(),
      reference: z.string().nullable(),
    }),
  ),
});

const methodsResponse = z.object({ methods: z.array(payoutMethodSchema) });

export const payoutsContract = {
  methods: endpoint({ method: 'get', path: '/api/payout-methods', response: methodsResponse }),
  addMethod: endpoint({ method: 'post', path: '/api/payout-methods', body: payoutMethodInput, status: 201, response: payoutMethodSchema }),
  startStripe: endpoint({
    method: 'post',
    path: '/api/payout-methods/stripe',
    body: z.object({ returnPath: stripeReturnPath }),
    response: z.object({ url: z.string(), methodId: z.string(), created: z.boolean() }),
  }),
  refreshStripe: endpoint({ method: 'post', path: '/api/payout-methods/stripe/refresh', response: methodsResponse }),
  removeMethod: endpoint({ method: 'delete', path: '/api/payout-methods/:id', params: idParams, response: okResponse }),
  payouts: endpoint({ method: 'get', path: '/api/payouts', response: z.object({ payouts: z.array(payoutSchema) }) }),
  request: endpoint({
    method: 'post',
    path: '/api/payouts',
    body: requestPayoutInput,
    status: 201,
    response: z.object({ payoutId: z.string(), repeated: z.boolean() }),
  }),
  wallet: endpoint({ method: 'get', path: '/api/wallet', response: walletSchema }),
};
