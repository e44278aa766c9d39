// Deal doors for both sides (confirm, cancel, rate, contactable or not), the public successful-deals list
// and its 'Nachfragen', and the person's wallet from the ledger.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { listUserDeals } from '../domain/deals/list-user-deals.ts';
import { confirmDeal } from '../domain/deals/confirm-deal.ts';
import { cancelDeal } from '../domain/deals/cancel-deal.ts';
import { rateDeal, rateDealInput, setDealContactVisibility } from '../domain/deals/rate-deal.ts';
import { createDealInquiry, inquiryInput, listSuccessfulDeals } from '../domain/deals/successful-deals.ts';
import { getWallet } from '../domain/wallet/get-wallet.ts';
import { idParams, successfulDealSchema, userDealSchema, walletSchema } from './marketplace.schemas.ts';

const parties = { roles: ['provider', 'seeker'] } as const;

export const dealRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/deals',
    summary: "The caller's deals as provider or seeker",
    tags: ['deals'],
    access: parties,
    response: z.object({ deals: z.array(userDealSchema) }),
    handler: async ({ deps, auth }) => ({ deals: await listUserDeals(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/deals/:id/confirm',
    summary: 'Confirms the deal; the second confirmation completes it and splits the escrow 50/50',
    tags: ['deals'],
    access: parties,
    params: idParams,
    response: z.object({ dealId: z.string(), status: z.string(), completed: z.boolean() }),
    handler: ({ deps, auth, params }) => confirmDeal(deps, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/deals/:id/cancel',
    summary: 'Cancels a deal before both confirmed; the request takes offers again',
    tags: ['deals'],
    access: parties,
    params: idParams,
    body: z.object({ reason: z.string().trim().min(3).max(500) }),
    response: z.object({ dealId: z.string(), status: z.literal('cancelled') }),
    handler: ({ deps, auth, params, body }) => cancelDeal(deps, auth.user.id, params.id, body.reason),
  }),
  defineRoute({
    method: 'post',
    path: '/api/deals/:id/review',
    summary: 'The seeker rates a completed deal (1-5, testimonial) and chooses what is shown publicly',
    tags: ['deals'],
    access: { roles: ['seeker'] },
    params: idParams,
    body: rateDealInput,
    status: 201,
    response: z.object({ reviewId: z.string() }),
    handler: ({ deps, auth, params, body }) => rateDeal(deps.db.prisma, auth.user.id, params.id, body),
  }),
  defineRoute({
    method: 'put',
    path: '/api/deals/:id/contact-visibility',
    summary: 'Whether the caller may be contacted about this deal from the successful-deals page',
    tags: ['deals'],
    access: parties,
    params: idParams,
    body: z.object({ visible: z.boolean() }),
    response: z.object({ providerContactVisible: z.boolean(), seekerContactVisible: z.boolean() }),
    handler: ({ deps, auth, params, body }) => setDealContactVisibility(deps.db.prisma, auth.user.id, params.id, body.visible),
  }),
  defineRoute({
    method: 'get',
    path: '/api/successful-deals',
    summary: 'Completed deals: free-text search over provider, place and category, category filter, summary figures',
    tags: ['deals'],
    access: 'public',
    rateLimit: 'public',
    query: z.object({ q: z.string().trim().max(100).optional(), category: z.enum(CATEGORY_IDS).optional() }),
    response: z.object({
      deals: z.array(successfulDealSchema),
      summary: z.object({ count: z.number().int(), volumeCents: z.number().int(), locations: z.number().int() }),
      total: z.number().int(),
    }),
    handler: ({ read, query }) =>
      read((db) => listSuccessfulDeals(db, { ...(query.q ? { q: query.q } : {}), ...(query.category ? { category: query.category } : {}) })),
  }),
  defineRoute({
    method: 'post',
    path: '/api/successful-deals/:id/inquiries',
    summary: "'Nachfragen': asks a contactable party of a completed deal (stored and e-mailed)",
    tags: ['deals'],
    access: 'user',
    rateLimit: 'public',
    params: idParams,
    body: inquiryInput,
    status: 201,
    response: z.object({ id: z.string(), recipients: z.number().int() }),
    handler: ({ deps, auth, params, body }) => createDealInquiry(deps, auth.user.id, params.id, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/wallet',
    summary: "The caller's Goints, earnings and latest movements, from the ledger",
    tags: ['wallet'],
    access: 'user',
    response: walletSchema,
    handler: ({ deps, auth }) => getWallet(deps.db.prisma, auth.user.id),
  }),
];
