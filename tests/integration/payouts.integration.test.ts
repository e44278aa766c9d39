// Money out: payout methods (validation, IBAN encrypted at rest), payout requests (minimum, balance,
// idempotency), the admin queue, SEPA files parsed back, PayPal against a local fake of the Payouts API
// (a 5xx and a lost answer retried with the same batch id, a failed item returning the funds), manual
// PayPal payouts, and a crash between storing the batch id and calling PayPal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { startFakePayPalServer, type FakePayPalServer } from '../helpers/fake-paypal-server.ts';
import { createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { sepaText } from '../../server/integrations/sepa/pain001.ts';
import { sendPayPalPayout, syncPayPalPayouts } from '../../server/domain/payouts/admin-payouts.ts';

/** Earnings for a seeker, booked like a deal's share of paid Goints (from payment clearing). */
async function giveEarnings(app: TestApp, userId: string, cents: number) {
  await inTransaction(app.deps.db.prisma, async (tx) => {
    await postTransaction(tx, {
      idempotencyKey: `test-revenue:${userId}:${cents}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(cents) },
        { account: account.seekerEarnings(userId), amount: centsToMilli(cents) },
      ],
    });
  });
}

const earnings = async (app: TestApp, userId: string) => Number((await getBalance(app.deps.db.prisma, account.seekerEarnings(userId))) / 100n);

async function seekerClient(app: TestApp, name = 'Sara Seeker') {
  const user = await createSeeker(app.deps.db.prisma, { name });
  const c = app.client();
  await signIn(c, user.email, user.password);
  return { c, user };
}

describe('without PayPal configured', () => {
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    app = await startTestApp();
    admin = (await signedInClient(app, { role: 'admin' })).client;
  });
  afterAll(async () => {
    await expectLedgerConsistent(app.deps.db.prisma);
    await app?.close();
  });

  it('validates payout methods with the specification messages and keeps IBANs encrypted', async () => {
    const { c } = await seekerClient(app);
    const noMail = await c.post<{ error: { code: string; message: string } }>('/api/payout-methods', { type: 'paypal' });
    expect(noMail.body.error).toEqual({ code: 'PAYPAL_EMAIL_REQUIRED', message: 'Bitte gib deine PayPal-E-Mail-Adresse ein.' });
    const noHolder = await c.post<{ error: { message: string } }>('/api/payout-methods', { type: 'bank', iban: 'DE89370400440532013000' });
    expect(noHolder.body.error.message).toBe('Bitte fülle alle Pflichtfelder aus.');
    expect(
      (await c.post<{ error: { code: string } }>('/api/payout-methods', { type: 'bank', iban: 'DE89370400440532013001', accountHolder: 'Sara' })).body.error
        .code,
    ).toBe('IBAN_INVALID');
    expect(
      (
        await c.post<{ error: { code: string } }>('/api/payout-methods', {
          type: 'bank',
          iban: 'DE89370400440532013000',
          accountHolder: 'Sara',
          bic: 'NOTABIC',
        })
      ).body.error.code,
    ).toBe('BIC_INVALID');
    // An Austrian bank's BIC for a German IBAN would make every SEPA file with this payout unbuildable.
    expect(
      (
        await c.post<{ error: { code: string } }>('/api/payout-methods', {
          type: 'bank',
          iban: 'DE89370400440532013000',
          accountHolder: 'Sara',
          bic: 'BKAUATWW',
        })
      ).body.error.code,
    ).toBe('BIC_INVALID');
    c.lang = 'en';
    expect((await c.post<{ error: { message: string } }>('/api/payout-methods', { type: 'paypal', email: '' })).body.error.message).toBe(
      'Please enter your PayPal e-mail address.',
    );
    c.lang = 'de';
    const bank = await c.post<{ id: string; iban: string; ibanLast4: string; verified: boolean }>('/api/payout-methods', {
      type: 'bank',
      iban: 'de89 3704 0044 0532 0130 00',
      accountHolder: 'Sara Seeker',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
    });
    expect(bank.status).toBe(201);
    expect(bank.body).toMatchObject({ iban: 'DE89 3704 0044 0532 0130 00', ibanLast4: '3000', verified: false });
    const row = await app.deps.db.prisma.payoutMethod.findUniqueOrThrow({ where: { id: bank.body.id } });
    expect(row.ibanEncrypted).toMatch(/^v1:/);
    expect(row.ibanEncrypted).not.toContain('3704');
    const paypal = await c.post<{ paypalEmail: string }>('/api/payout-methods', { type: 'paypal', email: 'Sara@Example.com' });
    expect(paypal.body.paypalEmail).toBe('sara@example.com');
    expect((await c.get<{ methods: unknown[] }>('/api/payout-methods')).body.methods).toHaveLength(2);
    // Nobody else sees or removes them.
    const other = (await seekerClient(app)).c;
    expect((await other.get<{ methods: unknown[] }>('/api/payout-methods')).body.methods).toHaveLength(0);
    expect((await other.request('DELETE', `/api/payout-methods/${bank.body.id}`)).status).toBe(404);
  });

  it('refuses payouts below 10 € or above the earnings; one payout per idempotency key, even at once', async () => {
    const { c, user } = await seekerClient(app);
    const method = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'sara@example.com' })).body.id;
    await giveEarnings(app, user.id, 2500);
    const low = await c.post<{ error: { code: string; message: string } }>('/api/payouts', {
      amountCents: 999,
      methodId: method,
      idempotencyKey: 'k-low-0001',
    });
    expect(low.body.error.code).toBe('PAYOUT_BELOW_MINIMUM');
    expect(low.body.error.message).toMatch(/10,00\s€/);
    expect(
      (await c.post<{ error: { code: string } }>('/api/payouts', { amountCents: 3000, methodId: method, idempotencyKey: 'k-high-0001' })).body.error.code,
    ).toBe('INSUFFICIENT_EARNINGS');
    const same = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        c.post<{ payoutId: string; repeated: boolean }>('/api/payouts', { amountCents: 2000, methodId: method, idempotencyKey: 'k-same-0001' }),
      ),
    );
    expect(new Set(same.map((r) => r.body.payoutId)).size).toBe(1);
    expect(same.filter((r) => !r.body.repeated)).toHaveLength(1);
    expect(await earnings(app, user.id)).toBe(500);
    expect(await getBalance(app.deps.db.prisma, account.payoutClearing())).toBeGreaterThanOrEqual(centsToMilli(2000));
    const list = await c.get<{ payouts: { status: string; amountCents: number; method: { label: string } }[] }>('/api/payouts');
    expect(list.body.payouts).toEqual([
      expect.objectContaining({ status: 'requested', amountCents: 2000, method: expect.objectContaining({ label: 'sara@example.com' }) }),
    ]);
  });

  it('bank payouts: approved into a SEPA file (parsed back), sent, paid; the seeker sees it paid', async () => {
    const a = await seekerClient(app, 'Jürgen Müller-Lüdenscheidt');
    const b = await seekerClient(app, 'Zoë Ça');
    const ids: string[] = [];
    for (const [s, cents, iban] of [
      [a, 1234, 'DE89370400440532013000'],
      [b, 5000, 'DE02120300000000202051'],
    ] as const) {
      await giveEarnings(app, s.user.id, cents);
      const m = (await s.c.post<{ id: string }>('/api/payout-methods', { type: 'bank', iban, accountHolder: s.user.name })).body.id;
      ids.push((await s.c.post<{ payoutId: string }>('/api/payouts', { amountCents: cents, methodId: m, idempotencyKey: `sepa-${s.user.id}` })).body.payoutId);
    }
    expect((await a.c.post(`/api/admin/payouts/${ids[0]}/approve`)).status).toBe(403);
    const queue = await admin.get<{ payouts: { id: string }[] }>('/api/admin/payouts?status=requested');
    expect(queue.body.payouts.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
    for (const id of ids) expect((await admin.post<{ status: string }>(`/api/admin/payouts/${id}/approve`)).body.status).toBe('approved');
    const batch = await admin.post<{ id: string; count: number; totalCents: number }>('/api/admin/sepa-batches');
    expect(batch.body).toMatchObject({ count: 2, totalCents: 6234 });
    expect((await admin.post<{ error: { code: string } }>('/api/admin/sepa-batches')).body.error.code).toBe('PAYOUT_NOT_POSSIBLE');

    const file = await fetch(`${app.baseUrl}/api/admin/sepa-batches/${batch.body.id}/file`, { headers: { cookie: admin.cookieHeader } });
    expect(file.headers.get('content-disposition')).toMatch(/attachment; filename="AKUT-\d{8}-[0-9A-F]{8}\.xml"/);
    const xml = await file.text();
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      Document: {
        CstmrCdtTrfInitn: {
          GrpHdr: { NbOfTxs: number; CtrlSum: number };
          PmtInf: { CdtTrfTxInf: { Cdtr: { Nm: string }; Amt: { InstdAmt: { '#text': number } }; CdtrAcct: { Id: { IBAN: string } } }[] };
        };
      };
    };
    const init = doc.Document.CstmrCdtTrfInitn;
    expect(Number(init.GrpHdr.NbOfTxs)).toBe(2);
    expect(Number(init.GrpHdr.CtrlSum)).toBe(62.34);
    const txs = init.PmtInf.CdtTrfTxInf;
    expect(txs.map((t) => t.Cdtr.Nm)).toEqual(['Juergen Mueller-Luedenscheidt', 'Zoe Ca']);
    expect(txs.reduce((s, t) => s + Math.round(Number(t.Amt.InstdAmt['#text']) * 100), 0)).toBe(6234);
    expect(txs.map((t) => t.CdtrAcct.Id.IBAN)).toEqual(['DE89370400440532013000', 'DE02120300000000202051']);
    expect(xml).not.toMatch(/[äöüßçë]/i);

    expect((await admin.post(`/api/admin/sepa-batches/${batch.body.id}/paid`)).status).toBe(409);
    expect((await admin.post<{ status: string }>(`/api/admin/sepa-batches/${batch.body.id}/sent`)).body.status).toBe('sent');
    expect((await a.c.get<{ payouts: { status: string }[] }>('/api/payouts')).body.payouts[0]!.status).toBe('processing');
    expect((await admin.post<{ status: string }>(`/api/admin/sepa-batches/${batch.body.id}/paid`)).body.status).toBe('paid');
    const after = await a.c.get<{ payouts: { status: string; processedAt: string | null }[] }>('/api/payouts');
    expect(after.body.payouts[0]).toMatchObject({ status: 'paid', processedAt: expect.any(String) });
    expect((await a.c.get<{ methods: { verified: boolean }[] }>('/api/payout-methods')).body.methods[0]!.verified).toBe(true);
    expect((await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: a.user.email, template: 'payoutPaid' } })).subject).toMatch(/12,34\s€/);
  });

  it('rejected and failed payouts give the amount back; manual PayPal payouts are recorded by the admin', async () => {
    const { c, user } = await seekerClient(app);
    await giveEarnings(app, user.id, 4000);
    const m = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'me@example.com' })).body.id;
    const r1 = (await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 1500, methodId: m, idempotencyKey: 'rej-000001' })).body.payoutId;
    const r2 = (await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 1500, methodId: m, idempotencyKey: 'man-000001' })).body.payoutId;
    expect(await earnings(app, user.id)).toBe(1000);
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${r1}/reject`, { reason: 'Konto nicht bestätigt' })).body.status).toBe('rejected');
    expect(await earnings(app, user.id)).toBe(2500);
    expect((await admin.post<{ error: { code: string } }>(`/api/admin/payouts/${r1}/approve`)).body.error.code).toBe('PAYOUT_NOT_POSSIBLE');
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${r2}/approve`)).body.status).toBe('approved');
    expect((await admin.post<{ status: string }>(`/api/admin/payouts/${r2}/complete`, { outcome: 'paid' })).body.status).toBe('paid');
    expect(await earnings(app, user.id)).toBe(2500);
    const statuses = (await c.get<{ payouts: { status: string }[] }>('/api/payouts')).body.payouts.map((p) => p.status).sort();
    expect(statuses).toEqual(['paid', 'rejected']);
  });
});

describe('with PayPal configured (a local fake of the Payouts API)', () => {
  let paypal: FakePayPalServer;
  let app: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    paypal = await startFakePayPalServer();
    app = await startTestApp({
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

  async function paypalPayout(cents: number) {
    const { c, user } = await seekerClient(app);
    await giveEarnings(app, user.id, cents);
    const m = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: `${user.id.slice(0, 8)}@example.com` })).body.id;
    const id = (await c.post<{ payoutId: string }>('/api/payouts', { amountCents: cents, methodId: m, idempotencyKey: `pp-${user.id}` })).body.payoutId;
    return { c, user, id };
  }

  it('sends on approval: a 5xx and a lost answer are retried with the same sender batch id, one payout is made', async () => {
    const { c, user, id } = await paypalPayout(2000);
    paypal.failCreates = 1;
    paypal.loseAnswers = 1;
    const approved = await admin.post<{ status: string }>(`/api/admin/payouts/${id}/approve`);
    expect(approved.body.status).toBe('processing');
    const calls = paypal.createCalls.filter((x) => x.senderBatchId === `akut-${id}`);
    expect(calls.length).toBe(3);
    expect(new Set(calls.map((x) => x.requestId))).toEqual(new Set([`akut-${id}`]));
    expect([...paypal.batches.values()].filter((b) => b.sender_batch_id === `akut-${id}`)).toHaveLength(1);
    expect((await admin.post<{ paid: number }>('/api/admin/payouts/sync-paypal')).body.paid).toBe(1);
    expect((await c.get<{ payouts: { status: string }[] }>('/api/payouts')).body.payouts[0]!.status).toBe('paid');
    expect(await earnings(app, user.id)).toBe(0);
    expect(await getBalance(app.deps.db.prisma, account.payoutsPaid())).toBeGreaterThanOrEqual(centsToMilli(2000));
  });

  it('a failed item returns the funds', async () => {
    const { c, user, id } = await paypalPayout(1500);
    paypal.itemOutcome = 'FAILED';
    try {
      await admin.post(`/api/admin/payouts/${id}/approve`);
      expect((await syncPayPalPayouts(app.deps)).failed).toBe(1);
    } finally {
      paypal.itemOutcome = 'SUCCESS';
    }
    const p = (await c.get<{ payouts: { status: string; failureReason: string }[] }>('/api/payouts')).body.payouts[0]!;
    expect(p.status).toBe('failed');
    expect(p.failureReason).toMatch(/FAILED/);
    expect(await earnings(app, user.id)).toBe(1500);
    expect((await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'payoutFailed' } })).text).toContain(
      'wieder auf deinem Guthaben',
    );
  });

  it('a crash after storing the batch id and before PayPal answered is finished by the sync with the same id', async () => {
    const { user, id } = await paypalPayout(1100);
    // Approve without sending (as if the process died right after storing the sender batch id).
    await app.deps.db.prisma.$transaction(async (tx) => {
      const { transitionPayout } = await import('../../server/domain/payouts/payout-transition.ts');
      await transitionPayout(tx, id, { type: 'APPROVED' });
    });
    await app.deps.db.prisma.payout.update({ where: { id }, data: { senderBatchId: `akut-${id}` } });
    paypal.failCreates = 10;
    await sendPayPalPayout(app.deps, id);
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id } })).status).toBe('approved');
    paypal.failCreates = 0;
    const r = await syncPayPalPayouts(app.deps);
    expect(r.retried).toBeGreaterThanOrEqual(1);
    await syncPayPalPayouts(app.deps);
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id } })).status).toBe('paid');
    expect([...paypal.batches.values()].filter((b) => b.sender_batch_id === `akut-${id}`)).toHaveLength(1);
    expect(await earnings(app, user.id)).toBe(0);
  });

  it('the PayPal webhook is verified with PayPal before anything happens', async () => {
    paypal.webhookValid = false;
    const bad = await fetch(`${app.baseUrl}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 't1', 'paypal-transmission-sig': 's' },
      body: JSON.stringify({ event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' }),
    });
    expect(bad.status).toBe(400);
    paypal.webhookValid = true;
    const ok = await fetch(`${app.baseUrl}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-transmission-id': 't2', 'paypal-transmission-sig': 's' },
      body: JSON.stringify({ event_type: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED' }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('SEPA text', () => {
  it('keeps only the SEPA character set', () => {
    expect(sepaText('Müller & Söhne GmbH – Straße 5 “Nord” €')).toBe('Mueller + Soehne GmbH . Strasse 5 .Nord. EUR');
  });
});
