// Admin doors of 'Anfragen verwalten' and 'Deals': the lists, and closing a request. Releasing or rejecting a
// held-back request is POST /api/admin/requests/:id/moderate (server/http/admin.ts).
import { defineRoute } from './route.ts';
import { listAdminRequests } from '../domain/admin/list-admin-requests.ts';
import { listAdminDeals } from '../domain/admin/list-admin-deals.ts';
import { closeRequestByAdmin } from '../domain/requests/close-request-by-admin.ts';
import { adminRequestsContract } from '../../core/contract/admin-requests.ts';

const admin = { roles: ['admin'] } as const;

export const adminRequestRoutes = [
  defineRoute({
    ...adminRequestsContract.requests,
    summary: 'Every request, newest first, with the total, one page at a time; filters: status, kategorie, flagged',
    tags: ['admin'],
    access: admin,
    handler: ({ read, query }) => read((db) => listAdminRequests(db, query)),
  }),
  defineRoute({
    ...adminRequestsContract.close,
    summary: 'Closes a request without a deal (every unlocking provider is refunded in full), with an optional reason the seeker is told',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => closeRequestByAdmin(deps, auth.user.id, params.id, { reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminRequestsContract.deals,
    summary: 'Every deal, newest first, with who confirmed when and the settlement (seeker share, platform share, refunds); filter: status',
    tags: ['admin'],
    access: admin,
    handler: ({ read, query }) => read((db) => listAdminDeals(db, query)),
  }),
];
