// Money in: the Goints shop (packages, checkout, purchases and receipts), the built-in test checkout, and
// Stripe's signed webhook. Thin doors; the rules are in server/domain/shop and server/integrations/stripe.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { listPackages } from '../../core/shop/packages.ts';
import { GOINTS_PER_EUR } from '../../core/money/money.ts';
import { getCurrentPrices } from '../domain/prices/list-price-entries.ts';
import { createCheckout } from '../domain/shop/create-checkout.ts';
import { fulfillPurchase, markPurchaseUnpaid } from '../domain/shop/fulfill-purchase.ts';
import { getReceipt, listPurchases } from '../domain/shop/receipt.ts';
import { handleStripeWebhook } from '../integrations/stripe/handle-webhook.ts';
import { shopContract } from '../../core/contract/shop.ts';
import { getOwnPurchase } from '../domain/shop/get-own-purchase.ts';

const provider = { roles: ['provider'] } as const;

export const shopRoutes = [
  defineRoute({
    ...shopContract.packages,
    summary: "The Goints packages (prices include VAT) and which checkout is in use ('stripe' or the built-in 'test')",
    tags: ['shop'],
    access: 'public',
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
    ...shopContract.checkout,
    summary: 'Starts buying a package: a Stripe Checkout Session, or the test checkout without Stripe; open the url in a new window',
    tags: ['shop'],
    access: provider,
    handler: ({ deps, auth, body, lang }) => createCheckout(deps, auth.user, body.packageId, lang),
  }),
  defineRoute({
    ...shopContract.purchases,
    summary: "The provider's purchases, newest first",
    tags: ['shop'],
    access: provider,
    handler: async ({ deps, auth }) => ({ purchases: await listPurchases(deps.db.prisma, auth.user.id) }),
  }),
  defineRoute({
    ...shopContract.purchase,
    summary: 'One purchase of the caller (its status while the payment is confirmed)',
    tags: ['shop'],
    access: provider,
    handler: async ({ deps, auth, params }) =>
      (await listPurchases(deps.db.prisma, auth.user.id)).find((p) => p.id === params.id) ?? Promise.reject(new AppError('NOT_FOUND')),
  }),
  defineRoute({
    ...shopContract.receipt,
    summary: 'The receipt of a paid purchase: seller, buyer, date, number, net, VAT, gross',
    tags: ['shop'],
    access: provider,
    handler: ({ deps, auth, params }) => getReceipt(deps.db.prisma, deps.config, auth.user.id, params.id),
  }),
  defineRoute({
    ...shopContract.payTest,
    summary:
      'Completes a purchase in the built-in test checkout (only without Stripe and with the test checkout on; no real money, so its Goints are promotional) through the same fulfilment as a paid Stripe session',
    tags: ['shop'],
    access: provider,
    handler: async ({ deps, auth, params }) => {
      const p = await getOwnPurchase(deps.db.prisma, auth.user.id, params.id);
      if (p.provider !== 'test' || deps.money.stripe) throw new AppError('FORBIDDEN');
      if (!deps.config.testCheckout) throw new AppError('CHECKOUT_UNAVAILABLE');
      if (p.status !== 'created' && p.status !== 'paid') throw new AppError('CONFLICT');
      return fulfillPurchase(deps, p.id);
    },
  }),
  defineRoute({
    ...shopContract.cancelTest,
    summary: 'Cancels a purchase in the built-in test checkout (nothing is credited)',
    tags: ['shop'],
    access: provider,
    handler: async ({ deps, auth, params }) => {
      const p = await getOwnPurchase(deps.db.prisma, auth.user.id, params.id);
      if (p.provider !== 'test') throw new AppError('FORBIDDEN');
      await markPurchaseUnpaid(deps, p.id, 'expired');
      return { ok: true as const };
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
