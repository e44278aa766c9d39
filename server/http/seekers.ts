// Seeker doors: the dashboard (figures and requests), offers received (top 10 and all), accepting and
// declining, closing a request without a deal. Always the signed-in seeker's own data.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { getSeekerDashboard } from '../domain/requests/seeker-dashboard.ts';
import { closeRequest } from '../domain/requests/end-request.ts';
import { listSeekerOffers } from '../domain/offers/list-seeker-offers.ts';
import { acceptOffer, declineOffer } from '../domain/offers/accept-offer.ts';
import { idParams, seekerOfferSchema, seekerRequestSchema } from './marketplace.schemas.ts';

const seeker = { roles: ['seeker'] } as const;

export const seekerRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/seeker/dashboard',
    summary: "The seeker's figures (active requests, offers received, their total value, own points from the ledger) and requests",
    tags: ['seeker'],
    access: seeker,
    response: z.object({
      stats: z.object({
        activeRequests: z.number().int(),
        offersReceived: z.number().int(),
        bestOfferCents: z.number().int().nullable().describe('Price of the best-ranked open offer (the score of decision 049), null without offers'),
        points: z.number().int(),
        earningsCents: z.number().int(),
      }),
      requests: z.array(seekerRequestSchema),
    }),
    handler: ({ deps, auth }) => getSeekerDashboard(deps.db.prisma, auth.user.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/seeker/offers',
    summary: "The offers on the seeker's requests: the top 10 (rating, price fit, response time) and all",
    tags: ['seeker'],
    access: seeker,
    query: z.object({ requestId: z.uuid().optional() }),
    response: z.object({ top: z.array(seekerOfferSchema), all: z.array(seekerOfferSchema) }),
    handler: ({ deps, auth, query }) => listSeekerOffers(deps.db.prisma, auth.user.id, query.requestId ? { requestId: query.requestId } : {}),
  }),
  defineRoute({
    method: 'post',
    path: '/api/seeker/offers/:id/accept',
    summary: 'Accepts an offer: the deal starts and waits for both confirmations',
    tags: ['seeker'],
    access: seeker,
    params: idParams,
    response: z.object({ offerId: z.string(), dealId: z.string(), repeated: z.boolean() }),
    handler: ({ deps, auth, params }) => acceptOffer(deps, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/seeker/offers/:id/decline',
    summary: 'Declines an offer',
    tags: ['seeker'],
    access: seeker,
    params: idParams,
    response: z.object({ status: z.string() }),
    handler: ({ deps, auth, params }) => declineOffer(deps, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/seeker/requests/:id/close',
    summary: 'Closes a request without a deal; every unlocking provider is refunded automatically',
    tags: ['seeker'],
    access: seeker,
    params: idParams,
    response: z.object({ status: z.literal('closed'), refunded: z.number().int() }),
    handler: ({ deps, auth, params }) => closeRequest(deps, auth.user.id, params.id),
  }),
];
