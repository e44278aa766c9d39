// Money in: the Goints shop (packages, checkout, purchases and receipts), the built-in test checkout, and
// Stripe's signed webhook. Thin doors; the rules are in server/domain/shop and server/integrations/stripe.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { PACKAGE_IDS, listPackages } from '../../core/shop/packages.ts';
import { GOINTS_PER_EUR } from '../../core/money/money.ts';
import { getCurrentPrices } from '../domain/prices/list-price-entries.ts';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { createCheckout } from '../domain/shop/create-checkout.ts';
import { fulfillPurchase, markPurchaseUnpaid } from '../domain/shop/fulfill-purchase.ts';
import { getReceipt, listPurchases } from '../domain/shop/receipt.ts';
import { handleStripeWebhook } from '../integrations/stripe/handle-webhook.ts';
import { idParams } from './marketplace.schemas.ts';
import { getOwnPurchase } from '../domain/shop/get-own-purchase.ts';

const provider = { roles: ['provider'] } as const;

const packageSchema = z.object({
  id: z.enum(PACKAGE_IDS),
  goints: z.number().int(),
  priceCents: z.number().int().describe('Total price including VAT, euro cents'),
  requests: z.number().int().describe("Unlocks the package pays for at the cheapest category's price"),
  requestsMin: z.number().int().describe("At the dearest category's price"),
  popular: z.boolean(),
  savingsCents: z.number().int(),
  savingsPercent: z.number().int(),
});

const purchaseSchema = z.object({
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

export const shopRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/shop/packages',
    summary: "The Goints packages (prices include VAT) and which checkout is in use ('stripe' or the built-in 'test')",
    tags: ['shop'],
    access: 'public',
    response: z.object({
      packages: z.array(packageSchema),
      unlockPriceGoints: z.number().int().describe("What unlocking one request costs at least (the cheapest category of the price list: 'ab X Goints')"),
      unlockPriceMaxGoints: z.number().int().describe('What unlocking costs at most (the dearest category)'),
      unlockPrices: z.array(z.object({ kategorie: z.enum(CATEGORY_IDS), goints: z.number().int() })).describe("Each category's unlock price now"),
      gointsPerEur: z.number().int(),
      checkout: z.enum(['stripe', 'test', 'off']).describe("'off': no Stripe and the test checkout is off (production without TEST_CHECKOUT=on)"),
    }),
    handler: async ({ deps }) => {
      const prices = await getCurrentPrices(deps.db.prisma);
      return {
        packages: listPackages(prices),
        unlockPriceGoints: prices.minGoints,
        unlockPriceMaxGoints: prices.maxGoints,
        unlockPrices: prices.categories.map((c) => ({ kategorie: c.kategorie, goints: c.goints })),
        gointsPerEur: GOINTS_PER_EUR,
        checkout: deps.money.stripe ? ('stripe' as const) : deps.config.testCheckout ? ('test' as const) : ('off' as const),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/checkout',
    summary: 'Starts buying a package: a Stripe Checkout Session, or the test checkout without Stripe; open the url in a new window',
    tags: ['shop'],
    access: provider,
    body: z.object({ packageId: z.enum(PACKAGE_IDS) }),
    response: z.object({ purchaseId: z.string(), url: z.string(), provider: z.enum(['stripe', 'test']) }),
    handler: ({ deps, auth, body, lang }) => createCheckout(deps, auth.user, body.packageId, lang),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/purchases',
    summary: "The provider's purchases, newest first",
    tags: ['shop'],
    access: provider,
    response: z.object({ purchases: z.array(purchaseSchema) }),
    handler: async ({ deps, auth }) => ({ purchases: await listPurchases(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/purchases/:id',
    summary: 'One purchase of the caller (its status while the payment is confirmed)',
    tags: ['shop'],
    access: provider,
    params: idParams,
    response: purchaseSchema,
    handler: async ({ deps, auth, params }) =>
      (await listPurchases(deps.db.prisma, auth.user.id)).find((p) => p.id === params.id) ?? Promise.reject(new AppError('NOT_FOUND')),
  }),
  defineRoute({
    method: 'get',
    path: '/api/shop/purchases/:id/receipt',
    summary: 'The receipt of a paid purchase: seller, buyer, date, number, net, VAT, gross',
    tags: ['shop'],
    access: provider,
    params: idParams,
    response: z.object({
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
    }),
    handler: ({ deps, auth, params }) => getReceipt(deps.db.prisma, deps.config, auth.user.id, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/test-checkout/:id/pay',
    summary:
      'Completes a purchase in the built-in test checkout (only without Stripe and with the test checkout on; no real money, so its Goints are promotional) through the same fulfilment as a paid Stripe session',
    tags: ['shop'],
    access: provider,
    params: idParams,
    response: z.object({ purchaseId: z.string(), credited: z.boolean() }),
    handler: async ({ deps, auth, params }) => {
      const p = await getOwnPurchase(deps.db.prisma, auth.user.id, params.id);
      if (p.provider !== 'test' || deps.money.stripe) throw new AppError('FORBIDDEN');
      if (!deps.config.testCheckout) throw new AppError('CHECKOUT_UNAVAILABLE');
      if (p.status !== 'created' && p.status !== 'paid') throw new AppError('CONFLICT');
      return fulfillPurchase(deps, p.id);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/shop/test-checkout/:id/cancel',
    summary: 'Cancels a purchase in the built-in test checkout (nothing is credited)',
    tags: ['shop'],
    access: provider,
    params: idParams,
    handler: async ({ deps, auth, params }) => {
      const p = await getOwnPurchase(deps.db.prisma, auth.user.id, params.id);
      if (p.provider !== 'test') throw new AppError('FORBIDDEN');
      await markPurchaseUnpaid(deps, p.id, 'expired');
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/stripe/webhook',
    summary:
      "Stripe's webhook (checkout.session.completed, checkout.session.async_payment_succeeded/failed, checkout.session.expired, charge.refunded, charge.dispute.created); signature checked on the raw body",
    tags: ['webhooks'],
    access: 'public',
    rawBody: { types: ['application/json'], limit: 1024 * 1024, description: 'The event as Stripe sends it, with the Stripe-Signature header' },
    response: z.object({ received: z.literal(true), outcome: z.string(), duplicate: z.boolean() }),
    handler: async ({ deps, req }) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      const sig = req.headers['stripe-signature'];
      const r = await handleStripeWebhook(deps, req.body, typeof sig === 'string' ? sig : undefined);
      return { received: true as const, outcome: r.outcome, duplicate: r.duplicate };
    },
  }),
];
