// Admin doors of 'Anfragen verwalten' and 'Deals': the lists, and closing a request. Releasing or rejecting a
// held-back request is POST /api/admin/requests/:id/moderate (server/http/admin.ts).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { adminRequestsQuerySchema, listAdminRequests } from '../domain/admin/list-admin-requests.ts';
import { adminDealsQuerySchema, listAdminDeals } from '../domain/admin/list-admin-deals.ts';
import { closeRequestByAdmin } from '../domain/requests/close-request-by-admin.ts';
import { adminReasonInput } from '../domain/requests/moderate-request.ts';

const admin = { roles: ['admin'] } as const;

const money = z.object({ goints: z.number(), cents: z.number().int() });
const flag = z.object({ code: z.string(), detail: z.string().optional() });

export const adminRequestRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/requests',
    summary: 'Every request, newest first, with the total, one page at a time; filters: status, kategorie, flagged',
    tags: ['admin'],
    access: admin,
    query: adminRequestsQuerySchema,
    response: z.object({
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      requests: z.array(
        z.object({
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
          flags: z.array(flag),
          unlocks: z.number().int(),
          maxUnlocks: z.number().int(),
          offers: z.number().int(),
          seeker: z.object({ id: z.string(), name: z.string(), email: z.string(), locale: z.string() }).nullable(),
          firstName: z.string().nullable(),
          adminReason: z.string().nullable(),
          moderatedAt: z.string().nullable(),
          createdAt: z.string(),
          dealPending: z.boolean(),
        }),
      ),
    }),
    handler: ({ read, query }) => read((db) => listAdminRequests(db, query)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/requests/:id/close',
    summary: 'Closes a request without a deal (every unlocking provider is refunded in full), with an optional reason the seeker is told',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ reason: adminReasonInput }),
    response: z.object({ status: z.literal('closed'), refunded: z.number().int(), refundedGoints: z.number() }),
    handler: ({ deps, auth, params, body }) => closeRequestByAdmin(deps, auth.user.id, params.id, { reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/deals',
    summary: 'Every deal, newest first, with who confirmed when and the settlement (seeker share, platform share, refunds); filter: status',
    tags: ['admin'],
    access: admin,
    query: adminDealsQuerySchema,
    response: z.object({
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
      deals: z.array(
        z.object({
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
          settlement: z.object({ seekerShare: money, platformShare: money, promotionUsed: money }).nullable(),
          refunds: money,
        }),
      ),
    }),
    handler: ({ read, query }) => read((db) => listAdminDeals(db, query)),
  }),
];
