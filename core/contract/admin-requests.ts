// The endpoints of 'Anfragen verwalten', the moderation queue's decision and 'Deals' (server/http/admin-requests.ts
// defines the lists and closing, server/http/admin.ts the decision on a held-back request).
import { z } from 'zod';
import { CATEGORY_IDS } from '../categories/category-ids.ts';
import { moneyViewSchema } from '../money/money-view.ts';
import { adminReasonInput } from '../requests/admin-reason.ts';
import { DEAL_STATUSES, REQUEST_STATUSES } from '../statuses.ts';
import { flagSchema } from './admin.ts';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

export const adminRequestsQuerySchema = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  kategorie: z.enum(CATEGORY_IDS).optional(),
  /** true: only requests the pre-filter flagged; false: only clean ones. */
  flagged: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminDealsQuerySchema = z.object({
  status: z.enum(DEAL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminRequestRowSchema = z.object({
  id: z.string(),
  kategorie: z.string(),
  dringlichkeit: z.string(),
  status: z.string(),
  beschreibung: z.string(),
  ort: z.string().nullable(),
  postcode: z.string().nullable(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  qualityScore: z.number().int().nullable(),
  flags: z.array(flagSchema),
  unlocks: z.number().int(),
  maxUnlocks: z.number().int(),
  offers: z.number().int(),
  seeker: z.object({ id: z.string(), name: z.string(), email: z.string(), locale: z.string() }).nullable(),
  firstName: z.string().nullable(),
  adminReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  createdAt: z.string(),
  dealPending: z.boolean().describe('A deal waits for its confirmations: the request cannot be closed'),
});

export const adminRequestsPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  requests: z.array(adminRequestRowSchema),
});

export const adminDealRowSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  kategorie: z.string(),
  ort: z.string().nullable(),
  status: z.string(),
  valueCents: z.number().int(),
  provider: z.object({ id: z.string(), name: z.string(), email: z.string(), firmenname: z.string().nullable() }),
  seeker: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  providerConfirmedAt: z.string().nullable(),
  seekerConfirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.enum(['provider', 'seeker']).nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  settlement: z
    .object({ seekerShare: moneyViewSchema, platformShare: moneyViewSchema, promotionUsed: moneyViewSchema })
    .nullable()
    .describe('What the settlement booked (null before the deal completed)'),
  refunds: moneyViewSchema.describe('The refunds of its request'),
});

export const adminDealsPageSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  deals: z.array(adminDealRowSchema),
});

export const adminRequestsContract = {
  requests: endpoint({ method: 'get', path: '/api/admin/requests', query: adminRequestsQuerySchema, response: adminRequestsPageSchema }),
  moderate: endpoint({
    method: 'post',
    path: '/api/admin/requests/:id/moderate',
    params: idParams,
    body: z.object({ decision: z.enum(['approve', 'reject']), reason: adminReasonInput }),
    response: z.object({ status: z.string(), matched: z.number().int() }),
  }),
  close: endpoint({
    method: 'post',
    path: '/api/admin/requests/:id/close',
    params: idParams,
    body: z.object({ reason: adminReasonInput }),
    response: z.object({ status: z.literal('closed'), refunded: z.number().int(), refundedGoints: z.number() }),
  }),
  deals: endpoint({ method: 'get', path: '/api/admin/deals', query: adminDealsQuerySchema, response: adminDealsPageSchema }),
};
