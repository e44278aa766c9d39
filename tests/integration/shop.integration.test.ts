// Buying Goints with the built-in test checkout (no Stripe configured): packages, checkout, fulfilment
// exactly once, receipt with the German invoice fields, purchase history, and who may do what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { splitVat } from '../../core/shop/packages.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

async function providerClient() {
  const p = await createProvider(app.deps);
  const c = app.client();
  await signIn(c, p.user.email, p.user.password);
  return { c, p };
}

describe('packages', () => {
  it('lists the three packages of the specification with requests and savings, and the test checkout', async () => {
    const r = await app.client().get<{ packages: Record<string, unknown>[]; checkout: string }>('/api/shop/packages');
    expect(r.body.checkout).toBe('test');
    expect(r.body.packages).toEqual([
      { id: 'small', goints: 1000, priceCents: 10000, requests: 20, requestsMin: 20, popular: false, savingsCents: 0, savingsPercent: 0 },
      { id: 'medium', goints: 5000, priceCents: 45000, requests: 100, requestsMin: 100, popular: true, savingsCents: 5000, savingsPercent: 10 },
      { id: 'large', goints: 10000, priceCents: 85000, requests: 200, requestsMin: 200, popular: false, savingsCents: 15000, savingsPercent: 15 },
    ]);
    expect(splitVat(45000, 19)).toEqual({ netCents: 37815, vatCents: 7185 });
  });
});

describe('the test checkout', () => {
  it('credits the package once, numbers the receipt, mails it and keeps the history', async () => {
    const { c, p } = await providerClient();
    const checkout = await c.post<{ purchaseId: string; url: string; provider: string }>('/api/shop/checkout', { packageId: 'medium' });
    expect(checkout.body.provider).toBe('test');
    expect(checkout.body.url).toBe(`${app.baseUrl}/shop/test-checkout/${checkout.body.purchaseId}`);
    const id = checkout.body.purchaseId;
    expect((await c.get<{ status: string }>(`/api/shop/purchases/${id}`)).body.status).toBe('created');
    expect((await c.get(`/api/shop/purchases/${id}/receipt`)).status).toBe(404);

    const paid = await Promise.all([
      c.post(`/api/shop/test-checkout/${id}/pay`),
      c.post(`/api/shop/test-checkout/${id}/pay`),
      c.post(`/api/shop/test-checkout/${id}/pay`),
    ]);
    expect(paid.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(paid.filter((r) => (r.body as { credited: boolean }).credited)).toHaveLength(1);
    // Test-checkout Goints are promotional, like the welcome bonus (decision 019).
    expect(await getBalance(app.deps.db.prisma, account.walletPromo(p.user.id))).toBe(goints(50 + 5000));
    expect(await getBalance(app.deps.db.prisma, account.wallet(p.user.id))).toBe(0n);

    const receipt = await c.get<Record<string, unknown> & { number: string; netCents: number; vatCents: number; grossCents: number }>(
      `/api/shop/purchases/${id}/receipt`,
    );
    expect(receipt.body).toMatchObject({
      number: expect.stringMatching(/^AK-\d{4}-\d{6}$/),
      seller: { name: 'akut (Testbetrieb)', vatId: 'DE000000000' },
      buyer: { email: p.user.email },
      item: { packageId: 'medium', goints: 5000 },
      grossCents: 45000,
      vatRatePercent: 19,
      test: true,
    });
    expect(receipt.body.netCents + receipt.body.vatCents).toBe(45000);
    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: p.user.email, template: 'purchaseReceipt' } });
    expect(mail.subject).toBe(`Deine Quittung ${receipt.body.number} von akut`);
    expect(mail.text).toMatch(/Gesamtbetrag: 450,00\s€/);
    expect(mail.text).toContain('Testzahlung');
    const history = await c.get<{ purchases: { id: string; status: string }[] }>('/api/shop/purchases');
    expect(history.body.purchases).toEqual([expect.objectContaining({ id, status: 'paid' })]);

    // A second purchase gets the next number.
    const second = (await c.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' })).body.purchaseId;
    await c.post(`/api/shop/test-checkout/${second}/pay`);
    const n1 = Number(receipt.body.number.slice(-6));
    const n2 = Number((await c.get<{ number: string }>(`/api/shop/purchases/${second}/receipt`)).body.number.slice(-6));
    expect(n2).toBe(n1 + 1);
  });

  it('cancelling credits nothing; others cannot pay or see a purchase; seekers cannot buy', async () => {
    const { c, p } = await providerClient();
    const id = (await c.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' })).body.purchaseId;
    const { c: other } = await providerClient();
    expect((await other.post(`/api/shop/test-checkout/${id}/pay`)).status).toBe(404);
    expect((await other.get(`/api/shop/purchases/${id}`)).status).toBe(404);
    expect((await c.post(`/api/shop/test-checkout/${id}/cancel`)).status).toBe(200);
    expect((await c.post<{ error: { code: string } }>(`/api/shop/test-checkout/${id}/pay`)).body.error.code).toBe('CONFLICT');
    expect(await getBalance(app.deps.db.prisma, account.walletPromo(p.user.id))).toBe(goints(50));
    const { client: seeker } = await signedInClient(app, { role: 'seeker' });
    expect((await seeker.post('/api/shop/checkout', { packageId: 'small' })).status).toBe(403);
    expect((await app.client().post('/api/shop/checkout', { packageId: 'small' })).status).toBe(401);
    expect((await c.post('/api/shop/checkout', { packageId: 'huge' })).status).toBe(400);
    const tc: TestClient = c;
    expect((await tc.post('/api/stripe/webhook', {})).status).toBe(404);
  });
});

describe('stale checkouts', () => {
  it('a checkout nobody finished within a day is marked expired; a paid one is never touched', async () => {
    const { reconcileStripePurchases, STALE_CHECKOUT_MS } = await import('../../server/domain/shop/reconcile-purchases.ts');
    const { c } = await providerClient();
    const open = (await c.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' })).body.purchaseId;
    const paid = (await c.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' })).body.purchaseId;
    await c.post(`/api/shop/test-checkout/${paid}/pay`);
    const old = new Date(Date.now() - STALE_CHECKOUT_MS - 60_000);
    await app.deps.db.prisma.purchase.updateMany({ where: { id: { in: [open, paid] } }, data: { createdAt: old } });
    expect((await reconcileStripePurchases(app.deps)).expired).toBe(1);
    expect((await c.get<{ status: string }>(`/api/shop/purchases/${open}`)).body.status).toBe('expired');
    expect((await c.get<{ status: string }>(`/api/shop/purchases/${paid}`)).body.status).toBe('paid');
  });
});
