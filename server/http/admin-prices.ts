// Admin doors to the price list (tab 'preise'): list, create, change, delete. Thin: parse, call the domain
// command (which validates, writes the audit entry and the change in one transaction). Decision 032.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { listPriceEntries, getCurrentPrices } from '../domain/prices/list-price-entries.ts';
import { createPriceEntry } from '../domain/prices/create-price-entry.ts';
import { updatePriceEntry } from '../domain/prices/update-price-entry.ts';
import { deletePriceEntry } from '../domain/prices/delete-price-entry.ts';
import { DEFAULT_BASE_PRICE_CENTS, DEFAULT_COMMISSION_RATE_BP, PRICE_LIMITS, priceEntryInput } from '../domain/prices/price-list.ts';

const admin = { roles: ['admin'] } as const;

const entrySchema = z.object({
  id: z.string(),
  industryCategory: z.enum(CATEGORY_IDS),
  serviceType: z.string().describe("'' for the entry of the whole category"),
  basePriceCents: z.number().int().describe('Euro cents, a multiple of 10'),
  unlockGoints: z.number().int().describe('What an unlock priced by this entry costs (base price in € × 10)'),
  commissionRateBp: z.number().int().describe("The platform's share of the paid unlock fees at a deal, basis points (5000 = 50 %)"),
  description: z.string(),
  updatedAt: z.string(),
});

const listSchema = z.object({
  entries: z.array(entrySchema),
  defaults: z.object({ basePriceCents: z.number().int(), commissionRateBp: z.number().int() }).describe('What a category without an entry costs'),
  limits: z.object({
    minCents: z.number().int(),
    maxCents: z.number().int(),
    stepCents: z.number().int(),
    minRateBp: z.number().int(),
    maxRateBp: z.number().int(),
  }),
  categories: z
    .array(z.object({ kategorie: z.enum(CATEGORY_IDS), goints: z.number().int(), commissionRateBp: z.number().int(), fromEntry: z.boolean() }))
    .describe("Each category's unlock price now"),
});

export const adminPriceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/prices',
    summary: 'The price list: entries, the default for categories without one, and each category’s unlock price now',
    tags: ['admin'],
    access: admin,
    response: listSchema,
    handler: async ({ deps }) => {
      const [entries, current] = await Promise.all([listPriceEntries(deps.db.prisma), getCurrentPrices(deps.db.prisma)]);
      const { minCents, maxCents, stepCents, minRateBp, maxRateBp } = PRICE_LIMITS;
      return {
        entries,
        defaults: { basePriceCents: DEFAULT_BASE_PRICE_CENTS, commissionRateBp: DEFAULT_COMMISSION_RATE_BP },
        limits: { minCents, maxCents, stepCents, minRateBp, maxRateBp },
        categories: current.categories,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/prices',
    summary: 'Adds a price-list entry (one per category and service type); applies to the next unlocks',
    tags: ['admin'],
    access: admin,
    body: priceEntryInput,
    response: entrySchema,
    status: 201,
    handler: ({ deps, auth, body }) => createPriceEntry(deps.db.prisma, auth.user.id, body, 'dashboard'),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/prices/:id',
    summary: 'Changes a price-list entry; unlocks already paid keep their price and rate',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: priceEntryInput,
    response: entrySchema,
    handler: ({ deps, auth, params, body }) => updatePriceEntry(deps.db.prisma, auth.user.id, params.id, body, 'dashboard'),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/prices/:id',
    summary: 'Removes a price-list entry (its category falls back to the default)',
    tags: ['admin'],
    access: admin,
    params: idParams,
    response: entrySchema,
    handler: ({ deps, auth, params }) => deletePriceEntry(deps.db.prisma, auth.user.id, params.id, 'dashboard'),
  }),
];
