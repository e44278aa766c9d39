// Privacy rights (issue 14, decision 046): the personal data export holds each kind of the person's data and
// nothing of anyone else (IBAN masked); deletion explains what stops it, pseudonymises at once, closes open
// requests with refunds, withdraws open offers, keeps the ledger consistent and ends every way in; the
// retention job deletes only records whose 10 years have passed; providers lose a closed request's contact
// data after the retention setting.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { rateDeal } from '../../server/domain/deals/rate-deal.ts';
import { addFavorite } from '../../server/domain/favorites/favorites.ts';
import { sendSupportMessage } from '../../server/domain/support/send-support-message.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';
import { requestPayout } from '../../server/domain/payouts/request-payout.ts';
import { closeRequest } from '../../server/domain/requests/end-request.ts';
import { listProviderMatches } from '../../server/domain/matching/list-provider-matches.ts';
import { purgeRetainedRecords } from '../../server/domain/privacy/purge-retained-records.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';

const IBAN = 'DE89370400440532013000';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_EXPORT: '8' });
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

async function giveEarnings(userId: string, cents: number) {
  await inTransaction(app.deps.db.prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: `test-earnings:${crypto.randomUUID()}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(cents) },
        { account: account.seekerEarnings(userId), amount: centsToMilli(cents) },
      ],
    }),
  );
}

async function clientOf(user: { email: string; password: string }): Promise<TestClient> {
  const c = app.client();
  await signIn(c, user.email, user.password);
  return c;
}

async function chatSessionWith(userId: string, text: string) {
  await app.deps.db.prisma.chatSession.create({
    data: { userId, messages: { create: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] }] } },
  });
}

describe('personal data export', () => {
  it('holds each kind of the person’s data, masks the IBAN and holds nothing of another person', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const partner = await createUser(prisma, { name: 'Paula Partner' });
    await prisma.user.update({ where: { id: partner.id }, data: { referralCode: 'AKUT-UPLINE' } });
    const seeker = await createSeeker(prisma, { name: 'Selma Export', referredById: partner.id });
    const referred = await createUser(prisma, { name: 'Rudi Referred', email: 'rudi.referred@example.com', referredById: seeker.id });
    const other = await createSeeker(prisma, { name: 'Otto Other', email: 'otto.other@example.com' });
    const { user: provider } = await createProvider(deps, { firmenname: 'Heizung Export GmbH', postcode: '50667' });
    await givePaidGointsOnly(prisma, provider.id, 200);

    const req = await createReleasedRequest(deps, seeker.id, {
      beschreibung: 'Die Heizung im Keller ist defekt und muss schnell repariert werden, Stichwort EXPORT-MINE.',
    });
    await createReleasedRequest(deps, other.id, { beschreibung: 'Fremde Anfrage mit Geheimnis OTHER-SECRET im Text, Heizung kaputt.' });
    await unlockAtQuotedPrice(deps, provider.id, req.id);
    const offer = await createOffer(deps, provider.id, {
      requestId: req.id,
      price: 300,
      beschreibung: 'Reparatur mit Material und Anfahrt.',
      verfuegbarkeit: 'morgen',
    });
    const { dealId } = await acceptOffer(deps, seeker.id, offer.id);
    await confirmDeal(deps, provider.id, dealId);
    await confirmDeal(deps, seeker.id, dealId);
    await rateDeal(prisma, seeker.id, dealId, { rating: 5, testimonial: 'Sehr schnell und sauber gearbeitet.', showFirstName: false, contactVisible: false });
    await addFavorite(prisma, seeker.id, provider.id);
    await chatSessionWith(seeker.id, 'Meine Heizung ist kaputt CHAT-MINE');
    await chatSessionWith(other.id, 'Nachricht von jemand anderem CHAT-OTHER');
    await sendSupportMessage(deps, seeker.id, 'Wie funktioniert die Auszahlung? SUPPORT-MINE');
    await sendSupportMessage(deps, other.id, 'Frage von jemand anderem SUPPORT-OTHER');
    const method = await addPayoutMethod(deps, seeker.id, { type: 'bank', iban: IBAN, accountHolder: 'Selma Export' });
    await giveEarnings(seeker.id, 2000);
    await requestPayout(deps, seeker.id, { amountCents: 1500, methodId: method.id, source: 'seeker_earnings', idempotencyKey: 'export-test-payout' });

    const c = await clientOf(seeker);
    const res = await c.get<Record<string, any>>('/api/me/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="akut-daten-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.body;
    expect(data.account).toMatchObject({ id: seeker.id, name: 'Selma Export', email: seeker.email });
    expect(data.requests.map((r: { beschreibung: string }) => r.beschreibung)).toEqual([expect.stringContaining('EXPORT-MINE')]);
    expect(JSON.stringify(data.chat)).toContain('CHAT-MINE');
    expect(data.deals).toEqual([expect.objectContaining({ id: dealId, role: 'seeker', status: 'completed' })]);
    expect(data.reviews.written).toEqual([expect.objectContaining({ rating: 5, testimonial: 'Sehr schnell und sauber gearbeitet.' })]);
    expect(data.favorites).toEqual([expect.objectContaining({ firmenname: 'Heizung Export GmbH' })]);
    const earnings = data.ledger.find((a: { account: string }) => a.account === 'seeker_earnings');
    expect(earnings.entries.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['deal_settlement', 'payout_request']));
    expect(data.payouts).toEqual([expect.objectContaining({ amountCents: 1500, status: 'requested' })]);
    expect(data.payouts[0].method.iban).toBe('DE** **** **** **** **30 00');
    expect(data.payoutMethods).toEqual([expect.objectContaining({ type: 'bank', iban: 'DE** **** **** **** **30 00' })]);
    expect(data.referrals).toEqual({ ownCode: null, uplineCode: 'AKUT-UPLINE', referredPeople: 1 });
    expect(data.support).toEqual([expect.objectContaining({ from: 'you', body: 'Wie funktioniert die Auszahlung? SUPPORT-MINE' })]);

    // Nothing of anyone else: not the other seeker, not the person they referred, never the whole IBAN.
    for (const foreign of ['OTHER-SECRET', 'CHAT-OTHER', 'SUPPORT-OTHER', other.email, 'Otto Other', referred.email, 'Rudi Referred', IBAN, '0532013000'])
      expect(res.text, foreign).not.toContain(foreign);

    const html = await c.get('/api/me/export?format=html');
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename="akut-daten-.*\.html"$/);
    expect(html.text).toContain('<h2>Chatverlauf</h2>');
    expect(html.text).toContain('CHAT-MINE');
    expect(html.text).toContain('DE** **** **** **** **30 00');
    expect(html.text).not.toContain('OTHER-SECRET');
    c.lang = 'en';
    const en = await c.get('/api/me/export?format=html');
    expect(en.text).toContain('<h2>Chat history</h2>');
    expect(en.headers.get('content-disposition')).toMatch(/akut-data-.*\.html/);
  });

  it('refuses anonymous callers and a wrong format, and is rate-limited', async () => {
    expect((await app.client().get('/api/me/export')).status).toBe(401);
    const { client } = await signedInClient(app, { role: 'provider' });
    const bad = await client.get<{ error: { code: string } }>('/api/me/export?format=pdf');
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await client.get('/api/me/export')).status);
    expect(statuses).toContain(429);
  });
});

describe('account deletion', () => {
  it('explains what happens, then pseudonymises at once, closes the open request with refunds and ends every way in', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const seeker = await createSeeker(prisma, { name: 'Doris Delete' });
    const { user: provider } = await createProvider(deps, { postcode: '10115' });
    await givePaidGointsOnly(prisma, provider.id, 100);
    const req = await createReleasedRequest(deps, seeker.id, {
      postcode: '10115',
      beschreibung: 'Der Wasserhahn in der Küche tropft seit Tagen und muss ersetzt werden.',
    });
    await unlockAtQuotedPrice(deps, provider.id, req.id);
    const walletAfterUnlock = await getBalance(prisma, account.wallet(provider.id));
    await chatSessionWith(seeker.id, 'Mein Wasserhahn tropft');
    await addPayoutMethod(deps, seeker.id, { type: 'bank', iban: IBAN, accountHolder: 'Doris Delete' });
    await giveEarnings(seeker.id, 400);
    const c = await clientOf(seeker);

    const check = await c.get('/api/me/deletion');
    expect(check.body).toEqual({
      possible: true,
      blockers: [],
      openRequests: 1,
      refundedUnlocks: 1,
      openOffers: 0,
      goints: 0,
      earningsCents: 400,
      retentionYears: 10,
    });

    const wrong = await c.post<{ error: { code: string; message: string } }>('/api/me/delete', { confirmation: 'ja' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'DELETE_CONFIRMATION_MISMATCH',
      message: 'Bitte tippe LÖSCHEN in das Feld, um die Löschung zu bestätigen.',
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: seeker.id } })).deletedAt).toBeNull();

    const done = await c.post('/api/me/delete', { confirmation: 'löschen' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ deleted: true, closedRequests: 1, refundedUnlocks: 1, withdrawnOffers: 0 });

    const row = await prisma.user.findUniqueOrThrow({ where: { id: seeker.id } });
    expect(row).toMatchObject({ name: 'Gelöschtes Konto', email: `deleted-${seeker.id}@deleted.invalid`, referralCode: null });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await prisma.session.count({ where: { userId: seeker.id } })).toBe(0);
    expect(await prisma.chatSession.count({ where: { userId: seeker.id } })).toBe(0);
    expect(await prisma.request.findUniqueOrThrow({ where: { id: req.id } })).toMatchObject({
      status: 'closed',
      beschreibung: '',
      firstName: null,
      postcode: null,
    });
    expect(await prisma.unlock.findFirstOrThrow({ where: { requestId: req.id } })).toMatchObject({ status: 'refunded' });
    expect(await getBalance(prisma, account.wallet(provider.id))).toBeGreaterThan(walletAfterUnlock);
    expect(await prisma.payoutMethod.findFirstOrThrow({ where: { userId: seeker.id } })).toMatchObject({
      ibanEncrypted: null,
      accountHolder: null,
      ibanLast4: '3000',
    });
    // The earnings below the payout minimum stay booked under the pseudonym (an accounting record).
    expect(await getBalance(prisma, account.seekerEarnings(seeker.id))).toBe(centsToMilli(400));
    await expectLedgerConsistent(prisma);

    // No way back in: the old session is gone and the old password no longer signs in.
    expect((await c.get<{ user: unknown }>('/api/me')).body.user).toBeNull();
    const again = await app.client().post('/api/auth/sign-in/email', { email: seeker.email, password: seeker.password });
    expect(again.status).not.toBe(200);
  });

  it('withdraws a provider’s open offers and removes the public profile', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const seeker = await createSeeker(prisma);
    const { user: provider } = await createProvider(deps, { postcode: '20095', firmenname: 'Weg GmbH' });
    await givePaidGointsOnly(prisma, provider.id, 100);
    const req = await createReleasedRequest(deps, seeker.id, { postcode: '20095' });
    await unlockAtQuotedPrice(deps, provider.id, req.id);
    const offer = await createOffer(deps, provider.id, {
      requestId: req.id,
      price: 250,
      beschreibung: 'Ich komme morgen früh vorbei.',
      verfuegbarkeit: 'morgen',
    });
    const c = await clientOf(provider);
    expect((await c.get<{ openOffers: number; goints: number }>('/api/me/deletion')).body).toMatchObject({ openOffers: 1, goints: 100 - 50 });
    expect((await c.post('/api/me/delete', { confirmation: 'DELETE' })).body).toMatchObject({ withdrawnOffers: 1 });
    expect(await prisma.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({ status: 'zurueckgezogen', beschreibung: '' });
    expect((await app.client().get(`/api/providers/${provider.id}`)).status).toBe(404);
    await expectLedgerConsistent(prisma);
  });

  it('refuses while a payout is in flight or earnings can be paid out, and for admins, changing nothing', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const seeker = await createSeeker(prisma, { name: 'Paul Payout' });
    const method = await addPayoutMethod(deps, seeker.id, { type: 'paypal', email: 'paul@example.com' });
    await giveEarnings(seeker.id, 3000);
    await requestPayout(deps, seeker.id, { amountCents: 1000, methodId: method.id, source: 'seeker_earnings', idempotencyKey: 'blocked-payout-1' });
    const c = await clientOf(seeker);
    const check = await c.get<{ possible: boolean; blockers: string[] }>('/api/me/deletion');
    expect(check.body).toMatchObject({ possible: false, blockers: ['payout_in_flight', 'earnings_payable'] });
    const refused = await c.post<{ error: { code: string } }>('/api/me/delete', { confirmation: 'LÖSCHEN' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ACCOUNT_DELETION_BLOCKED');
    expect(await prisma.user.findUniqueOrThrow({ where: { id: seeker.id } })).toMatchObject({ name: 'Paul Payout', deletedAt: null });
    expect((await c.get<{ user: { id: string } }>('/api/me')).body.user?.id).toBe(seeker.id);

    const { client: admin } = await signedInClient(app, { role: 'admin' });
    expect((await admin.get<{ blockers: string[] }>('/api/me/deletion')).body.blockers).toEqual(['admin']);
    expect((await admin.post('/api/me/delete', { confirmation: 'LÖSCHEN' })).status).toBe(409);
  });
});

describe('retention job', () => {
  it('deletes the pseudonymised records only once 10 years have passed, keeping the ledger balanced', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const make = async (name: string) => {
      const u = await createSeeker(prisma, { name });
      const m = await addPayoutMethod(deps, u.id, { type: 'bank', iban: IBAN, accountHolder: name });
      await giveEarnings(u.id, 1500);
      await requestPayout(deps, u.id, { amountCents: 1200, methodId: m.id, source: 'seeker_earnings', idempotencyKey: `retention-${u.id}` });
      const payout = await prisma.payout.findFirstOrThrow({ where: { userId: u.id } });
      // Paid out, as the bank confirmed it: nothing in flight any more.
      await prisma.payout.update({ where: { id: payout.id }, data: { status: 'paid', paidAt: new Date() } });
      await inTransaction(prisma, (tx) =>
        postTransaction(tx, {
          idempotencyKey: `payout-paid:${payout.id}`,
          kind: 'payout_paid',
          reference: payout.id,
          lines: [
            { account: account.payoutClearing(), amount: -centsToMilli(1200) },
            { account: account.payoutsPaid(), amount: centsToMilli(1200) },
          ],
        }),
      );
      const c = await clientOf(u);
      expect((await c.post('/api/me/delete', { confirmation: 'LÖSCHEN' })).status).toBe(200);
      return u;
    };
    const old = await make('Alt Konto');
    const recent = await make('Neu Konto');
    const now = new Date();
    const elevenYearsAgo = new Date(now);
    elevenYearsAgo.setUTCFullYear(now.getUTCFullYear() - 11);
    await prisma.user.update({ where: { id: old.id }, data: { deletedAt: elevenYearsAgo } });
    const nineYearsAgo = new Date(now);
    nineYearsAgo.setUTCFullYear(now.getUTCFullYear() - 9);
    await prisma.user.update({ where: { id: recent.id }, data: { deletedAt: nineYearsAgo } });

    expect(await purgeRetainedRecords(prisma, now)).toBe(1);

    expect(await prisma.user.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await prisma.payout.count({ where: { userId: old.id } })).toBe(0);
    expect(await prisma.payoutMethod.count({ where: { userId: old.id } })).toBe(0);
    expect(await prisma.ledgerAccount.count({ where: { ownerId: old.id } })).toBe(0);
    expect(await prisma.ledgerTransaction.count({ where: { kind: 'retention_carry_forward' } })).toBe(1);
    // The recent one keeps everything until its own 10 years are over.
    expect(await prisma.user.findUnique({ where: { id: recent.id } })).not.toBeNull();
    expect(await prisma.payout.count({ where: { userId: recent.id } })).toBe(1);
    expect(await getBalance(prisma, account.seekerEarnings(recent.id))).toBe(centsToMilli(300));
    await expectLedgerConsistent(prisma);
    // Run again: nothing more is due.
    expect(await purgeRetainedRecords(prisma, now)).toBe(0);
  });
});

describe('contact data retention', () => {
  it('hides a closed request’s contact from the provider who unlocked it once the setting’s days have passed', async () => {
    const deps = app.deps;
    const prisma = deps.db.prisma;
    const seeker = await createSeeker(prisma, { name: 'Rita Retention' });
    const { user: provider } = await createProvider(deps, { postcode: '80331' });
    await givePaidGointsOnly(prisma, provider.id, 100);
    const req = await createReleasedRequest(deps, seeker.id, { postcode: '80331' });
    await unlockAtQuotedPrice(deps, provider.id, req.id);
    await closeRequest(deps, seeker.id, req.id);
    const match = await prisma.match.findFirstOrThrow({ where: { requestId: req.id, providerId: provider.id } });
    const view = async () => (await listProviderMatches(prisma, provider.id, 'de', { matchId: match.id })).matches[0]!;

    const within = await view();
    expect(within.unlocked && within.request.contact.email).toBe(seeker.email);

    await prisma.request.update({ where: { id: req.id }, data: { closedAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) } });
    const after = await view();
    expect(after.unlocked).toBe(true);
    if (!after.unlocked) return;
    expect(after.request.contact).toEqual({ firstName: null, name: null, email: null });
    expect(after.request.contactHidden).toBe(true);

    // A longer period set by an admin shows it again.
    const { client: admin } = await signedInClient(app, { role: 'admin' });
    expect((await admin.request('PUT', '/api/admin/settings', { 'marketplace.contactRetentionDays': 120 })).status).toBe(200);
    const longer = await view();
    expect(longer.unlocked && longer.request.contact.email).toBe(seeker.email);
  });
});
