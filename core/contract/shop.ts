// The Goints shop's endpoints (server/http/shop.ts defines the routes; Stripe's webhook is not the client's).
import { z } from 'zod';
import { CATEGORY_IDS } from '../categories/category-ids.ts';
import { PACKAGE_IDS } from '../shop/packages.ts';
import { endpoint } from './endpoint.ts';
import { idParams, okResponse } from './common.ts';

export const packageSchema = z.object({
  id: z.enum(PACKAGE_IDS),
  goints: z.number().int(),
  priceCents: z.number().int().describe('Total price including VAT, euro cents'),
  requests: z.number().int().describe("Unlocks the package pays for at the cheapest category's price"),
  requestsMin: z.number().int().describe("At the dearest category's price"),
  popular: z.boolean(),
  savingsCents: z.number().int(),
  savingsPercent: z.number().int(),
});

export const purchaseSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  goints: z.number().int(),
  grossCents: z.number().int(),
  status: z.string(),
  provider: z.string(),
  receiptNumber: z.string().nullable(),
  reversedGoints: z.number().int(),
  owedGoints: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const receiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  seller: z.object({ name: z.string(), address: z.string(), vatId: z.string() }),
  buyer: z.object({ name: z.string(), email: z.string() }),
  item: z.object({ packageId: z.string(), goints: z.number().int() }),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  vatRatePercent: z.number(),
  grossCents: z.number().int(),
  provider: z.string(),
  test: z.boolean(),
});

export const shopContract = {
  packages: endpoint({
    method: 'get',
    path: '/api/shop/packages',
    response: z.object({
      packages: z.array(packageSchema),
      unlockPriceGoints: z.number().int().describe("What unlocking one request costs at least (the cheapest category of the price list: 'ab X Goints')"),
      unlockPriceMaxGoints: z.number().int().describe('What unlocking costs at most (the dearest category)'),
      unlockPrices: z.array(z.object({ kategorie: z.enum(CATEGORY_IDS), goints: z.number().int() })).describe("Each category's unlock price now"),
      gointsPerEur: z.number().int(),
      checkout: z.enum(['stripe', 'test', 'off']).describe("'off': no Stripe and the test checkout is off (production without TEST_CHECKOUT=on)"),
    }),
  }),
  checkout: endpoint({
    method: 'post',
    path: '/api/shop/checkout',
    body: z.object({ packageId: z.enum(PACKAGE_IDS) }),
    response: z.object({ purchaseId: z.string(), url: z.string(), provider: z.enum(['stripe', 'test']) }),
  }),
  purchases: endpoint({ method: 'get', path: '/api/shop/purchases', response: z.object({ purchases: z.array(purchaseSchema) }) }),
  purchase: endpoint({ method: 'get', path: '/api/shop/purchases/:id', params: idParams, response: purchaseSchema }),
  receipt: endpoint({ method: 'get', path: '/api/shop/purchases/:id/receipt', params: idParams, response: receiptSchema }),
  payTest: endpoint({
    method: 'post',
    path: '/api/shop/test-checkout/:id/pay',
    params: idParams,
    response: z.object({ purchaseId: z.string(), credited: z.boolean() }),
  }),
  cancelTest: endpoint({ method: 'post', path: '/api/shop/test-checkout/:id/cancel', params: idParams, response: okResponse }),
};

export type ShopCatalog = z.output<typeof shopContract.packages.response>;
export type ShopPackageView = z.output<typeof packageSchema>;
export type Purchase = z.output<typeof purchaseSchema>;
export type Receipt = z.output<typeof receiptSchema>;
