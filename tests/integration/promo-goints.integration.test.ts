// Promotional Goints never become cash (issue 9, finding 2) and no escrow is stranded (finding 3): the
// ledger keeps paid and promotional Goints apart from the wallet to the escrow, a deal pays the seeker half
// of the paid part only, refunds give each part back where it came from, the test checkout is off in
// production unless TEST_CHECKOUT=on, no unlock is sold while a deal is pending, and a payout whose deal
// looks like one person on both sides waits for an admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { cancelDeal } from '../../server/domain/deals/cancel-deal.ts';
import { closeRequest } from '../../server/domain/requests/end-request.ts';
import { fulfillPurchase } from '../../server/domain/shop/fulfill-purchase.ts';
import { shopPackage } from '../../core/shop/packages.ts';
import type { AccountRef } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { isAppError } from '../../core/errors.ts';
import type { AppDeps } from '../../server/deps.ts';

const ref = (kind: string, ownerId: string) => ({ kind, ownerId }) as AccountRef;
const bal = (app: TestApp, kind: string, ownerId: string) => getBalance(app.deps.db.prisma, ref(kind, ownerId));

/** Goints bought and paid with real money, through the same fulfilment as a paid Stripe session. */
export async function buyPaid(deps: AppDeps, userId: string) {
  const pkg = shopPackage('small');
  const p = await deps.db.prisma.purchase.create({
    data: {
      userId,
      packageId: 'small',
      goints: pkg.goints,
      grossCents: pkg.priceCents,
      netCents: 8403,
      vatCents: 1597,
      vatRateBp: 1900,
      provider: 'stripe',
      buyerName: 'x',
      buyerEmail: 'x@example.com',
    },
  });
  await fulfillPurchase(deps, p.id, { paymentIntentId: `pi_${p.id}` });
}

async function dealOn(deps: AppDeps, providerId: string, seekerId: string, requestId: string) {
  const offer = await createOffer(deps, providerId, { requestId, price: 200, beschreibung: 'Reparatur mit Material und Anfahrt.', verfuegbarkeit: 'morgen' });
  const { dealId } = await acceptOffer(deps, seekerId, offer.id);
  return dealId;
}

async function completeDeal(deps: AppDeps, providerId: string, seekerId: string, requestId: string) {
  const dealId = await dealOn(deps, providerId, seekerId, requestId);
  await confirmDeal(deps, providerId, dealId);
  expect((await confirmDeal(deps, seekerId, dealId)).completed).toBe(true);
  return dealId;
}

let app: TestApp;
let n = 0;
const postcode = () => ['10115', '20095', '50667', '80331', '60311', '01067', '04109', '30159'][n++ % 8]!;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

describe('promotional Goints never become cash', () => {
  it('five providers with nothing but the welcome bonus unlock a request: the deal gives the seeker 0 €', async () => {
    const pc = postcode();
    const providers = [];
    for (let i = 0; i < 5; i++) providers.push(await createProvider(app.deps, { categories: ['elektronik'], postcode: pc }));
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'elektronik',
      postcode: pc,
      beschreibung: 'Der Fernseher im Wohnzimmer zeigt seit gestern kein Bild mehr.',
    });
    for (const p of providers) await unlockAtQuotedPrice(app.deps, p.user.id, r.id);
    await completeDeal(app.deps, providers[0]!.user.id, seeker.id, r.id);
    expect(await bal(app, 'seeker_earnings', seeker.id)).toBe(0n);
    // The 250 promotional Goints are a promotion cost, not platform revenue.
    const revenue = await app.deps.db.prisma.ledgerEntry.aggregate({
      where: { account: { kind: 'platform_revenue' }, transaction: { reference: r.id } },
      _sum: { amount: true },
    });
    expect(revenue._sum.amount ?? 0n).toBe(0n);
    expect(await bal(app, 'escrow', r.id)).toBe(0n);
    expect(await bal(app, 'escrow_promo', r.id)).toBe(0n);
  });

  it('a mix of paid and promotional unlocks: the seeker gets half of the paid part only', async () => {
    const pc = postcode();
    const seeker = await createSeeker(app.deps.db.prisma);
    const warmUp = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'handwerk',
      postcode: pc,
      beschreibung: 'Die Gartentür klemmt und das Schloss muss getauscht werden.',
    });
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'handwerk',
      postcode: pc,
      beschreibung: 'Im Badezimmer tropft der Wasserhahn und die Dichtung ist kaputt.',
    });
    const paidA = await createProvider(app.deps, { postcode: pc });
    const paidB = await createProvider(app.deps, { postcode: pc });
    const promo = await createProvider(app.deps, { postcode: pc });
    for (const p of [paidA, paidB]) {
      await buyPaid(app.deps, p.user.id);
      // Promotional Goints go first: the welcome bonus pays this unlock, the paid Goints the next one.
      await unlockAtQuotedPrice(app.deps, p.user.id, warmUp.id);
      expect(await bal(app, 'wallet_promo', p.user.id)).toBe(0n);
    }
    for (const p of [paidA, paidB, promo]) await unlockAtQuotedPrice(app.deps, p.user.id, r.id);
    expect(await bal(app, 'escrow', r.id)).toBe(goints(100));
    expect(await bal(app, 'escrow_promo', r.id)).toBe(goints(50));
    const quote = await getUnlockQuote(app.deps.db.prisma, paidA.user.id, r.id);
    expect(quote.balance).toBe(1000 - 50);

    await completeDeal(app.deps, paidA.user.id, seeker.id, r.id);
    expect(await bal(app, 'seeker_earnings', seeker.id)).toBe(goints(50));
    const settlement = await app.deps.db.prisma.ledgerTransaction.findFirstOrThrow({
      where: { kind: 'deal_settlement', reference: r.id },
      include: { entries: { include: { account: true } } },
    });
    const byKind = Object.fromEntries(settlement.entries.map((e) => [e.account.kind, e.amount]));
    expect(byKind).toEqual({
      escrow: -goints(100),
      escrow_promo: -goints(50),
      seeker_earnings: goints(50),
      platform_revenue: goints(50),
      promotion_used: goints(50),
    });
  });

  it('closing a request gives paid Goints back as paid and promotional ones as promotional', async () => {
    const pc = postcode();
    const seeker = await createSeeker(app.deps.db.prisma);
    const warmUp = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'handwerk',
      postcode: pc,
      beschreibung: 'Die Haustür schließt nicht mehr richtig und quietscht laut.',
    });
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'handwerk',
      postcode: pc,
      beschreibung: 'Ein Regal soll an einer Betonwand sicher montiert werden.',
    });
    const paid = await createProvider(app.deps, { postcode: pc });
    const promo = await createProvider(app.deps, { postcode: pc });
    await buyPaid(app.deps, paid.user.id);
    await unlockAtQuotedPrice(app.deps, paid.user.id, warmUp.id);
    await unlockAtQuotedPrice(app.deps, paid.user.id, r.id);
    await unlockAtQuotedPrice(app.deps, promo.user.id, r.id);
    expect(await bal(app, 'wallet', paid.user.id)).toBe(goints(950));
    expect(await bal(app, 'wallet_promo', promo.user.id)).toBe(0n);
    expect((await closeRequest(app.deps, seeker.id, r.id)).refunded).toBe(2);
    expect(await bal(app, 'wallet', paid.user.id)).toBe(goints(1000));
    expect(await bal(app, 'wallet_promo', paid.user.id)).toBe(0n);
    expect(await bal(app, 'wallet', promo.user.id)).toBe(0n);
    expect(await bal(app, 'wallet_promo', promo.user.id)).toBe(goints(50));
    expect(await bal(app, 'escrow', r.id)).toBe(0n);
    expect(await bal(app, 'escrow_promo', r.id)).toBe(0n);
  });
});

describe('no unlocks while a deal is pending', () => {
  it('refuses an unlock once an offer is accepted and sells again after the deal is cancelled', async () => {
    const pc = postcode();
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'handwerk',
      postcode: pc,
      beschreibung: 'Die Dachrinne ist verstopft und läuft bei Regen über.',
    });
    const first = await createProvider(app.deps, { postcode: pc });
    const late = await createProvider(app.deps, { postcode: pc });
    await unlockAtQuotedPrice(app.deps, first.user.id, r.id);
    const dealId = await dealOn(app.deps, first.user.id, seeker.id, r.id);

    expect((await getUnlockQuote(app.deps.db.prisma, late.user.id, r.id)).available).toBe(false);
    const refused = await unlockAtQuotedPrice(app.deps, late.user.id, r.id).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe('REQUEST_DEAL_PENDING');
    // Through the door, with a translated message.
    const c = app.client();
    await signIn(c, late.user.email, late.user.password);
    const http = await c.post<{ error: { code: string; message: string } }>(`/api/provider/requests/${r.id}/unlock`, { price: 50 });
    expect(http.status).toBe(409);
    expect(http.body.error.message).toMatch(/Deal/);
    c.lang = 'en';
    expect((await c.post<{ error: { message: string } }>(`/api/provider/requests/${r.id}/unlock`, { price: 50 })).body.error.message).toMatch(/deal/);
    expect(await bal(app, 'wallet_promo', late.user.id)).toBe(goints(50));

    await cancelDeal(app.deps, seeker.id, dealId, 'Termin passt doch nicht');
    expect((await getUnlockQuote(app.deps.db.prisma, late.user.id, r.id)).available).toBe(true);
    expect((await unlockAtQuotedPrice(app.deps, late.user.id, r.id)).repeated).toBe(false);
    expect(await bal(app, 'escrow_promo', r.id)).toBe(goints(100));
  });
});

describe('the test checkout', () => {
  it('is refused under NODE_ENV=production unless TEST_CHECKOUT=on, and its Goints are promotional', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production' });
    try {
      const p = await createProvider(prod.deps);
      const c = prod.client();
      await signIn(c, p.user.email, p.user.password);
      const r = await c.post<{ error: { code: string; message: string } }>('/api/shop/checkout', { packageId: 'large' });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('CHECKOUT_UNAVAILABLE');
      expect(r.body.error.message).toMatch(/Kauf/);
      c.lang = 'en';
      expect((await c.post<{ error: { message: string } }>('/api/shop/checkout', { packageId: 'large' })).body.error.message).toMatch(/buy/i);
      expect(await bal(prod, 'wallet', p.user.id)).toBe(0n);
      expect(await bal(prod, 'wallet_promo', p.user.id)).toBe(goints(50));
    } finally {
      await prod.close();
    }
    const on = await startTestApp({ NODE_ENV: 'production', TEST_CHECKOUT: 'on' });
    try {
      const p = await createProvider(on.deps);
      const c = on.client();
      await signIn(c, p.user.email, p.user.password);
      const checkout = await c.post<{ purchaseId: string; provider: string }>('/api/shop/checkout', { packageId: 'small' });
      expect(checkout.body.provider).toBe('test');
      expect((await c.post(`/api/shop/test-checkout/${checkout.body.purchaseId}/pay`)).status).toBe(200);
      expect(await bal(on, 'wallet', p.user.id)).toBe(0n);
      expect(await bal(on, 'wallet_promo', p.user.id)).toBe(goints(1050));
      await expectLedgerConsistent(on.deps.db.prisma);
    } finally {
      await on.close();
    }
  });
});
