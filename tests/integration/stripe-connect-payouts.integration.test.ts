// Payouts through licensed providers (decision 081): Stripe Connect against a local fake of Stripe's API
// (Express accounts, onboarding links, transfers with the payout's idempotency key, reversals) with webhook
// events signed by the library's own helper (the platform's and the Connect endpoint's secrets); PayPal's
// webhook for a failed item; and the operator's own-account payouts (SEPA file, PayPal by hand) only where
// the operator declared them. The ledger stays balanced throughout: no money made or lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../helpers/fake-stripe-server.ts';
import { startFakePayPalServer, type FakePayPalServer } from '../helpers/fake-paypal-server.ts';
import { createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { syncStripePayouts } from '../../server/domain/payouts/send-stripe-transfer.ts';
import { stripeTransferKey } from '../../server/domain/payouts/payout-idempotency-key.ts';
import { loadConfig, payoutRails } from '../../server/config.ts';
import { clientAs } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart, type ChatTurn } from '../helpers/chat.ts';

const SECRET = 'whsec_akut_test';

async function confirm(c: TestClient, sessionId: string, turn: ChatTurn, name: string) {
  const id = toolPart(turn, name).output!.confirmation!.id;
  return c.post<{ status: string; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: id,
    decision: 'confirm',
  });
}
const CONNECT_SECRET = 'whsec_akut_connect_test';
const signer = new Stripe('sk_test_akut');

async function giveEarnings(app: TestApp, userId: string, cents: number) {
  await inTransaction(app.deps.db.prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: `test-revenue:${userId}:${cents}:${Math.random()}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(cents) },
        { account: account.seekerEarnings(userId), amount: centsToMilli(cents) },
      ],
    }),
  );
}

const earnings = async (app: TestApp, userId: string) => Number((await getBalance(app.deps.db.prisma, account.seekerEarnings(userId))) / 100n);

async function seekerClient(app: TestApp) {
  const user = await createSeeker(app.deps.db.prisma, { name: 'Sara Seeker' });
  const c = app.client();
  await signIn(c, user.email, user.password);
  return { c, user };
}

type Method = { id: string; type: string; stripeStatus: string | null; stripeStatusReason: string | null; verified: boolean; available: boolean };

describe('the payout rails an installation offers', () => {
  it('own-account payouts are on in development and tests, off in production unless declared; Stripe Connect follows Stripe', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).ownAccountPayouts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).ownAccountPayouts).toBe(true);
    const prod = loadConfig({ NODE_ENV: 'production' });
    expect(prod.ownAccountPayouts).toBe(false);
    expect(payoutRails(prod)).toEqual({ stripe: false, paypal: 'off', bank: false });
    expect(loadConfig({ NODE_ENV: 'production', OWN_ACCOUNT_PAYOUTS: 'on' }).ownAccountPayouts).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', OWN_ACCOUNT_PAYOUTS: 'off' }).ownAccountPayouts).toBe(false);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(payoutRails(loadConfig({ NODE_ENV: 'production', ...stripe }))).toEqual({ stripe: true, paypal: 'off', bank: false });
    expect(loadConfig({ NODE_ENV: 'production', ...stripe, STRIPE_CONNECT: 'off' }).stripeConnect).toBe(false);
    expect(payoutRails(loadConfig({ NODE_ENV: 'production', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }))).toEqual({
      stripe: false,
      paypal: 'api',
      bank: false,
    });
  });
});

describe('own-account payouts not declared (OWN_ACCOUNT_PAYOUTS=off)', () => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp({ OWN_ACCOUNT_PAYOUTS: 'off' });
    admin = (await signedInClient(app, { role: 'admin' })).client;
  });
  afterAll(async () => {
    await expectLedgerConsistent(app.deps.db.prisma);
    await app?.close();
  });

  it('offers neither bank accounts nor PayPal by hand nor Stripe (not configured), in both languages', async () => {
    expect((await app.client().get<{ payoutRails: unknown }>('/api/config')).body.payoutRails).toEqual({ stripe: false, paypal: 'off', bank: false });
    const { c } = await seekerClient(app);
    const bank = await c.post<{ error: { code: string; message: string } }>('/api/payout-methods', {
      type: 'bank',
      iban: 'DE89370400440532013000',
      accountHolder: 'Sara Seeker',
    });
    expect(bank.status).toBe(409);
    expect(bank.body.error).toEqual({
      code: 'PAYOUT_METHOD_UNAVAILABLE',
      message: 'Auszahlungen auf diesem Weg bietet akut hier nicht an. Richte bitte eine andere Auszahlungsart ein.',
    });
    c.lang = 'en';
    const paypal = await c.post<{ error: { code: string; message: string } }>('/api/payout-methods', { type: 'paypal', email: 'sara@example.com' });
    expect(paypal.body.error.message).toBe('akut does not offer payouts this way here. Please set up another payout method.');
    expect((await c.post<{ error: { code: string } }>('/api/payout-methods/stripe', {})).body.error.code).toBe('PAYOUT_METHOD_UNAVAILABLE');
    expect((await admin.post<{ error: { code: string } }>('/api/admin/sepa-batches')).body.error.code).toBe('PAYOUT_METHOD_UNAVAILABLE');
  });

  it('a bank payout asked for before the setting went off cannot be approved, only rejected (the amount returns)', async () => {
    const { c, user } = await seekerClient(app);
    await giveEarnings(app, user.id, 2000);
    const method = await app.deps.db.prisma.payoutMethod.create({ data: { userId: user.id, type: 'bank', ibanLast4: '3000', accountHolder: 'Sara' } });
    // Asking for it now is refused too.
    expect(
      (await c.post<{ error: { code: string } }>('/api/payouts', { amountCents: 1500, methodId: method.id, idempotencyKey: 'own-off-0001' })).body.error.code,
    ).toBe('PAYOUT_METHOD_UNAVAILABLE');
    const payout = await app.deps.db.prisma.payout.create({
      data: { userId: user.id, methodId: method.id, source: 'seeker_earnings', amountCents: 1500, idempotencyKey: `${user.id}:old` },
    });
    await inTransaction(app.deps.db.prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `payout_request:${payout.id}`,
        kind: 'payout_request',
        reference: payout.id,
        lines: [
          { account: account.seekerEarnings(user.id), amount: -centsToMilli(1500) },
          { account: account.payoutClearing(), amount: centsToMilli(1500) },
        ],
      }),
    );
    expect((await admin.post<{ error: { code: string } }>(`/api/admin/payouts/${payout.id}/approve`)).body.error.code).toBe('PAYOUT_METHOD_UNAVAILABLE');
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${payout.id}/reject`, { reason: 'Keine Banküberweisungen mehr' })).body.status).toBe(
      'rejected',
    );
    expect(await earnings(app, user.id)).toBe(2000);
    const listed = (await c.get<{ methods: Method[] }>('/api/payout-methods')).body.methods;
    expect(listed).toEqual([expect.objectContaining({ type: 'bank', available: false })]);
  });
});

describe('Stripe Connect (a local fake of Stripe)', () => {
  let stripe: FakeStripeServer;
  let app: TestApp;
  let admin: TestClient;
  let eventNo = 0;

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    app = await startTestApp({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_akut',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    admin = (await signedInClient(app, { role: 'admin' })).client;
  });
  afterAll(async () => {
    await expectLedgerConsistent(app.deps.db.prisma);
    await app?.close();
    await stripe?.close();
  });

  async function deliver(type: string, object: object, opts: { account?: string; secret?: string } = {}) {
    eventNo += 1;
    const payload = JSON.stringify({
      id: `evt_connect_${eventNo}_${Math.random().toString(36).slice(2, 8)}`,
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      ...(opts.account ? { account: opts.account } : {}),
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? (opts.account ? CONNECT_SECRET : SECRET) });
    const res = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as { outcome?: string; duplicate?: boolean }, payload, signature };
  }

  /** A seeker with a finished Stripe onboarding (account.updated delivered) and earnings. */
  async function onboardedSeeker(cents: number) {
    const s = await seekerClient(app);
    const start = await s.c.post<{ url: string; methodId: string }>('/api/payout-methods/stripe', { returnPath: '/suchende-dashboard?tab=payouts' });
    const row = await app.deps.db.prisma.payoutMethod.findUniqueOrThrow({ where: { id: start.body.methodId } });
    const acct = stripe.completeOnboarding(row.stripeAccountId!);
    expect((await deliver('account.updated', acct, { account: acct.id })).body.outcome).toBe('status enabled');
    await giveEarnings(app, s.user.id, cents);
    return { ...s, methodId: start.body.methodId, accountId: acct.id };
  }

  async function approvedPayout(cents: number) {
    const s = await onboardedSeeker(cents);
    const r = await s.c.post<{ payoutId: string }>('/api/payouts', { amountCents: cents, methodId: s.methodId, idempotencyKey: `st-${s.user.id}` });
    expect(r.status).toBe(201);
    return { ...s, payoutId: r.body.payoutId };
  }

  const status = async (id: string) => (await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id } })).status;
  const transfersOf = (payoutId: string) => [...stripe.transfers.values()].filter((t) => t.metadata.akutPayoutId === payoutId);

  it('onboarding makes one Express account per person (even on two clicks at once) and answers Stripe’s link', async () => {
    expect((await app.client().get<{ payoutRails: unknown }>('/api/config')).body.payoutRails).toEqual({ stripe: true, paypal: 'off', bank: false });
    const { c, user } = await seekerClient(app);
    const [a, b] = await Promise.all([
      c.post<{ url: string; methodId: string }>('/api/payout-methods/stripe', { returnPath: '/affiliate/dashboard?tab=profile' }),
      c.post<{ url: string; methodId: string }>('/api/payout-methods/stripe', { returnPath: '/affiliate/dashboard?tab=profile' }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.methodId).toBe(b.body.methodId);
    expect(a.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);
    const accounts = [...stripe.accounts.values()].filter((x) => x.metadata.akutUserId === user.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ type: 'express', email: user.email, capabilities: { transfers: 'inactive' } });
    const link = stripe.requests.findLast((r) => r.path === '/v1/account_links')!;
    expect(link.body).toMatchObject({
      account: accounts[0]!.id,
      type: 'account_onboarding',
      return_url: `${app.baseUrl}/affiliate/dashboard?tab=profile&stripe=return`,
    });
    expect(link.body.refresh_url).toBe(`${app.baseUrl}/api/payout-methods/stripe/onboarding?return=${encodeURIComponent('/affiliate/dashboard?tab=profile')}`);
    // Another site as the way back is not taken.
    await c.post('/api/payout-methods/stripe', { returnPath: '//evil.example/x' });
    expect(stripe.requests.findLast((r) => r.path === '/v1/account_links')!.body.return_url).toBe(
      `${app.baseUrl}/suchende-dashboard?tab=payouts&stripe=return`,
    );
    // The refresh_url gives a fresh link to a signed-in person.
    const again = await fetch(`${app.baseUrl}/api/payout-methods/stripe/onboarding?return=%2Fsuchende-dashboard`, {
      headers: { cookie: c.cookieHeader },
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^https:\/\/connect\.stripe\.test\/setup\//);

    const methods = (await c.get<{ methods: Method[] }>('/api/payout-methods')).body.methods;
    expect(methods).toEqual([expect.objectContaining({ type: 'stripe', stripeStatus: 'onboarding', verified: false, available: true })]);
    // No payout before Stripe has checked the person.
    await giveEarnings(app, user.id, 2000);
    const early = await c.post<{ error: { code: string; message: string } }>('/api/payouts', {
      amountCents: 2000,
      methodId: a.body.methodId,
      idempotencyKey: 'early-0001',
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('STRIPE_ONBOARDING_INCOMPLETE');
    expect(await earnings(app, user.id)).toBe(2000);
  });

  it('account.updated moves the status (read again from Stripe); the way back from Stripe reads it at once', async () => {
    const { c } = await seekerClient(app);
    const { methodId } = (await c.post<{ methodId: string }>('/api/payout-methods/stripe', {})).body;
    const acct = (await app.deps.db.prisma.payoutMethod.findUniqueOrThrow({ where: { id: methodId } })).stripeAccountId!;
    // Details submitted, Stripe still checking.
    Object.assign(stripe.accounts.get(acct)!, {
      details_submitted: true,
      requirements: { disabled_reason: 'requirements.pending_verification', currently_due: [] },
    });
    const refreshed = await c.post<{ methods: Method[] }>('/api/payout-methods/stripe/refresh');
    expect(refreshed.body.methods[0]).toMatchObject({ stripeStatus: 'pending', stripeStatusReason: 'requirements.pending_verification' });
    // An event carrying an older state changes nothing: the account is read again.
    const stale = { ...stripe.accounts.get(acct)!, details_submitted: false };
    expect((await deliver('account.updated', stale, { account: acct })).body.outcome).toBe('unchanged: pending');
    stripe.completeOnboarding(acct);
    expect((await deliver('account.updated', stripe.accounts.get(acct)!, { account: acct })).body.outcome).toBe('status enabled');
    expect((await c.get<{ methods: Method[] }>('/api/payout-methods')).body.methods[0]).toMatchObject({ stripeStatus: 'enabled', verified: true });
    // Stripe disables it (e.g. a rejected document): restricted, and no further payouts.
    Object.assign(stripe.accounts.get(acct)!, { payouts_enabled: false, requirements: { disabled_reason: 'rejected.fraud', currently_due: [] } });
    expect((await deliver('account.updated', stripe.accounts.get(acct)!, { account: acct })).body.outcome).toBe('status restricted');
    // Accounts that are not akut's are recorded as ignored.
    expect((await deliver('account.updated', { id: 'acct_someone_else', object: 'account' }, { account: 'acct_someone_else' })).body.outcome).toBe(
      'ignored: unknown account',
    );
  });

  it('approval makes one transfer with the payout’s idempotency key; the bank payout makes it paid, once', async () => {
    const { c, user, payoutId, accountId } = await approvedPayout(2500);
    expect(await earnings(app, user.id)).toBe(0);
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${payoutId}/approve`)).body.status).toBe('processing');
    const [transfer, ...more] = transfersOf(payoutId);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ amount: 2500, currency: 'eur', destination: accountId, transfer_group: `payout_${payoutId}` });
    expect(stripe.requests.find((r) => r.path === '/v1/transfers' && r.body['metadata[akutPayoutId]'] === payoutId)!.idempotencyKey).toBe(
      stripeTransferKey(payoutId),
    );
    const payout = { id: 'po_test_1', object: 'payout', status: 'paid', created: Math.floor(Date.now() / 1000) + 1, failure_message: null, failure_code: null };
    const first = await deliver('payout.paid', payout, { account: accountId });
    expect(first.body.outcome).toBe('paid 1');
    // The same event again (Stripe delivers at least once): nothing twice.
    const dup = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': first.signature },
      body: first.payload,
    });
    expect(((await dup.json()) as { duplicate: boolean }).duplicate).toBe(true);
    expect(await status(payoutId)).toBe('paid');
    // The Stripe account in the words of the screens (payouts:stripe.account), in the caller's language.
    const last4 = accountId.slice(-4);
    expect((await c.get<{ payouts: { status: string; method: { label: string } }[] }>('/api/payouts')).body.payouts[0]).toMatchObject({
      status: 'paid',
      method: { label: `Stripe-Konto •••• ${last4}`, stripeAccountLast4: last4 },
    });
    expect((await c.get<{ payouts: { method: { label: string } }[] }>('/api/payouts', { 'accept-language': 'en' })).body.payouts[0]!.method.label).toBe(
      `Stripe account •••• ${last4}`,
    );
    const listed = (await admin.get<{ payouts: { id: string; paidAt: string | null; method: { label: string } }[] }>('/api/admin/payouts?status=paid')).body
      .payouts;
    expect(listed.find((p) => p.id === payoutId)).toMatchObject({ method: { label: `Stripe-Konto •••• ${last4}` }, paidAt: expect.any(String) });
    expect(await getBalance(app.deps.db.prisma, account.payoutsPaid())).toBeGreaterThanOrEqual(centsToMilli(2500));
    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'payoutPaid' } });
    expect(mail.subject).toMatch(/25,00\s€/);
    expect(mail.text).toContain(`Stripe-Konto •••• ${last4}`);
  });

  it('a lost answer and Stripe being down are retried with the same key: still one transfer', async () => {
    const { payoutId } = await approvedPayout(1200);
    // Stripe makes the transfer but the answer is lost, then Stripe is down for a while.
    stripe.failTransfers = { status: 500, times: 10, lose: true };
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    expect(await status(payoutId)).toBe('approved');
    stripe.failTransfers = null;
    expect((await syncStripePayouts(app.deps)).retried).toBeGreaterThanOrEqual(1);
    expect(await status(payoutId)).toBe('processing');
    expect(transfersOf(payoutId)).toHaveLength(1);
    // A second sync finds nothing to send.
    await syncStripePayouts(app.deps);
    expect(transfersOf(payoutId)).toHaveLength(1);
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })).stripeTransferId).toBe(transfersOf(payoutId)[0]!.id);
  });

  it('Stripe refusing the transfer fails the payout and returns the amount', async () => {
    const { user, payoutId } = await approvedPayout(1800);
    stripe.failTransfers = { status: 400, times: 1, message: 'Insufficient funds in Stripe account' };
    try {
      expect((await admin.post<{ status: string }>(`/api/admin/payouts/${payoutId}/approve`)).body.status).toBe('failed');
    } finally {
      stripe.failTransfers = null;
    }
    expect(transfersOf(payoutId)).toHaveLength(0);
    expect(await earnings(app, user.id)).toBe(1800);
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })).failureReason).toMatch(/Insufficient funds/);
  });

  it('a failed bank payout takes the transfer back and returns the amount once, whatever arrives after', async () => {
    const { user, payoutId, accountId } = await approvedPayout(3000);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    const failed = await deliver(
      'payout.failed',
      {
        id: 'po_test_2',
        object: 'payout',
        status: 'failed',
        created: Math.floor(Date.now() / 1000) + 1,
        failure_message: 'The bank account has been closed',
        failure_code: 'account_closed',
      },
      { account: accountId },
    );
    expect(failed.body.outcome).toBe('failed 1');
    const [transfer] = transfersOf(payoutId);
    expect(transfer).toMatchObject({ reversed: true, amount_reversed: 3000 });
    expect(await status(payoutId)).toBe('failed');
    expect(await earnings(app, user.id)).toBe(3000);
    // Stripe's transfer.reversed for akut's own reversal, then the failure again: nothing more moves.
    expect((await deliver('transfer.reversed', transfer!)).body.outcome).toBe('already failed');
    await deliver(
      'payout.failed',
      {
        id: 'po_test_2b',
        object: 'payout',
        status: 'failed',
        created: Math.floor(Date.now() / 1000) + 2,
        failure_message: 'again',
        failure_code: 'account_closed',
      },
      { account: accountId },
    );
    expect(await earnings(app, user.id)).toBe(3000);
    const method = (await app.deps.db.prisma.payoutMethod.findUniqueOrThrow({ where: { stripeAccountId: accountId } })).stripeStatusReason;
    expect(method).toMatch(/Stripe:/);
    expect((await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'payoutFailed' } })).text).toContain(
      'The bank account has been closed',
    );
  });

  it('a transfer reversed in Stripe’s dashboard fails the payout in flight and returns the amount', async () => {
    const { user, payoutId } = await approvedPayout(1100);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    const t = transfersOf(payoutId)[0]!;
    stripe.reverseTransfer(t.id);
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('failed');
    expect(await earnings(app, user.id)).toBe(1100);
  });

  type Listed = { status: string; amountCents: number; stripeReversedCents: number };
  const reversalAudit = (payoutId: string) =>
    app.deps.db.prisma.auditLog.findMany({ where: { entityId: payoutId, action: 'payout.stripeReversal' }, orderBy: { createdAt: 'asc' } });

  it('part of a transfer reversed in Stripe while it is in flight: that part returns to the earnings once, the rest is paid', async () => {
    const { c, user, payoutId, accountId } = await approvedPayout(4000);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    const t = transfersOf(payoutId)[0]!;
    // An admin takes 15 € back in Stripe's dashboard; Stripe sends transfer.reversed for a partial reversal too.
    const r = stripe.reverseTransfer(t.id, 1500);
    const first = await deliver('transfer.reversed', t);
    expect(first.body.outcome).toBe('reversed 1500');
    expect(await earnings(app, user.id)).toBe(1500);
    expect(await status(payoutId)).toBe('processing');
    // Delivered again, or another event for the same reversal: booked once (the key is Stripe's reversal id).
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('unchanged');
    expect(await earnings(app, user.id)).toBe(1500);
    const booked = await app.deps.db.prisma.ledgerTransaction.findMany({ where: { reference: payoutId, kind: 'payout_reversed' } });
    expect(booked.map((b) => b.idempotencyKey)).toEqual([`payout_reversal:${r.id}`]);
    // The person's payout, the admin's list, the audit log and the mail say so.
    expect((await c.get<{ payouts: Listed[] }>('/api/payouts')).body.payouts[0]).toMatchObject({
      status: 'processing',
      amountCents: 4000,
      stripeReversedCents: 1500,
    });
    const listed = (await admin.get<{ payouts: (Listed & { id: string })[] }>('/api/admin/payouts')).body.payouts.find((p) => p.id === payoutId);
    expect(listed).toMatchObject({ stripeReversedCents: 1500 });
    const audit = await reversalAudit(payoutId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      via: 'system',
      before: { status: 'processing', stripeReversedCents: 0 },
      after: { status: 'processing', stripeReversedCents: 1500 },
    });
    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'payoutReversed' } });
    expect(mail.subject).toMatch(/15,00\s€/);
    expect(mail.text).toMatch(/40,00\s€/);
    // Stripe pays the rest to the bank: 25 € leave as paid, nothing more.
    const paidBefore = await getBalance(app.deps.db.prisma, account.payoutsPaid());
    const settled = await deliver(
      'payout.paid',
      { id: 'po_test_part', object: 'payout', status: 'paid', created: Math.floor(Date.now() / 1000) + 1, failure_message: null, failure_code: null },
      { account: accountId },
    );
    expect(settled.body.outcome).toBe('paid 1');
    expect((await getBalance(app.deps.db.prisma, account.payoutsPaid())) - paidBefore).toBe(centsToMilli(2500));
    expect(await earnings(app, user.id)).toBe(1500);
    // The mail tells what reached the bank.
    expect((await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'payoutPaid' } })).subject).toMatch(/25,00\s€/);
    await expectLedgerConsistent(app.deps.db.prisma);
  });

  it('a partial reversal, then the bank refuses the rest: the whole amount is back once, never more', async () => {
    const { user, payoutId, accountId } = await approvedPayout(3000);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    const t = transfersOf(payoutId)[0]!;
    stripe.reverseTransfer(t.id, 1000);
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('reversed 1000');
    const failed = await deliver(
      'payout.failed',
      {
        id: 'po_test_part_failed',
        object: 'payout',
        status: 'failed',
        created: Math.floor(Date.now() / 1000) + 1,
        failure_message: 'No such account',
        failure_code: 'no_account',
      },
      { account: accountId },
    );
    expect(failed.body.outcome).toBe('failed 1');
    expect(t).toMatchObject({ reversed: true, amount_reversed: 3000 });
    expect(await earnings(app, user.id)).toBe(3000);
    // Stripe's event for akut's own reversal of the rest, delivered late: nothing more.
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('already failed');
    expect(await earnings(app, user.id)).toBe(3000);
    await expectLedgerConsistent(app.deps.db.prisma);
  });

  it('parts reversed until nothing is left while in flight: the payout fails and the whole amount is back once', async () => {
    const { user, payoutId } = await approvedPayout(2000);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    const t = transfersOf(payoutId)[0]!;
    stripe.reverseTransfer(t.id, 800);
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('reversed 800');
    stripe.reverseTransfer(t.id, 1200);
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('failed');
    expect(await status(payoutId)).toBe('failed');
    expect(await earnings(app, user.id)).toBe(2000);
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('already failed');
    expect(await earnings(app, user.id)).toBe(2000);
    await expectLedgerConsistent(app.deps.db.prisma);
  });

  it('a reversal after the payout was paid: the money came back to akut, so it returns to the earnings, once per reversal', async () => {
    const { user, payoutId, accountId } = await approvedPayout(2000);
    await admin.post(`/api/admin/payouts/${payoutId}/approve`);
    await deliver(
      'payout.paid',
      { id: 'po_test_paid_then', object: 'payout', status: 'paid', created: Math.floor(Date.now() / 1000) + 1, failure_message: null, failure_code: null },
      { account: accountId },
    );
    expect(await status(payoutId)).toBe('paid');
    const paidBefore = await getBalance(app.deps.db.prisma, account.payoutsPaid());
    const t = transfersOf(payoutId)[0]!;
    stripe.reverseTransfer(t.id, 500);
    stripe.reverseTransfer(t.id, 700);
    // One event may carry both reversals (or arrive late): each is booked once by its id.
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('reversed 1200');
    expect((await deliver('transfer.reversed', t)).body.outcome).toBe('unchanged');
    expect(await earnings(app, user.id)).toBe(1200);
    expect(paidBefore - (await getBalance(app.deps.db.prisma, account.payoutsPaid()))).toBe(centsToMilli(1200));
    expect(await status(payoutId)).toBe('paid');
    expect(await reversalAudit(payoutId)).toHaveLength(2);
    await expectLedgerConsistent(app.deps.db.prisma);
  });

  for (const lang of ['de', 'en'] as const) {
    it(`the chat's payout flow offers Stripe when there is nowhere to pay to, and the click answers Stripe's link (${lang})`, async () => {
      const seeker = await createSeeker(app.deps.db.prisma, { locale: lang });
      await giveEarnings(app, seeker.id, 1500);
      const c = await clientAs(app, seeker, lang);
      const sid = await createSession(c, lang);
      const ask = await sendChat(c, sid, lang === 'de' ? 'Zahl mir bitte meine Einnahmen aus' : 'Please pay out my earnings');
      const refused = toolPart(ask, 'requestPayout').output!;
      expect(refused).toMatchObject({ accepted: false, reason: 'STRIPE_SETUP_NEEDED' });
      expect(ask.text).toContain('Stripe');
      const choice = (refused as unknown as { choices: { label: string; tool?: string; input?: unknown }[] }).choices[0]!;
      expect(choice).toMatchObject({ tool: 'addPayoutMethod', input: { type: 'stripe' } });
      expect(choice.label).toBe(lang === 'de' ? 'Auszahlungen über Stripe einrichten' : 'Set up payouts through Stripe');
      // The button's words run the set-up, which asks for the person's click first.
      const card = await sendChat(c, sid, choice.label);
      const proposal = toolPart(card, 'addPayoutMethod').output!;
      expect(proposal).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
      const done = await confirm(c, sid, card, 'addPayoutMethod');
      expect(done.body.result).toMatchObject({ accepted: true, data: { onboardingUrl: expect.stringMatching(/^https:\/\/connect\.stripe\.test\//) } });
      const row = await app.deps.db.prisma.payoutMethod.findFirstOrThrow({ where: { userId: seeker.id, type: 'stripe' } });
      expect(row.stripeStatus).toBe('onboarding');
      expect(stripe.requests.findLast((r) => r.path === '/v1/account_links')!.body.return_url).toBe(
        `${app.baseUrl}/suchende-dashboard?tab=payouts&stripe=return`,
      );
      // Asked again before Stripe has checked the person: the button continues the set-up.
      const again = await sendChat(c, sid, lang === 'de' ? 'Zahl mir bitte meine Einnahmen aus' : 'Please pay out my earnings');
      expect(toolPart(again, 'requestPayout').output).toMatchObject({ accepted: false, reason: 'STRIPE_ONBOARDING_INCOMPLETE' });
      // Once Stripe enabled the account, the payout is proposed to it.
      stripe.completeOnboarding(row.stripeAccountId!);
      await deliver('account.updated', stripe.accounts.get(row.stripeAccountId!)!, { account: row.stripeAccountId! });
      const ready = await sendChat(c, sid, lang === 'de' ? 'Zahl mir bitte meine Einnahmen aus' : 'Please pay out my earnings');
      expect(toolPart(ready, 'requestPayout').output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
      const paid = await confirm(c, sid, ready, 'requestPayout');
      expect(paid.body.result).toMatchObject({ accepted: true, data: { method: 'stripe', amountCents: 1500 } });
    });
  }

  it('events with a wrong signature are refused and change nothing', async () => {
    const r = await deliver('payout.paid', { id: 'po_x', object: 'payout', status: 'paid', created: 0 }, { account: 'acct_x', secret: 'whsec_wrong' });
    expect(r.status).toBe(400);
  });
});

describe('PayPal Payouts: the webhook of a failed item', () => {
  let paypal: FakePayPalServer;
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    paypal = await startFakePayPalServer();
    app = await startTestApp({
      NODE_ENV: 'production',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: 'WH-1',
    });
    admin = (await signedInClient(app, { role: 'admin' })).client;
  });
  afterAll(async () => {
    await expectLedgerConsistent(app.deps.db.prisma);
    await app?.close();
    await paypal?.close();
  });

  it('in production with the API configured, PayPal is offered and a failed item returns the amount on the webhook', async () => {
    expect((await app.client().get<{ payoutRails: unknown }>('/api/config')).body.payoutRails).toEqual({ stripe: false, paypal: 'api', bank: false });
    const { c, user } = await seekerClient(app);
    await giveEarnings(app, user.id, 1600);
    const m = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'sara.pp@example.com' })).body.id;
    const id = (await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 1600, methodId: m, idempotencyKey: 'pp-webhook-01' })).body.payoutId;
    paypal.itemOutcome = 'FAILED';
    try {
      expect((await admin.post<{ status: string }>(`/api/admin/payouts/${id}/approve`)).body.status).toBe('processing');
    } finally {
      paypal.itemOutcome = 'SUCCESS';
    }
    expect(await earnings(app, user.id)).toBe(0);
    const hook = await fetch(`${app.baseUrl}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 't-item', 'paypal-transmission-sig': 's' },
      body: JSON.stringify({ event_type: 'PAYMENT.PAYOUTS-ITEM.FAILED', resource: { sender_batch_id: `akut-${id}` } }),
    });
    expect(hook.status).toBe(200);
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id } })).status).toBe('failed');
    expect(await earnings(app, user.id)).toBe(1600);
    // A second delivery of the same event changes nothing.
    await fetch(`${app.baseUrl}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 't-item', 'paypal-transmission-sig': 's' },
      body: JSON.stringify({ event_type: 'PAYMENT.PAYOUTS-ITEM.FAILED' }),
    });
    expect(await earnings(app, user.id)).toBe(1600);
  });
});
