// The affiliate programme on the server: referral codes, attribution through /ref/{code} and the cookie at
// sign-up (or a typed code), a ten-level chain paid from a real deal, pending → available after the refund
// window, reversal, the admin's plan and review queue, fraud rules, and that a partner only ever sees their own
// figures. Every test ends with a consistent ledger.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { clientAs, signedInClient, signIn } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { bookDealRevenue } from '../factories/commissions.ts';
import { createUser } from '../factories/users.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createApp } from '../../server/app.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { bookCommissions } from '../../server/domain/affiliate/book-commissions.ts';
import { decideCommission } from '../../server/domain/affiliate/decide-commission.ts';
import { queueCommissionVoided } from '../../server/domain/affiliate/tell-commission-voided.ts';
import { attributeReferral } from '../../server/domain/affiliate/attribute-referral.ts';
import { getReferralCode } from '../../server/domain/affiliate/get-referral-code.ts';
import { releaseDueCommissions } from '../../server/domain/affiliate/release-due-commissions.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';
import { requestPayout } from '../../server/domain/payouts/request-payout.ts';
import { SIGNUP_BURST_COUNT } from '../../server/domain/affiliate/fraud-rules.ts';
import { isAppError } from '../../core/errors.ts';

let app: TestApp;
let adminClient: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  adminClient = (await signedInClient(app, { role: 'admin' })).client;
});
afterAll(async () => {
  if (app) await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const DAY = 24 * 60 * 60_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const prisma = () => app.deps.db.prisma;
const pending = (id: string) => getBalance(prisma(), account.partnerPending(id));
const available = (id: string) => getBalance(prisma(), account.partnerEarnings(id));
const platform = () => getBalance(prisma(), account.platformRevenue());

let postcodeSeq = 0;
const POSTCODES = ['10115', '20095', '80331', '60311', '70173', '01067', '04109', '28195'];

/** A real deal: the provider unlocks the seeker's request (50 paid Goints), offers, the seeker accepts, both confirm. */
async function completeDeal(seekerId: string, providerInput: { referredById?: string | null; email?: string; name?: string } = {}) {
  const postcode = POSTCODES[postcodeSeq++ % POSTCODES.length]!;
  const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode, radiusKm: 10, user: providerInput });
  // Paid Goints: only the platform's share of paid unlock fees is revenue that earns commissions (decision 019).
  await givePaidGointsOnly(prisma(), provider.user.id, 50);
  const request = await createReleasedRequest(app.deps, seekerId, { postcode });
  await unlockAtQuotedPrice(app.deps, provider.user.id, request.id);
  const offer = await createOffer(app.deps, provider.user.id, {
    requestId: request.id,
    price: 300,
    beschreibung: 'Reparatur mit Ersatzteilen',
    verfuegbarkeit: 'morgen',
  });
  const { dealId } = await acceptOffer(app.deps, seekerId, offer.id);
  await confirmDeal(app.deps, provider.user.id, dealId);
  expect((await confirmDeal(app.deps, seekerId, dealId)).completed).toBe(true);
  return { dealId, provider: provider.user };
}

/** Platform revenue of a deal booked straight into the engine (for large or many amounts). */
const bookDirect = (seekerId: string, providerId: string, revenueGoints: number) => bookDealRevenue(prisma(), seekerId, providerId, revenueGoints);

/** A chain top → … → bottom: chain[0] referred nobody's parent (the top), chain[i] was referred by chain[i-1]. */
async function chainOf(n: number) {
  const chain: Awaited<ReturnType<typeof createUser>>[] = [];
  for (let i = 0; i < n; i++) chain.push(await createUser(prisma(), { referredById: chain[i - 1]?.id ?? null }));
  return chain;
}

describe('referral code', () => {
  it('is created on the server at first need, once, and the same for every later request', async () => {
    const { client, user } = await signedInClient(app, { role: 'provider' });
    expect((await prisma().user.findUnique({ where: { id: user.id } }))?.referralCode).toBeNull();
    const first = await client.get<{ code: string; link: string }>('/api/affiliate/me');
    expect(first.status).toBe(200);
    expect(first.body.code).toMatch(/^AKUT-[A-Z]{6}$/);
    expect(first.body.link).toBe(`${app.baseUrl}/?ref=${first.body.code}`);
    const [again] = await Promise.all([client.get<{ code: string }>('/api/affiliate/me'), getReferralCode(prisma(), user.id)]);
    expect(again.body.code).toBe(first.body.code);
    expect((await prisma().user.findUnique({ where: { id: user.id } }))?.referralCode).toBe(first.body.code);
  });
});

describe('attribution', () => {
  it('/ref/{code} redirects to /?ref={code}, which sets the strictly necessary cookie that sign-up reads', async () => {
    const partner = await createUser(prisma());
    const code = await getReferralCode(prisma(), partner.id);
    const visitor = app.client();
    const redirect = await visitor.get(`/ref/${code.toLowerCase()}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/?ref=${code}`);
    const page = await visitor.get(`/?ref=${code}`);
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('akut_ref='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    // A later link of another partner does not take the visitor over: the first valid code wins.
    const other = await createUser(prisma());
    const second = await visitor.get(`/?ref=${await getReferralCode(prisma(), other.id)}`);
    expect(second.headers.getSetCookie().some((c) => c.startsWith('akut_ref='))).toBe(false);
    expect(visitor.cookies.get('akut_ref')).toBe(code);

    const email = `ref-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const up = await visitor.post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Rita', role: 'provider' });
    expect(up.status).toBe(200);
    const stored = await prisma().user.findUnique({ where: { email } });
    expect(stored?.referredById).toBe(partner.id);
    const events = await prisma().referralEvent.groupBy({ by: ['kind'], where: { partnerId: partner.id }, _count: { _all: true } });
    expect(Object.fromEntries(events.map((e) => [e.kind, e._count._all]))).toEqual({ click: 1, signup: 1 });
  });

  it('ignores an unknown code without an error, and takes a code typed at sign-up', async () => {
    const visitor = app.client();
    const page = await visitor.get('/?ref=AKUT-QQQQQQ');
    expect(page.status).not.toBe(400);
    expect(page.headers.getSetCookie().some((c) => c.startsWith('akut_ref='))).toBe(false);

    const unknown = `unknown-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await visitor.post('/api/auth/sign-up/email', { email: unknown, password: 'sehr-geheim-123', name: 'Uwe', referralCode: 'AKUT-QQQQQQ' })).status,
    ).toBe(200);
    expect((await prisma().user.findUnique({ where: { email: unknown } }))?.referredById).toBeNull();

    const partner = await createUser(prisma());
    const code = await getReferralCode(prisma(), partner.id);
    const typed = `typed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await app.client().post('/api/auth/sign-up/email', { email: typed, password: 'sehr-geheim-123', name: 'Tina', referralCode: ` ${code.toLowerCase()} ` }))
        .status,
    ).toBe(200);
    const stored = await prisma().user.findUnique({ where: { email: typed } });
    expect(stored?.referredById).toBe(partner.id);
    // The typed code is the referrer's, never stored as the new person's own code.
    expect(stored?.referralCode).toBeNull();
  });

  it('prefers the cookie of the first visit over a code typed later', async () => {
    const first = await createUser(prisma());
    const second = await createUser(prisma());
    const visitor = app.client();
    await visitor.get(`/?ref=${await getReferralCode(prisma(), first.id)}`);
    const email = `both-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await visitor.post('/api/auth/sign-up/email', {
      email,
      password: 'sehr-geheim-123',
      name: 'Bea',
      referralCode: await getReferralCode(prisma(), second.id),
    });
    expect((await prisma().user.findUnique({ where: { email } }))?.referredById).toBe(first.id);
  });

  it('refuses self-referral and cycles, and never changes a stored referrer', async () => {
    const [a, b, c] = await chainOf(3);
    expect(await attributeReferral(prisma(), a!.id, [await getReferralCode(prisma(), a!.id)])).toEqual({ attributed: false, reason: 'SELF_REFERRAL' });
    // a → b → c: c's code for a would make a its own ancestor.
    expect(await attributeReferral(prisma(), a!.id, [await getReferralCode(prisma(), c!.id)])).toEqual({ attributed: false, reason: 'CYCLE' });
    const stranger = await createUser(prisma());
    expect(await attributeReferral(prisma(), c!.id, [await getReferralCode(prisma(), stranger.id)])).toEqual({ attributed: false, reason: 'ALREADY_REFERRED' });
    expect(await attributeReferral(prisma(), a!.id, ['AKUT-ZZZZZZ'])).toEqual({ attributed: false, reason: 'UNKNOWN_CODE' });
    const rows = await prisma().user.findMany({ where: { id: { in: [a!.id, b!.id, c!.id] } }, select: { id: true, referredById: true } });
    expect(new Map(rows.map((r) => [r.id, r.referredById]))).toEqual(
      new Map([
        [a!.id, null],
        [b!.id, a!.id],
        [c!.id, b!.id],
      ]),
    );
  });

  it('keeps the static files and the single-page app served as before', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>akut</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    const server = http.createServer(createApp(app.deps, { clientDir: dir }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const spa = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const partner = await createUser(prisma());
      const code = await getReferralCode(prisma(), partner.id);
      const page = await spa.get(`/suchende?ref=${code}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>akut</title>');
      expect(spa.cookies.get('akut_ref')).toBe(code);
      const asset = await spa.get('/assets/app.js');
      expect(asset.status).toBe(200);
      expect(asset.text).toBe('console.log(1)');
      expect((await spa.get('/ref/not-a-code')).headers.get('location')).toBe('/');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('commissions of a real deal', () => {
  it('pays ten levels of the provider’s upline and nothing to the eleventh; the residue stays with the platform', async () => {
    const chain = await chainOf(11); // chain[10] is level 1 of the provider, chain[0] would be level 11
    const seeker = await createSeeker(prisma());
    const before = await platform();
    const { dealId, provider } = await completeDeal(seeker.id, { referredById: chain[10]!.id });
    const rows = await prisma().commission.findMany({ where: { dealId }, orderBy: { level: 'asc' } });
    const levelsBp = [4000, 2000, 1500, 1000, 500, 300, 300, 200, 100, 100];
    // 50 Goints in escrow: 25 Goints platform revenue; level L gets 25 Goints × 20 % × its fraction.
    expect(rows.map((r) => [r.level, r.partnerId, r.amount, r.status, r.referredUserId])).toEqual(
      levelsBp.map((bp, i) => [i + 1, chain[10 - i]!.id, (goints(25) * 2000n * BigInt(bp)) / 100_000_000n, 'pending', provider.id]),
    );
    for (let i = 0; i < 10; i++) {
      expect(await pending(chain[10 - i]!.id)).toBe(rows[i]!.amount);
      expect(await available(chain[10 - i]!.id)).toBe(0n);
    }
    expect(await pending(chain[0]!.id)).toBe(0n);
    expect(await platform()).toBe(before + goints(25) - goints(5));
    expect(rows.every((r) => Math.abs(r.availableAt.getTime() - (Date.now() + 14 * DAY)) < 60_000)).toBe(true);

    // The partner sees it, as Goints and euros, and the network per level.
    const level1 = app.client();
    await signIn(level1, chain[10]!.email, chain[10]!.password);
    const me = await level1.get<{ earnings: Record<string, { goints: number; cents: number }>; conversion: { firstRevenue: number } }>('/api/affiliate/me');
    expect(me.body.earnings).toEqual({
      total: { goints: 2, cents: 20 },
      thisMonth: { goints: 2, cents: 20 },
      pending: { goints: 2, cents: 20 },
      held: { goints: 0, cents: 0, count: 0 },
      available: { goints: 0, cents: 0 },
    });
    expect(me.body.conversion.firstRevenue).toBe(1);
    const top = app.client();
    await signIn(top, chain[1]!.email, chain[1]!.password);
    const net = await top.get<{
      size: number;
      active: number;
      levels: { level: number; people: number; earnings: { goints: number } }[];
      direct: { firstName: string }[];
    }>('/api/affiliate/network');
    expect(net.body.levels.map((l) => l.people)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(net.body.levels[9]!.earnings.goints).toBe(0.05);
    expect(net.body.size).toBe(10);
    expect(net.body.active).toBe(1);
    expect(net.body.direct).toEqual([{ firstName: 'Test', joinedAt: expect.any(String), active: false }]);

    // Settling books once: a second call of the engine for the same deal adds nothing.
    const again = await inTransaction(prisma(), (tx) =>
      bookCommissions(tx, { dealId, requestId: crypto.randomUUID(), seekerId: seeker.id, providerId: provider.id, platformRevenue: goints(25) }),
    );
    expect(again).toHaveLength(10);
    expect(await prisma().commission.count({ where: { dealId } })).toBe(10);
    expect(await pending(chain[10]!.id)).toBe(goints(2));
    await expectLedgerConsistent(prisma());
  });

  it('pays both sides’ uplines, but nothing on a partner’s own deal', async () => {
    const partner = await createUser(prisma());
    const seeker = await createSeeker(prisma(), { referredById: partner.id });
    // The provider was brought in by the seeker: the seeker is a party of the deal and earns nothing on it.
    const { dealId } = await completeDeal(seeker.id, { referredById: seeker.id });
    const rows = await prisma().commission.findMany({ where: { dealId }, orderBy: [{ referredUserId: 'asc' }, { level: 'asc' }] });
    expect(rows.filter((r) => r.partnerId === seeker.id)).toEqual([]);
    // The partner: level 1 of the seeker (8 % of 25 Goints) and level 2 of the provider (4 %).
    expect(rows.map((r) => [r.partnerId, r.level, r.amount]).sort()).toEqual(
      [
        [partner.id, 1, goints(2)],
        [partner.id, 2, goints(1)],
      ].sort(),
    );
  });
});

describe('a deleted partner in an upline', () => {
  it('earns nothing after the account is deleted; the levels above still earn theirs and the rest stays with the platform', async () => {
    const [top, middle, bottom, provider] = await chainOf(4);
    await prisma().user.update({ where: { id: middle!.id }, data: { deletedAt: new Date() } });
    const { booked } = await bookDirect(provider!.id, (await createUser(prisma())).id, 25);
    // The seeker side: bottom brought provider in (level 1), middle is level 2 (deleted), top level 3.
    expect(booked.map((b) => [b.partnerId, b.level]).sort()).toEqual(
      [
        [bottom!.id, 1],
        [top!.id, 3],
      ].sort(),
    );
  });
});

describe('refund window, payout and reversal', () => {
  it('keeps commissions pending (not payable) until the window has passed, then makes them available', async () => {
    const [partner, referred] = await chainOf(2);
    const other = await createSeeker(prisma());
    // 2,000 Goints of platform revenue: level 1 gets 8 % = 160 Goints = 16 €.
    const { dealId } = await bookDirect(other.id, referred!.id, 2000);
    expect(await pending(partner!.id)).toBe(goints(160));
    const method = await addPayoutMethod(app.deps, partner!.id, { type: 'paypal', email: `p-${crypto.randomUUID().slice(0, 6)}@example.org` });
    const tooEarly = await requestPayout(app.deps, partner!.id, {
      amountCents: 1000,
      methodId: method.id,
      source: 'partner_earnings',
      idempotencyKey: crypto.randomUUID(),
    }).catch((e: unknown) => e);
    expect(isAppError(tooEarly) && tooEarly.code).toBe('INSUFFICIENT_EARNINGS');

    expect((await releaseDueCommissions(prisma(), { now: later(13) })).released).toBe(0);
    expect((await releaseDueCommissions(prisma(), { now: later(15) })).released).toBeGreaterThanOrEqual(1);
    expect(await prisma().commission.findFirst({ where: { dealId, partnerId: partner!.id } })).toMatchObject({ status: 'available' });
    expect(await pending(partner!.id)).toBe(0n);
    expect(await available(partner!.id)).toBe(goints(160));
    // Now it can be paid out through the existing payout request (at least 10 €).
    const paid = await requestPayout(app.deps, partner!.id, {
      amountCents: 1000,
      methodId: method.id,
      source: 'partner_earnings',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(paid.repeated).toBe(false);
    expect(await available(partner!.id)).toBe(goints(60));

    // The revenue is reversed after the payout: what is left is taken back, the rest is recorded as owed.
    const platformBefore = await platform();
    const rev = await adminClient.post<{ reversed: number }>(`/api/admin/affiliate/deals/${dealId}/reverse-commissions`, {
      reason: 'Erstattung an den Kunden',
    });
    expect(rev.status).toBe(404); // not a deal of the marketplace: the admin door only knows real deals
    const { reverseCommissions } = await import('../../server/domain/affiliate/reverse-commissions.ts');
    expect(await inTransaction(prisma(), (tx) => reverseCommissions(tx, dealId, 'Erstattung an den Kunden'))).toEqual({ reversed: 1 });
    expect(await available(partner!.id)).toBe(0n);
    const row = await prisma().commission.findFirst({ where: { dealId, partnerId: partner!.id } });
    expect(row).toMatchObject({ status: 'reversed', owed: goints(100) });
    expect(await platform()).toBe(platformBefore + goints(60));
    await expectLedgerConsistent(prisma());
  });

  it('reverses every commission of a real deal in full through the admin door, restoring every balance', async () => {
    const chain = await chainOf(3);
    const seeker = await createSeeker(prisma(), { referredById: chain[0]!.id });
    const before = await platform();
    const { dealId } = await completeDeal(seeker.id, { referredById: chain[2]!.id });
    expect(await prisma().commission.count({ where: { dealId } })).toBe(4);
    const partnerClient = app.client();
    await signIn(partnerClient, chain[2]!.email, chain[2]!.password);
    expect((await partnerClient.post(`/api/admin/affiliate/deals/${dealId}/reverse-commissions`, { reason: 'Versuch' })).status).toBe(403);
    expect((await adminClient.post(`/api/admin/affiliate/deals/${dealId}/reverse-commissions`, { reason: '' })).status).toBe(400);
    const res = await adminClient.post<{ reversed: number }>(`/api/admin/affiliate/deals/${dealId}/reverse-commissions`, { reason: 'Umsatz storniert' });
    expect(res.status).toBe(200);
    expect(res.body.reversed).toBe(4);
    expect(await prisma().auditLog.findMany({ where: { entityId: dealId }, select: { action: true, after: true, reason: true } })).toEqual([
      { action: 'commission.reverseDeal', after: { reversed: 4 }, reason: 'Umsatz storniert' },
    ]);
    for (const p of chain) expect([await pending(p.id), await available(p.id)]).toEqual([0n, 0n]);
    expect(await platform()).toBe(before + goints(25));
    // Twice is once.
    expect(
      (await adminClient.post<{ reversed: number }>(`/api/admin/affiliate/deals/${dealId}/reverse-commissions`, { reason: 'nochmal' })).body.reversed,
    ).toBe(0);
    await expectLedgerConsistent(prisma());
  });
});

describe('fraud rules', () => {
  it('holds a commission when partner and referred person share a payout account, until an admin releases it', async () => {
    const partner = await createUser(prisma());
    const referred = await createUser(prisma(), { referredById: partner.id });
    const paypal = `shared-${crypto.randomUUID().slice(0, 6)}@example.org`;
    await addPayoutMethod(app.deps, partner.id, { type: 'paypal', email: paypal });
    await addPayoutMethod(app.deps, referred.id, { type: 'paypal', email: paypal });
    const { booked } = await bookDirect((await createSeeker(prisma())).id, referred.id, 100);
    expect(booked).toEqual([expect.objectContaining({ partnerId: partner.id, status: 'held' })]);
    // Waiting does not make it payable.
    await releaseDueCommissions(prisma(), { now: later(30) });
    expect(await pending(partner.id)).toBe(goints(8));
    // The partner sees it as held for review, not as an ordinary pending commission.
    const partnerClient = await clientAs(app, partner);
    const me = await partnerClient.get<{ earnings: { pending: { goints: number }; held: { goints: number; count: number } } }>('/api/affiliate/me');
    expect(me.body.earnings).toMatchObject({ pending: { goints: 8 }, held: { goints: 8, cents: 80, count: 1 } });
    const queue = await adminClient.get<{ commissions: { id: string; flags: { code: string }[] }[] }>('/api/admin/affiliate/commissions');
    const mine = queue.body.commissions.find((c) => c.id === booked[0]!.id);
    expect(mine?.flags.map((f) => f.code)).toEqual(['SAME_PAYOUT_ACCOUNT']);
    // The admin's tab names both people, so the admin can judge them.
    expect(mine).toMatchObject({
      status: 'held',
      level: 1,
      amount: { goints: 8, cents: 80 },
      partnerEmail: partner.email,
      partnerName: (await prisma().user.findUniqueOrThrow({ where: { id: partner.id } })).name,
      referred: { email: referred.email, name: (await prisma().user.findUniqueOrThrow({ where: { id: referred.id } })).name },
    });
    expect((await adminClient.post(`/api/admin/affiliate/commissions/${booked[0]!.id}/decide`, { decision: 'release' })).status).toBe(400);
    const released = await adminClient.post<{ status: string }>(`/api/admin/affiliate/commissions/${booked[0]!.id}/decide`, {
      decision: 'release',
      reason: 'Ehepaar mit gemeinsamem Konto, geprüft',
    });
    expect(released.body.status).toBe('pending');
    expect(await prisma().commission.findUnique({ where: { id: booked[0]!.id } })).toMatchObject({ decisionReason: 'Ehepaar mit gemeinsamem Konto, geprüft' });
    expect(
      await prisma().auditLog.findMany({ where: { entityId: booked[0]!.id }, select: { action: true, before: true, after: true, reason: true, via: true } }),
    ).toEqual([
      {
        action: 'commission.release',
        before: { status: 'held' },
        after: { status: 'pending' },
        reason: 'Ehepaar mit gemeinsamem Konto, geprüft',
        via: 'dashboard',
      },
    ]);
    expect((await partnerClient.get<{ earnings: { held: { count: number } } }>('/api/affiliate/me')).body.earnings.held).toMatchObject({ goints: 0, count: 0 });
    await releaseDueCommissions(prisma(), { now: later(15) });
    expect(await available(partner.id)).toBe(goints(8));
  });

  it('voids a held commission with a reason and books it back to platform revenue', async () => {
    const partner = await createUser(prisma(), { email: `chef@${crypto.randomUUID().slice(0, 6)}-gmbh.de` });
    const referred = await createUser(prisma(), { referredById: partner.id, email: `azubi@${partner.email.split('@')[1]}` });
    const { booked } = await bookDirect((await createSeeker(prisma())).id, referred.id, 100);
    expect(booked[0]).toMatchObject({ status: 'held' });
    const flags = (await prisma().commission.findUnique({ where: { id: booked[0]!.id } }))!.flags as { code: string }[];
    expect(flags.map((f) => f.code)).toEqual(['SAME_EMAIL_PATTERN']);
    const platformBefore = await platform();
    const told: { type: string; payload: unknown }[] = [];
    const off = app.deps.bus.subscribe((e) => {
      if (e.to.userId === partner.id) told.push({ type: e.type, payload: e.payload });
    });
    const voided = await adminClient.post<{ status: string }>(`/api/admin/affiliate/commissions/${booked[0]!.id}/decide`, {
      decision: 'void',
      reason: 'Selbstwerbung über die Firmenadresse',
    });
    off();
    expect(voided.body.status).toBe('canceled');
    // The partner is told why: live (a note in their chat, a toast on the dashboard) and by e-mail.
    expect(told).toContainEqual({
      type: 'commission.voided',
      payload: { commissionId: booked[0]!.id, goints: 8, reason: 'Selbstwerbung über die Firmenadresse' },
    });
    const mail = await prisma().mailOutbox.findFirstOrThrow({ where: { to: partner.email, template: 'commissionVoided' } });
    expect(mail.subject).toBe('Eine Provision wurde storniert');
    expect(mail.text).toContain('Selbstwerbung über die Firmenadresse');
    expect(mail.text).toMatch(/8 Goints \(0,80\s€\)/);
    expect(await prisma().auditLog.findMany({ where: { entityId: booked[0]!.id }, select: { action: true, after: true } })).toEqual([
      { action: 'commission.void', after: { status: 'canceled' } },
    ]);
    expect(await pending(partner.id)).toBe(0n);
    expect(await platform()).toBe(platformBefore + goints(8));
    expect((await adminClient.post(`/api/admin/affiliate/commissions/${booked[0]!.id}/decide`, { decision: 'release', reason: 'doch nicht' })).status).toBe(
      409,
    );
  });

  it("a void and the partner's mail about it commit together: a failure after both were written leaves neither", async () => {
    const partner = await createUser(prisma(), { email: `chefin@${crypto.randomUUID().slice(0, 6)}-gmbh.de` });
    const referred = await createUser(prisma(), { referredById: partner.id, email: `lehrling@${partner.email.split('@')[1]}` });
    const { booked } = await bookDirect((await createSeeker(prisma())).id, referred.id, 100);
    expect(booked[0]).toMatchObject({ status: 'held' });
    const admin = await createUser(prisma(), { role: 'admin' });
    await expect(
      decideCommission(prisma(), admin.id, booked[0]!.id, 'void', 'Selbstwerbung', {
        inTransaction: async (tx, status) => {
          await queueCommissionVoided(tx, app.deps, booked[0]!.id, status);
          expect(await tx.mailOutbox.count({ where: { to: partner.email, template: 'commissionVoided' } })).toBe(1);
          throw new Error('the instance dies before the commit');
        },
      }),
    ).rejects.toThrow('the instance dies before the commit');
    expect((await prisma().commission.findUniqueOrThrow({ where: { id: booked[0]!.id } })).status).toBe('held');
    expect(await prisma().mailOutbox.count({ where: { to: partner.email, template: 'commissionVoided' } })).toBe(0);
  });

  it('flags one partner on both sides of a deal, one bank account of two partners, and bursts of sign-ups', async () => {
    const both = await createUser(prisma());
    const seeker = await createSeeker(prisma(), { referredById: both.id });
    const provider = await createUser(prisma(), { role: 'provider', referredById: both.id });
    const { booked: bothSides } = await bookDirect(seeker.id, provider.id, 100);
    expect(bothSides.map((b) => b.status)).toEqual(['held', 'held']);
    expect(await prisma().commission.findMany({ where: { id: { in: bothSides.map((b) => b.id) } }, select: { flags: true } })).toEqual([
      { flags: [{ code: 'SAME_PARTNER_BOTH_SIDES' }] },
      { flags: [{ code: 'SAME_PARTNER_BOTH_SIDES' }] },
    ]);

    const iban = 'DE89370400440532013000';
    const first = await createUser(prisma());
    await createUser(prisma(), { referredById: first.id });
    const second = await createUser(prisma());
    const secondsReferral = await createUser(prisma(), { referredById: second.id });
    await addPayoutMethod(app.deps, first.id, { type: 'bank', iban, accountHolder: 'Erika Mustermann' });
    await addPayoutMethod(app.deps, second.id, { type: 'bank', iban: 'DE89 3704 0044 0532 0130 00', accountHolder: 'Max Mustermann' });
    const { booked: shared } = await bookDirect((await createSeeker(prisma())).id, secondsReferral.id, 100);
    expect(shared[0]).toMatchObject({ partnerId: second.id, status: 'held' });

    const burst = await createUser(prisma());
    const people = [];
    for (let i = 0; i < SIGNUP_BURST_COUNT; i++) people.push(await createUser(prisma(), { referredById: burst.id }));
    const { booked: bursty } = await bookDirect((await createSeeker(prisma())).id, people[0]!.id, 100);
    expect(bursty[0]).toMatchObject({ partnerId: burst.id, status: 'held' });

    // An ordinary referral is not flagged.
    const clean = await createUser(prisma());
    const { booked: fine } = await bookDirect((await createSeeker(prisma())).id, (await createUser(prisma(), { referredById: clean.id })).id, 100);
    expect(fine[0]).toMatchObject({ status: 'pending' });
  });
});

describe('authorization', () => {
  it('shows a partner only their own code, network and commissions; admin doors stay closed to partners', async () => {
    const a = await signedInClient(app, { role: 'seeker', name: 'Anna Partnerin' });
    const b = await signedInClient(app, { role: 'provider', name: 'Bert Partner' });
    await createUser(prisma(), { referredById: a.user.id, name: 'Clara Geheim', email: `clara-${crypto.randomUUID().slice(0, 6)}@example.com` });
    await bookDirect((await createSeeker(prisma())).id, (await createUser(prisma(), { referredById: a.user.id })).id, 100);

    const aNet = await a.client.get<{ size: number; direct: { firstName: string }[] }>('/api/affiliate/network');
    expect(aNet.body.size).toBe(2);
    expect(aNet.body.direct.map((d) => d.firstName)).toContain('Clara');
    expect(JSON.stringify(aNet.body)).not.toContain('@');
    const bNet = await b.client.get<{ size: number; direct: unknown[] }>('/api/affiliate/network');
    expect(bNet.body).toMatchObject({ size: 0, direct: [] });
    expect((await b.client.get<{ commissions: unknown[] }>('/api/affiliate/commissions')).body.commissions).toEqual([]);
    expect((await a.client.get<{ commissions: unknown[] }>('/api/affiliate/commissions')).body.commissions).toHaveLength(1);
    // Query parameters cannot point a door at someone else.
    expect((await b.client.get<{ size: number }>(`/api/affiliate/network?userId=${a.user.id}`)).body.size).toBe(0);
    expect((await b.client.get<{ code: string }>(`/api/affiliate/me?userId=${a.user.id}`)).body.code).not.toBe(
      (await a.client.get<{ code: string }>('/api/affiliate/me')).body.code,
    );

    for (const [method, url] of [
      ['GET', '/api/admin/affiliate/plan'],
      ['PUT', '/api/admin/affiliate/plan'],
      ['GET', '/api/admin/affiliate/commissions'],
      ['POST', `/api/admin/affiliate/commissions/${crypto.randomUUID()}/decide`],
    ] as const) {
      expect((await a.client.request(method, url, method === 'GET' ? undefined : { preset: 'two_levels' })).status, `${method} ${url}`).toBe(403);
    }
    expect((await app.client().get('/api/affiliate/me')).status).toBe(401);
    expect((await app.client().get('/api/affiliate/plan')).status).toBe(200);
  });
});

describe('by chat', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`answers code, earnings and network from the same queries (${lang})`, async () => {
      const { client, user } = await signedInClient(app, { role: 'seeker', locale: lang });
      client.lang = lang;
      await createUser(prisma(), { referredById: user.id });
      const session = await createSession(client, lang);
      const code = await getReferralCode(prisma(), user.id);
      const q =
        lang === 'de'
          ? ['Was ist mein Empfehlungscode?', 'Wie viel Provision habe ich verdient?', 'Wie groß ist mein Netzwerk?']
          : ['What is my referral code?', 'How much commission did I earn?', 'How big is my network?'];
      const codeTurn = await sendChat(client, session, q[0]!);
      expect(codeTurn.tools.map((t) => t.toolName)).toEqual(['showReferralCode']);
      expect(codeTurn.text).toContain(code);
      expect(codeTurn.text).toContain(`${app.baseUrl}/?ref=${code}`);
      const earnings = await sendChat(client, session, q[1]!);
      expect(earnings.tools.map((t) => t.toolName)).toEqual(['showPartnerEarnings']);
      expect(earnings.text).toContain(lang === 'de' ? 'Deine Provisionen' : 'Your commissions');
      const network = await sendChat(client, session, q[2]!);
      expect(network.tools.map((t) => t.toolName)).toEqual(['showPartnerNetwork']);
      expect(network.text).toContain(lang === 'de' ? 'Ebene 1: 1 Person' : 'level 1: 1 person');
    });
  }
});

describe('a partner’s plain words about money', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`mean the commission for a person who brought others in, and the seeker account for everyone else (${lang})`, async () => {
      const asked = lang === 'de' ? 'Wie viel hab ich eigentlich schon verdient?' : 'How much have I made so far?';
      const payout = lang === 'de' ? 'Überweis mir bitte die 45 €, die sich angesammelt haben' : 'please send me the 45 euros I have built up';
      const partner = await signedInClient(app, { role: 'seeker', locale: lang });
      partner.client.lang = lang;
      await createUser(prisma(), { referredById: partner.user.id });
      const ps = await createSession(partner.client, lang);
      expect((await sendChat(partner.client, ps, asked)).tools.map((t) => t.toolName)).toEqual(['showPartnerEarnings']);
      expect((await sendChat(partner.client, ps, payout)).tools.map((t) => t.toolName)).toEqual(['requestPartnerPayout']);
      // Naming the seeker's own side keeps the seeker account's reading.
      const own = await sendChat(partner.client, ps, lang === 'de' ? 'Wie viele Goints hab ich?' : 'How many Goints do I have?');
      expect(own.tools.map((t) => t.toolName)).toEqual(['showBalance']);

      const seeker = await signedInClient(app, { role: 'seeker', locale: lang });
      seeker.client.lang = lang;
      const ss = await createSession(seeker.client, lang);
      expect((await sendChat(seeker.client, ss, asked)).tools.map((t) => t.toolName)).toEqual(['showBalance']);
      expect((await sendChat(seeker.client, ss, payout)).tools.map((t) => t.toolName)).toEqual(['requestPayout']);
    });
  }
});

describe('marketing text by chat', () => {
  type MarketingData = { lang: string; kind: string; title: string; subject: string | null; body: string; link: string };
  const dataOf = (turn: Awaited<ReturnType<typeof sendChat>>) => turn.tools[0]?.output?.data as MarketingData | undefined;
  // Each phrase with the material it must bring: the language mentioned selects it, otherwise the chat's.
  const CASES = {
    de: [
      ['Gib mir einen Werbetext', 'de', 'email', 'Einladung an Freunde'],
      ['Marketing-Text auf Englisch bitte', 'en', 'email', 'Invitation to friends'],
      ['Hast du einen Text für Instagram?', 'de', 'social', 'Kurzer Beitrag'],
      // ('Ich brauche was für Social Media' alone is a need as much as a text: the chat takes it as a request.)
      ['Hast du was zum Teilen für Social Media?', 'de', 'social', 'Kurzer Beitrag'],
      ['Eine E-Mail-Vorlage zum Einladen, bitte', 'de', 'email', 'Einladung an Freunde'],
      ['Werbetext für Facebook auf Englisch', 'en', 'social', 'Short post'],
    ],
    en: [
      ['give me a marketing text', 'en', 'email', 'Invitation to friends'],
      ['an email template in German', 'de', 'email', 'Einladung an Freunde'],
      ['something to post on social media', 'en', 'social', 'Short post'],
      ['Do you have promo copy for Instagram in German?', 'de', 'social', 'Kurzer Beitrag'],
    ],
  } as const;

  for (const lang of ['de', 'en'] as const) {
    it(`gives the first active text of the language and kind asked for, with the caller's own link and name (${lang})`, async () => {
      const { client, user } = await signedInClient(app, { role: lang === 'de' ? 'seeker' : 'provider', locale: lang, name: 'Konto Name' });
      client.lang = lang;
      await client.request('PUT', '/api/affiliate/profile', {
        firstName: 'Petra',
        lastName: 'Werber',
        email: 'petra@example.org',
        phone: '',
        street: 'Hauptstr. 1',
        zip: '10115',
        city: 'Berlin',
        country: 'de',
      });
      const other = await signedInClient(app, { role: 'seeker' });
      const otherCode = await getReferralCode(prisma(), other.user.id);
      const session = await createSession(client, lang);
      const link = `${app.baseUrl}/?ref=${await getReferralCode(prisma(), user.id)}`;
      for (const [text, wantLang, kind, title] of CASES[lang]) {
        const turn = await sendChat(client, session, text);
        expect(
          turn.tools.map((t) => t.toolName),
          text,
        ).toEqual(['showMarketingText']);
        const data = dataOf(turn)!;
        expect({ lang: data.lang, kind: data.kind, title: data.title }, text).toEqual({ lang: wantLang, kind, title });
        expect(data.link).toBe(link);
        expect(data.body, text).toContain(link);
        expect(data.body).not.toContain(otherCode);
        expect(`${data.subject ?? ''} ${data.body}`).not.toMatch(/\[(AFFILIATE_LINK|NAME)\]/);
        if (kind === 'email') {
          expect(data.subject, text).toBeTruthy();
          // E-mails are signed with the partner profile's name.
          expect(data.body.trimEnd().endsWith('Petra Werber'), text).toBe(true);
        } else expect(data.subject).toBeNull();
        expect(turn.text, text).toContain(title);
      }
    });
  }

  it('follows the materials the admins keep active, and says so when there is none', async () => {
    const { client } = await signedInClient(app, { role: 'seeker', locale: 'en' });
    client.lang = 'en';
    const session = await createSession(client, 'en');
    await prisma().marketingMaterial.updateMany({ where: { id: 'mm-en-social-1' }, data: { active: false } });
    try {
      expect(dataOf(await sendChat(client, session, 'a text for Instagram'))?.title).toBe('For providers');
      await prisma().marketingMaterial.updateMany({ where: { lang: 'en', kind: 'social' }, data: { active: false } });
      const none = await sendChat(client, session, 'a text for Instagram');
      expect(none.tools.map((t) => [t.toolName, t.output?.accepted, t.output?.reason])).toEqual([['showMarketingText', false, 'NO_MARKETING_MATERIAL']]);
      expect(none.text).toContain('no active');
    } finally {
      await prisma().marketingMaterial.updateMany({ where: { lang: 'en', kind: 'social' }, data: { active: true } });
    }
  });

  it('is no tool of anonymous visitors, and a seeker looking for a copywriter is not handed one', async () => {
    const visitor = app.client();
    const visitorSession = await createSession(visitor, 'de');
    for (const text of ['Gib mir einen Werbetext', 'Text für Instagram']) {
      const turn = await sendChat(visitor, visitorSession, text);
      expect(turn.status).toBe(200);
      expect(turn.tools.map((t) => t.toolName)).not.toContain('showMarketingText');
      expect(turn.text).not.toContain('?ref=');
    }
    const { client } = await signedInClient(app, { role: 'seeker' });
    const session = await createSession(client, 'de');
    const need = await sendChat(client, session, 'Ich suche jemanden, der mir einen Werbetext für Instagram schreibt');
    expect(need.tools.map((t) => t.toolName)).not.toContain('showMarketingText');
  });
});

describe('partner payout by chat', () => {
  it('pays out only available commissions, and only after the person’s own confirmation', async () => {
    const { client, user } = await signedInClient(app, { role: 'seeker' });
    const referred = await createUser(prisma(), { referredById: user.id });
    await addPayoutMethod(app.deps, user.id, { type: 'paypal', email: `partner-${crypto.randomUUID().slice(0, 6)}@example.org` });
    await bookDirect((await createSeeker(prisma())).id, referred.id, 2000);
    const session = await createSession(client, 'de');
    // 16 € booked, all still in the refund window: nothing to pay out yet.
    const early = await sendChat(client, session, 'Zahl mir meine Provision aus');
    expect(early.tools.map((t) => [t.toolName, t.output?.reason])).toEqual([['requestPartnerPayout', 'PAYOUT_BELOW_MINIMUM']]);
    const named = await sendChat(client, session, 'Zahl mir 12 € Provision aus');
    expect(named.tools.map((t) => [t.toolName, t.output?.reason])).toEqual([['requestPartnerPayout', 'INSUFFICIENT_EARNINGS']]);

    await releaseDueCommissions(prisma(), { now: later(15) });
    const proposal = await sendChat(client, session, 'Zahl mir meine Provision aus');
    const part = proposal.tools.find((t) => t.toolName === 'requestPartnerPayout')!;
    expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED', confirmation: { status: 'pending' } });
    expect(await available(user.id)).toBe(goints(160));
    const confirmed = await client.post<{ status: string }>('/api/chat/confirm', {
      sessionId: session,
      confirmationId: part.output!.confirmation!.id,
      decision: 'confirm',
    });
    expect(confirmed.body.status).toBe('confirmed');
    expect(await prisma().payout.findMany({ where: { userId: user.id }, select: { source: true, amountCents: true } })).toEqual([
      { source: 'partner_earnings', amountCents: 1600 },
    ]);
    expect(await available(user.id)).toBe(0n);
  });
});

describe('the plan', () => {
  it('is changed by admins only, checked with translated errors, kept with its history, and used for the next deals', async () => {
    const bad = await adminClient.request<{ error: { code: string; message: string } }>('PUT', '/api/admin/affiliate/plan', {
      poolBp: 6000,
      levelsBp: [4000, 2000, 1500, 1000, 500, 300, 300, 200, 100, 100],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual({ code: 'COMMISSION_POOL_TOO_HIGH', message: 'Der Provisionstopf darf höchstens 50 % der Plattform-Einnahmen betragen.' });
    adminClient.lang = 'en';
    const sum = await adminClient.request<{ error: { code: string; message: string } }>('PUT', '/api/admin/affiliate/plan', {
      poolBp: 2000,
      levelsBp: [6000, 5000, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(sum.body.error).toEqual({
      code: 'COMMISSION_LEVELS_TOO_HIGH',
      message: 'The levels together may add up to at most 100 % of the commission pool (now 110 %).',
    });
    adminClient.lang = 'de';
    expect((await adminClient.request('PUT', '/api/admin/affiliate/plan', { poolBp: 2000, levelsBp: [1, 2] })).status).toBe(400);
    expect((await app.client().get<{ preset: string }>('/api/affiliate/plan')).body.preset).toBe('ten_levels');

    const two = await adminClient.request<{ preset: string; levels: { level: number; shareOfRevenueBp: number }[] }>('PUT', '/api/admin/affiliate/plan', {
      preset: 'two_levels',
    });
    expect(two.status).toBe(200);
    expect(two.body.preset).toBe('two_levels');
    expect(two.body.levels.slice(0, 3).map((l) => l.shareOfRevenueBp)).toEqual([1500, 500, 0]);
    const history = await adminClient.get<{ plan: { preset: string }; history: { preset: string; changedById: string | null }[] }>('/api/admin/affiliate/plan');
    expect(history.body.plan.preset).toBe('two_levels');
    expect(history.body.history[0]).toMatchObject({ preset: 'two_levels', changedById: expect.any(String) });

    const [top, mid, referred] = await chainOf(3);
    await bookDirect((await createSeeker(prisma())).id, referred!.id, 100);
    expect([await pending(mid!.id), await pending(top!.id)]).toEqual([goints(15), goints(5)]);
    expect((await adminClient.request('PUT', '/api/admin/affiliate/plan', { preset: 'ten_levels' })).status).toBe(200);
  });
});
