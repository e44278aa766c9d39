// Response shapes of the marketplace doors, for the OpenAPI document and the tests.
import { z } from 'zod';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { URGENCY_VALUES } from '../../core/requests/urgency.ts';
import { badgeSchema } from '../../core/providers/providers.schemas.ts';
import { REGISTER_KINDS } from '../../core/providers/trader-details.ts';
import { MAX_INPUT_NUMBER } from '../domain/input-bounds.ts';

const category = z.enum(CATEGORY_IDS);

export const teaserSchema = z.object({
  id: z.string(),
  kategorie: category,
  title: z.string(),
  descriptionPreview: z.string().describe('The public description (contact data hidden), cut to 80 characters'),
  placeMasked: z.string().nullable().describe("First word of the place and ' (****)'"),
  postcodeMasked: z.string().nullable().describe("First two digits and '***'"),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  dringlichkeit: z.enum(URGENCY_VALUES).or(z.string()),
  date: z.string().nullable(),
  status: z.string(),
  unlocked: z.number().int().describe('Providers who unlocked the request'),
  maxUnlocks: z.number().int(),
  unlockPrice: z.number().int().describe("Goints an unlock of this request costs now (its category's price-list entry; 50 by default)"),
  createdAt: z.string(),
});

export const detailsSchema = teaserSchema.omit({ placeMasked: true, postcodeMasked: true }).extend({
  description: z.string(),
  postcode: z.string().nullable(),
  place: z.string().nullable(),
  contact: z.object({ firstName: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  contactHidden: z.boolean().optional(),
});

const offerOnCard = z.object({
  id: z.string(),
  status: z.string(),
  priceCents: z.number().int(),
  beschreibung: z.string(),
  verfuegbarkeit: z.string(),
  createdAt: z.string(),
});

export const matchCardSchema = z
  .discriminatedUnion('unlocked', [
    z.object({ unlocked: z.literal(false), request: teaserSchema }),
    z.object({ unlocked: z.literal(true), request: detailsSchema }),
  ])
  .and(
    z.object({
      id: z.string(),
      status: z.string(),
      distanceKm: z.number(),
      createdAt: z.string(),
      offer: offerOnCard.nullable(),
      deal: z.object({ id: z.string(), status: z.string() }).nullable(),
    }),
  );

export const feedSchema = z.object({
  matches: z.array(matchCardSchema),
  balance: z.number().int().describe('Goints, paid and promotional together'),
  promoBalance: z.number().int().describe('the promotional part of the balance (spent first, never paid out)'),
  nextCursor: z.string().nullable(),
});

export const quoteSchema = z.object({
  requestId: z.string(),
  price: z.number().int(),
  balance: z.number().int().describe('Goints the provider can spend, paid and promotional together'),
  promoBalance: z.number().int().optional().describe('The promotional part of the balance (spent first)'),
  unlocked: z.number().int(),
  max: z.number().int(),
  alreadyUnlocked: z.boolean(),
  available: z.boolean(),
  reason: z.enum(['soldOut', 'inDeal', 'closed']).nullable(),
});

/** The price (Goints) the provider confirmed: the unlock refuses with UNLOCK_PRICE_CHANGED and a fresh quote when it is no longer the price in force. */
export const unlockInputSchema = z.object({
  price: z.number().int().positive().max(MAX_INPUT_NUMBER).describe("The price in Goints the provider saw and confirmed (the quote's price)"),
});

export const unlockResultSchema = z.object({ requestId: z.string(), balance: z.number().int(), repeated: z.boolean() });

const providerOnOffer = z.object({
  id: z.string(),
  firmenname: z.string(),
  ratingAvg: z.number().nullable(),
  ratingCount: z.number().int(),
  badge: badgeSchema,
  verified: z.boolean(),
  medianResponseMinutes: z.number().nullable(),
});

/** A provider's trader details (DSA Art. 30), as the provider and, with the contact, the seeker see them. */
export const traderDetailsOutput = z.object({
  legalName: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  registerKind: z.enum(REGISTER_KINDS),
  registerNumber: z.string(),
  vatId: z.string().nullable(),
  selfCertifiedAt: z.string(),
});

export const seekerOfferSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  request: z.object({
    kategorie: category,
    place: z.string().nullable(),
    budgetMin: z.number().int().nullable(),
    budgetMax: z.number().int().nullable(),
    status: z.string(),
  }),
  provider: providerOnOffer,
  priceCents: z.number().int(),
  beschreibung: z.string(),
  textHidden: z.boolean().describe('The text was removed or restricted after a report (beschreibung is empty then)'),
  verfuegbarkeit: z.string(),
  status: z.string(),
  createdAt: z.string(),
  responseMinutes: z.number().nullable(),
  rank: z.number().int().nullable(),
  deal: z.object({ id: z.string(), status: z.string(), providerConfirmed: z.boolean(), seekerConfirmed: z.boolean(), reviewed: z.boolean() }).nullable(),
  contact: z
    .object({ phone: z.string(), email: z.string(), trader: traderDetailsOutput.nullable() })
    .nullable()
    .describe("Only once both confirmed the deal, with the provider's trader details"),
});

export const userDealSchema = z.object({
  id: z.string(),
  role: z.enum(['provider', 'seeker']),
  status: z.string(),
  valueCents: z.number().int(),
  requestId: z.string(),
  kategorie: category,
  place: z.string().nullable(),
  counterpart: z.string(),
  providerConfirmed: z.boolean(),
  seekerConfirmed: z.boolean(),
  reviewed: z.boolean(),
  providerContactVisible: z.boolean(),
  seekerContactVisible: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const successfulDealSchema = z.object({
  id: z.string(),
  kategorie: category,
  providerId: z.string(),
  providerName: z.string(),
  customer: z.string().nullable().describe("The seeker's first name when shown, else null ('Anonym')"),
  reviewId: z.string().nullable().describe('The review (for reporting it); null without one or when it was removed after a report'),
  rating: z.number().int().nullable(),
  testimonial: z.string().nullable(),
  valueCents: z.number().int(),
  location: z.string().nullable(),
  completedAt: z.string(),
  contactVisible: z.boolean(),
});

export const seekerRequestSchema = z.object({
  id: z.string(),
  kategorie: category,
  beschreibung: z.string(),
  ort: z.string().nullable(),
  postcode: z.string().nullable(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  dringlichkeit: z.string(),
  date: z.string().nullable(),
  status: z.string(),
  active: z.boolean(),
  closable: z.boolean().describe('The seeker may close it now (no accepted offer, still running)'),
  offers: z.number().int(),
  unlocked: z.number().int(),
  maxUnlocks: z.number().int(),
  dealStatus: z.string().nullable(),
  adminReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
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

export { idParams } from '../../core/contract/common.ts';
