// Provider doors: onboarding and profile, the match feed, unlocks, offers, verification documents; the
// public provider page; favourites. Thin: zod, the caller's role, one domain command.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { providerProfileInput, providerProfileOutput, publicProviderOutput } from '../../core/providers/providers.schemas.ts';
import { saveProviderProfile } from '../domain/providers/save-provider-profile.ts';
import { getOwnProviderProfile } from '../domain/providers/get-own-provider-profile.ts';
import { getPublicProvider } from '../domain/providers/get-public-provider.ts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  listOwnVerificationDocuments,
  uploadVerificationDocument,
} from '../domain/providers/verification-documents.ts';
import { dismissMatch, FEED_CURSOR, listProviderMatches } from '../domain/matching/list-provider-matches.ts';
import { getUnlockQuote } from '../domain/unlocks/get-unlock-quote.ts';
import { unlockRequest } from '../domain/unlocks/unlock-request.ts';
import { createOffer } from '../domain/offers/create-offer.ts';
import { withdrawOffer } from '../domain/offers/accept-offer.ts';
import { createOfferInput } from '../../core/offers/offers.schemas.ts';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from '../domain/favorites/favorites.ts';
import { getTraderDetails, saveTraderDetails, traderDetailsInput } from '../domain/providers/trader-details.ts';
import { feedSchema, idParams, quoteSchema, traderDetailsOutput, unlockInputSchema, unlockResultSchema } from './marketplace.schemas.ts';

const provider = { roles: ['provider'] } as const;

const documentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  note: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const providerRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/provider/profile',
    summary: "The signed-in provider's profile, or null before onboarding",
    tags: ['provider'],
    access: provider,
    response: z.object({ profile: providerProfileOutput.nullable() }),
    handler: async ({ deps, auth }) => ({ profile: await getOwnProviderProfile(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/provider/profile',
    summary:
      'Onboarding and profile edits: company, categories, service area (postcode and radius), description, phone, e-mail, and at onboarding the trader details (DSA Art. 30). The first profile brings the 50 Goints welcome bonus.',
    tags: ['provider'],
    access: provider,
    body: providerProfileInput.extend({ trader: traderDetailsInput.optional() }),
    response: z.object({
      profile: providerProfileOutput,
      created: z.boolean(),
      bonusGranted: z.number().int(),
      matched: z.number().int(),
      trader: traderDetailsOutput.optional(),
    }),
    handler: ({ deps, auth, body }) => {
      const { trader, ...profile } = body;
      return saveProviderProfile(deps, auth.user.id, profile, trader);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/provider/trader-details',
    summary: "The signed-in provider's trader details (DSA Art. 30), or null while none are on file (no offers can be sent then)",
    tags: ['provider'],
    access: provider,
    response: z.object({ trader: traderDetailsOutput.nullable() }),
    handler: async ({ deps, auth }) => ({ trader: await getTraderDetails(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/provider/trader-details',
    summary:
      'Stores the trader details: name, address, register entry or trade licence, VAT ID where there is one (checked), and the self-certification to comply with the law',
    tags: ['provider'],
    access: provider,
    body: traderDetailsInput,
    response: z.object({ trader: traderDetailsOutput }),
    handler: async ({ deps, auth, body }) => ({ trader: await saveTraderDetails(deps, auth.user.id, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/provider/matches',
    summary: "The provider's match feed, newest first, 20 cards a page (keyset cursor): teasers until unlocked, then the full request with contact data",
    tags: ['provider'],
    access: provider,
    query: z.object({ cursor: z.string().regex(FEED_CURSOR).optional(), limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: feedSchema,
    // The profile check rides in the feed's statement: one round trip per page.
    // May be a moment old: from the read replica, unless the provider wrote lately (decision 079).
    handler: ({ read, auth, query, lang }) =>
      read((db) =>
        listProviderMatches(db, auth.user.id, lang, {
          cursor: query.cursor ?? null,
          requireProfile: true,
          ...(query.limit ? { limit: query.limit } : {}),
        }),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/api/provider/matches/:id/dismiss',
    summary: "'Kein Interesse': hides a locked match (free)",
    tags: ['provider'],
    access: provider,
    params: idParams,
    handler: async ({ deps, auth, params }) => {
      await dismissMatch(deps.db.prisma, auth.user.id, params.id);
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/provider/requests/:id/unlock-quote',
    summary: "Price, balance and 'x of N unlocked' for a matched request",
    tags: ['provider'],
    access: provider,
    params: idParams,
    response: quoteSchema,
    handler: ({ deps, auth, params }) => getUnlockQuote(deps.db.prisma, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/provider/requests/:id/unlock',
    summary:
      'Unlocks a matched request at the price the provider confirmed (wallet to escrow, one database transaction; a repeat answers the first unlock). When the price in force changed since the quote: 409 UNLOCK_PRICE_CHANGED with the fresh quote under error.details.quote, nothing booked',
    tags: ['provider'],
    access: provider,
    params: idParams,
    body: unlockInputSchema,
    response: unlockResultSchema,
    handler: ({ deps, auth, params, body }) => unlockRequest(deps, { providerId: auth.user.id, requestId: params.id, price: body.price }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/provider/offers',
    summary: 'Sends an offer for an unlocked request: price in euros, description, availability',
    tags: ['provider'],
    access: provider,
    body: createOfferInput,
    status: 201,
    response: z.object({ id: z.string(), requestId: z.string(), status: z.string(), priceCents: z.number().int() }),
    handler: ({ deps, auth, body }) => createOffer(deps, auth.user.id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/provider/offers/:id/withdraw',
    summary: 'Withdraws an offer the seeker has not answered yet',
    tags: ['provider'],
    access: provider,
    params: idParams,
    response: z.object({ status: z.string() }),
    handler: ({ deps, auth, params }) => withdrawOffer(deps, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/provider/verification',
    summary: "The provider's uploaded trade documents and their review status",
    tags: ['provider'],
    access: provider,
    response: z.object({ documents: z.array(documentSchema) }),
    handler: async ({ deps, auth }) => ({ documents: await listOwnVerificationDocuments(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/provider/verification',
    summary: 'Uploads a Gewerbeschein or Handwerkskarte (PDF, JPEG or PNG, at most 5 MB) for the Verifiziert badge',
    tags: ['provider'],
    access: provider,
    query: z.object({ kind: z.enum(DOCUMENT_KINDS), fileName: z.string().trim().min(1).max(200) }),
    rawBody: { types: DOCUMENT_TYPES, limit: MAX_DOCUMENT_BYTES + 1024, description: 'The file itself; Content-Type application/pdf, image/jpeg or image/png' },
    status: 201,
    response: documentSchema,
    handler: ({ deps, auth, req, query }) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('FILE_TYPE_NOT_ALLOWED');
      return uploadVerificationDocument(deps.db.prisma, auth.user.id, { kind: query.kind, fileName: query.fileName, data: req.body });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/providers/:id',
    summary: 'The public provider page: rating, badge, reviews, categories, area, median response time',
    tags: ['providers'],
    access: 'public',
    rateLimit: 'public',
    params: idParams,
    response: publicProviderOutput.extend({ favorite: z.boolean().nullable().describe('null when not signed in') }),
    handler: ({ read, auth, params, lang }) =>
      read(async (db) => {
        const page = await getPublicProvider(db, params.id, lang);
        return { ...page, favorite: auth.user ? await isFavorite(db, auth.user.id, params.id) : null };
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/favorites',
    summary: "The signed-in person's favourite providers",
    tags: ['favorites'],
    access: 'user',
    response: z.object({ favorites: z.array(z.object({ providerId: z.string(), firmenname: z.string(), place: z.string(), createdAt: z.string() })) }),
    handler: async ({ deps, auth }) => ({ favorites: await listFavorites(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/favorites/:id',
    summary: 'Marks a provider as favourite',
    tags: ['favorites'],
    access: 'user',
    params: idParams,
    response: z.object({ favorite: z.literal(true) }),
    handler: async ({ deps, auth, params }) => {
      await addFavorite(deps.db.prisma, auth.user.id, params.id);
      return { favorite: true as const };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/favorites/:id',
    summary: 'Removes a provider from the favourites',
    tags: ['favorites'],
    access: 'user',
    params: idParams,
    response: z.object({ favorite: z.literal(false) }),
    handler: async ({ deps, auth, params }) => {
      await removeFavorite(deps.db.prisma, auth.user.id, params.id);
      return { favorite: false as const };
    },
  }),
];
