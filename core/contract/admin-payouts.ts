// The admins' payout queue and SEPA batches (server/http/payouts.ts defines the routes; the SEPA file is XML and
// stays outside the contract, like PayPal's webhook).
import { z } from 'zod';
import { HOLD_REASONS } from '../api/payouts.ts';
import { PAYOUT_STATUSES } from '../statuses.ts';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

/** An admin's reason for rejecting a payout (the person reads it in the mail): the same rule for both doors. */
export const payoutRejectReason = z.string().trim().min(3).max(300);

export const adminPayoutSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  amountCents: z.number().int(),
  source: z.string(),
  status: z.string(),
  method: z.object({
    type: z.string(),
    label: z.string().describe("In the request's language"),
    stripeAccountLast4: z.string().nullable(),
    accountHolder: z.string().nullable(),
    verified: z.boolean(),
  }),
  sepaBatchId: z.string().nullable(),
  paypalBatchId: z.string().nullable(),
  failureReason: z.string().nullable(),
  stripeReversedCents: z.number().int().describe('Stripe Connect: the part of the transfer reversed and returned to the earnings (decision 088)'),
  holdReasons: z.array(z.enum(HOLD_REASONS)).describe("Why it is held for review (status 'held')"),
  requestedAt: z.string(),
  paidAt: z.string().nullable().describe("When it was paid (status 'paid')"),
});

export const sepaBatchSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  status: z.string(),
  count: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});

const statusResponse = z.object({ status: z.string() });

export const adminPayoutsContract = {
  payouts: endpoint({
    method: 'get',
    path: '/api/admin/payouts',
    query: z.object({ status: z.enum(PAYOUT_STATUSES).optional() }),
    response: z.object({ payouts: z.array(adminPayoutSchema), paypal: z.enum(['api', 'manual']) }),
  }),
  approve: endpoint({ method: 'post', path: '/api/admin/payouts/:id/approve', params: idParams, response: statusResponse }),
  reject: endpoint({
    method: 'post',
    path: '/api/admin/payouts/:id/reject',
    params: idParams,
    body: z.object({ reason: payoutRejectReason }),
    response: statusResponse,
  }),
  complete: endpoint({
    method: 'post',
    path: '/api/admin/payouts/:id/complete',
    params: idParams,
    body: z.object({ outcome: z.enum(['paid', 'failed']), reason: z.string().trim().max(300).optional() }),
    response: statusResponse,
  }),
  transferFailed: endpoint({
    method: 'post',
    path: '/api/admin/payouts/:id/transfer-failed',
    params: idParams,
    body: z.object({ reason: payoutRejectReason }),
    response: statusResponse,
  }),
  syncPayPal: endpoint({
    method: 'post',
    path: '/api/admin/payouts/sync-paypal',
    response: z.object({ paid: z.number().int(), failed: z.number().int(), retried: z.number().int() }),
  }),
  batches: endpoint({ method: 'get', path: '/api/admin/sepa-batches', response: z.object({ batches: z.array(sepaBatchSchema) }) }),
  createBatch: endpoint({ method: 'post', path: '/api/admin/sepa-batches', status: 201, response: sepaBatchSchema }),
  batchSent: endpoint({ method: 'post', path: '/api/admin/sepa-batches/:id/sent', params: idParams, response: sepaBatchSchema }),
  batchPaid: endpoint({ method: 'post', path: '/api/admin/sepa-batches/:id/paid', params: idParams, response: sepaBatchSchema }),
};
