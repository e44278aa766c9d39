// A payout from deal earnings waits for an admin ('held') when both sides of a deal look like one person:
// the same payout account (IBAN or PayPal address), the same e-mail pattern (one Gmail mailbox written
// differently, or the same company domain), or the same sign-up network (/24 IPv4, /48 IPv6; stored as a
// keyed hash, never the address). A clean deal's payout is requested as before. Issue 9, finding 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';

let app: TestApp;
let admin: TestClient;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
  admin = (await signedInClient(app, { role: 'admin' })).client;
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const IBAN = 'DE89370400440532013000';

/** A seeker who earned 12.50 € from a deal: five providers unlocked with paid Goints, the first one's offer was accepted. */
async function seekerWithEarnings(seekerEmail?: string) {
  n += 1;
  const postcode = ['10115', '20095', '50667', '80331', '60311', '01067'][n % 6]!;
  const seeker = await createSeeker(app.deps.db.prisma, seekerEmail ? { email: seekerEmail } : {});
  const warmUp = await createReleasedRequest(app.deps, seeker.id, {
    kategorie: 'beauty',
    postcode,
    beschreibung: `Suche eine Kosmetikerin für eine Gesichtsbehandlung, Termin ${n}.`,
  });
  const r = await createReleasedRequest(app.deps, seeker.id, {
    kategorie: 'beauty',
    postcode,
    beschreibung: `Brautstyling mit Make-up und Frisur für eine Hochzeit, Anfrage ${n}.`,
  });
  const providers = [];
  for (let i = 0; i < 5; i++) {
    const p = await createProvider(app.deps, { categories: ['beauty'], postcode });
    await grantGoints(app.deps.db.prisma, p.user.id, 50, undefined, { paid: true });
    // The welcome bonus goes first, so the second unlock is paid.
    await unlockAtQuotedPrice(app.deps, p.user.id, warmUp.id);
    await unlockAtQuotedPrice(app.deps, p.user.id, r.id);
    providers.push(p);
  }
  const offer = await createOffer(app.deps, providers[0]!.user.id, {
    requestId: r.id,
    price: 300,
    beschreibung: 'Brautstyling mit Probetermin.',
    verfuegbarkeit: 'Samstag',
  });
  const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
  await confirmDeal(app.deps, providers[0]!.user.id, dealId);
  await confirmDeal(app.deps, seeker.id, dealId);
  const c = app.client();
  await signIn(c, seeker.email, seeker.password);
  return { seeker, providers, c };
}

async function askPayout(c: TestClient, method: { type: 'bank'; iban: string; accountHolder: string } | { type: 'paypal'; email: string }) {
  const m = await c.post<{ id: string }>('/api/payout-methods', method);
  expect(m.status).toBe(201);
  const r = await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 1250, methodId: m.body.id, idempotencyKey: `hold-test-${crypto.randomUUID()}` });
  expect(r.status, r.text).toBe(201);
  return app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: r.body.payoutId } });
}

describe('payout fraud hold', () => {
  it('a clean deal: the payout is requested as before', async () => {
    const { c } = await seekerWithEarnings();
    const payout = await askPayout(c, { type: 'bank', iban: IBAN, accountHolder: 'Sara Seeker' });
    expect(payout).toMatchObject({ status: 'requested', holdReasons: [] });
  });

  it('the same bank account on both sides holds the payout until an admin releases it', async () => {
    const { c, providers } = await seekerWithEarnings();
    await addPayoutMethod(app.deps, providers[2]!.user.id, { type: 'bank', iban: 'DE89 3704 0044 0532 0130 00', accountHolder: 'Someone' });
    const payout = await askPayout(c, { type: 'bank', iban: IBAN, accountHolder: 'Sara Seeker' });
    expect(payout).toMatchObject({ status: 'held', holdReasons: ['same_payout_account'] });
    // The admins see it with the reason, in their language.
    const held = await admin.get<{ payouts: { id: string; status: string; holdReasons: string[] }[] }>('/api/admin/payouts?status=held');
    expect(held.body.payouts.find((p) => p.id === payout.id)).toMatchObject({ status: 'held', holdReasons: ['same_payout_account'] });
    // Nothing goes out while it is held: it is not in a SEPA file and cannot be marked paid.
    expect((await admin.post('/api/admin/sepa-batches')).status).not.toBe(201);
    const released = await admin.post<{ status: string }>(`/api/admin/payouts/${payout.id}/approve`);
    expect(released.body.status).toBe('approved');
  });

  it('one Gmail mailbox written two ways, or one company domain, holds the payout; an admin may reject it', async () => {
    const { c, providers } = await seekerWithEarnings(`anna.berg+akut${n}@gmail.com`);
    await app.deps.db.prisma.user.update({ where: { id: providers[4]!.user.id }, data: { email: `annaberg+anbieter${n}@googlemail.com` } });
    const payout = await askPayout(c, { type: 'paypal', email: `sara${n}@example.org` });
    expect(payout).toMatchObject({ status: 'held', holdReasons: ['same_email_pattern'] });
    const rejected = await admin.post<{ status: string }>(`/api/admin/payouts/${payout.id}/reject`, { reason: 'Selbstgeschäft' });
    expect(rejected.body.status).toBe('rejected');

    const domain = await seekerWithEarnings(`inhaber${n}@friseur-sonnenschein.de`);
    await app.deps.db.prisma.user.update({ where: { id: domain.providers[1]!.user.id }, data: { email: `team${n}@friseur-sonnenschein.de` } });
    expect(await askPayout(domain.c, { type: 'bank', iban: 'DE02120300000000202051', accountHolder: 'Inhaber' })).toMatchObject({
      status: 'held',
      holdReasons: ['same_email_pattern'],
    });
  });

  it('stores a keyed hash of the sign-up network, never the address, and holds a payout when both sides signed up from it', async () => {
    const signUp = async (email: string, role: 'seeker' | 'provider', ip: string) => {
      const r = await app
        .client()
        .post('/api/auth/sign-up/email', { email, password: 'correct-horse-battery', name: 'Netz Test', role }, { 'x-forwarded-for': ip });
      expect(r.status, r.text).toBe(200);
      return app.deps.db.prisma.user.findUniqueOrThrow({ where: { email } });
    };
    const a = await signUp(`netz-a-${n}@example.com`, 'seeker', '203.0.113.7');
    const b = await signUp(`netz-b-${n}@example.com`, 'provider', '203.0.113.200');
    const other = await signUp(`netz-c-${n}@example.com`, 'provider', '198.51.100.7');
    const v6a = await signUp(`netz-d-${n}@example.com`, 'provider', '2001:db8:abcd:12::1');
    const v6b = await signUp(`netz-e-${n}@example.com`, 'provider', '2001:db8:abcd:ff00::2');
    expect(a.signupNetwork).toMatch(/^[0-9a-f]{64}$/);
    expect(a.signupNetwork).toBe(b.signupNetwork);
    expect(other.signupNetwork).not.toBe(a.signupNetwork);
    expect(v6a.signupNetwork).toBe(v6b.signupNetwork);
    const row = JSON.stringify(await app.deps.db.prisma.user.findUniqueOrThrow({ where: { id: a.id } }));
    expect(row).not.toContain('203.0.113');

    const { c, seeker, providers } = await seekerWithEarnings();
    await app.deps.db.prisma.user.update({ where: { id: seeker.id }, data: { signupNetwork: a.signupNetwork } });
    await app.deps.db.prisma.user.update({ where: { id: providers[3]!.user.id }, data: { signupNetwork: b.signupNetwork } });
    expect(await askPayout(c, { type: 'bank', iban: 'DE02500105170137075030', accountHolder: 'Sara' })).toMatchObject({
      status: 'held',
      holdReasons: ['same_signup_network'],
    });
  });
});
