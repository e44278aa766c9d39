// The price list's endpoints for the admin tab 'Preise' (server/http/admin-prices.ts defines the routes). Decision 032.
import { z } from 'zod';
import { CATEGORY_IDS } from '../categories/category-ids.ts';
import { priceEntryInput } from '../prices/price-input.ts';
import { endpoint } from './endpoint.ts';
import { idParams } from './common.ts';

export const priceEntrySchema = z.object({
  id: z.string(),
  industryCategory: z.enum(CATEGORY_IDS),
  serviceType: z.string().describe("'' for the entry of the whole category"),
  basePriceCents: z.number().int().describe('Euro cents, a multiple of 10'),
  unlockGoints: z.number().int().describe('What an unlock priced by this entry costs (base price in € × 10)'),
  commissionRateBp: z.number().int().describe("The platform's share of the paid unlock fees at a deal, basis points (5000 = 50 %)"),
  description: z.string(),
  updatedAt: z.string(),
});

const priceListSchema = z.object({
  entries: z.array(priceEntrySchema),
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

export const adminPricesContract = {
  list: endpoint({ method: 'get', path: '/api/admin/prices', response: priceListSchema }),
  create: endpoint({ method: 'post', path: '/api/admin/prices', body: priceEntryInput, response: priceEntrySchema, status: 201 }),
  update: endpoint({ method: 'put', path: '/api/admin/prices/:id', params: idParams, body: priceEntryInput, response: priceEntrySchema }),
  remove: endpoint({ method: 'delete', path: '/api/admin/prices/:id', params: idParams, response: priceEntrySchema }),
};

/** A price-list entry as the doors show it. */
export type PriceEntryView = z.output<typeof priceEntrySchema>;
export type PriceListView = z.output<typeof priceListSchema>;
