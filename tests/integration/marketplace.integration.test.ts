// The marketplace over HTTP: onboarding with the welcome bonus, pre-filter and matching, the provider feed
// with teasers, the 50-Goint unlock, offers, the seeker's top 10, the double confirmation with the 50/50
// split, refunds without a deal, reviews and the successful deals, with the forbidden cases of each door.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient, clientAs } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { expireRequests } from '../../server/domain/requests/end-request.ts';
import type { BusEvent } from '../../server/realtime/bus.ts';

let app: TestApp;
const events: BusEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.deps.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const as = (user: { email: string; password: string }) => clientAs(app, user);

const wallet = async (userId: string) => Number((await getGointsBalance(app.deps.db.prisma, userId)).total / 1000n);

type Feed = {
  matches: {
    id: string;
    unlocked: boolean;
    request: Record<string, unknown> & { id: string };
    offer: { id: string; status: string } | null;
    deal: { id: string; status: string } | null;
  }[];
  balance: number;
};

describe('provider onboarding', () => {
  it('stores the profile, books the 50 Goints welcome bonus once, and refuses bad input and other roles', async () => {
    const { client, user } = await signedInClient(app, { role: 'provider' });
    expect((await client.get<{ profile: null }>('/api/provider/profile')).body).toEqual({ profile: null });
    // Without a profile there is no feed.
    expect((await client.get<{ error: { code: string } }>('/api/provider/matches')).body.error.code).toBe('PROVIDER_PROFILE_REQUIRED');
    const input = {
      firmenname: 'Elektro Blitz GmbH',
      categories: ['handwerk', 'elektronik'],
      postcode: '50667',
      radiusKm: 30,
      description: 'Elektroinstallationen aller Art, Notdienst rund um die Uhr.',
      phone: '0221 555 123',
      email: 'info@blitz.example.com',
    };
    const first = await client.request<{ profile: { place: string; categories: string[] }; created: boolean; bonusGranted: number }>(
      'PUT',
      '/api/provider/profile',
      input,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: true, bonusGranted: 50, profile: { place: 'Köln', categories: ['elektronik', 'handwerk'] } });
    const again = await client.request<{ created: boolean; bonusGranted: number }>('PUT', '/api/provider/profile', { ...input, radiusKm: 40 });
    expect(again.body).toMatchObject({ created: false, bonusGranted: 0 });
    expect(await wallet(user.id)).toBe(50);
    expect((await client.get<{ goints: number }>('/api/wallet')).body.goints).toBe(50);

    const bad = await client.request<{ error: { code: string; fields: { path: string; code: string; message: string }[] } }>('PUT', '/api/provider/profile', {
      ...input,
      postcode: '00000',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ path: 'body.postcode', code: 'unknown_postcode', message: 'Diese Postleitzahl kennen wir nicht.' }]);
    const tooFar = await client.request<{ error: { code: string } }>('PUT', '/api/provider/profile', { ...input, radiusKm: 900 });
    expect(tooFar.status).toBe(400);
    const { client: seeker } = await signedInClient(app, { role: 'seeker' });
    expect((await seeker.request('PUT', '/api/provider/profile', input)).status).toBe(403);
    expect((await app.client().request('PUT', '/api/provider/profile', input)).status).toBe(401);
  });
});

describe('pre-filter and matching', () => {
  it('opens a clean request and matches it to providers of its category and area only, live and by e-mail', async () => {
    const near = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50823', radiusKm: 25 });
    const far = await createProvider(app.deps, { categories: ['handwerk'], postcode: '80331', radiusKm: 50 });
    const other = await createProvider(app.deps, { categories: ['beauty'], postcode: '50667', radiusKm: 50 });
    const paused = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667', radiusKm: 50 });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: paused.user.id }, data: { acceptsMatches: false } });
    await app.deps.db.prisma.providerCategory.updateMany({ where: { providerId: paused.user.id }, data: { active: false } });
    const seeker = await createSeeker(app.deps.db.prisma);
    const since = events.length;
    const r = await createReleasedRequest(app.deps, seeker.id, { postcode: '50667' });
    expect(r.status).toBe('open');
    const matched = (await app.deps.db.prisma.match.findMany({ where: { requestId: r.id } })).map((m) => m.providerId);
    expect(matched).toContain(near.user.id);
    expect(matched).not.toContain(far.user.id);
    expect(matched).not.toContain(other.user.id);
    expect(matched).not.toContain(paused.user.id);
    await app.settle(); // events arrive over the PostgreSQL bus there
    expect(events.slice(since).filter((e) => e.type === 'match.created' && e.to.userId === near.user.id)).toHaveLength(1);
    const mail = await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: near.user.email, template: 'newMatch' } });
    expect(mail?.subject).toBe('Neue passende Anfrage: Handwerk in Köln (****)');
    expect(mail?.text).not.toContain('Sam');
  });

  it('holds requests with contact data, links, nonsense or abuse for moderation; an admin approves or rejects', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const withPhone = await createReleasedRequest(app.deps, seeker.id, { beschreibung: 'Suche einen Maler für zwei Zimmer, ruft mich an unter 0171 2345678' });
    expect(withPhone).toMatchObject({ status: 'review', assessment: { flags: [{ code: 'contact_data' }] } });
    const nonsense = await createReleasedRequest(app.deps, seeker.id, { beschreibung: 'asdfgh jklö qwertz', kategorie: 'beauty' });
    expect(nonsense.assessment?.flags.map((f) => f.code)).toContain('nonsense');
    const link = await createReleasedRequest(app.deps, seeker.id, {
      beschreibung: 'Bitte Angebot über https://example.com/formular schicken für neue Fenster',
      kategorie: 'immobilien',
    });
    expect(link.assessment?.flags.map((f) => f.code)).toContain('link');
    const dup = await createReleasedRequest(app.deps, seeker.id, { beschreibung: 'Suche einen Maler für zwei Zimmer, ruft mich an unter 0171 2345678' });
    expect(dup.assessment?.flags.map((f) => f.code)).toEqual(expect.arrayContaining(['duplicate', 'contact_data']));

    const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667' });
    expect(await app.deps.db.prisma.match.count({ where: { requestId: withPhone.id } })).toBe(0);
    const { client: admin } = await signedInClient(app, { role: 'admin' });
    const queue = await admin.get<{ requests: { id: string; flags: { code: string }[] }[] }>('/api/admin/moderation');
    expect(queue.body.requests.map((q) => q.id)).toEqual(expect.arrayContaining([withPhone.id, nonsense.id, link.id]));
    const pc = await as(provider.user);
    expect((await pc.get('/api/admin/moderation')).status).toBe(403);

    const approved = await admin.post<{ status: string; matched: number }>(`/api/admin/requests/${withPhone.id}/moderate`, { decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'open' });
    expect(approved.body.matched).toBeGreaterThanOrEqual(1);
    // Rejecting needs a reason the seeker is told (tests/integration/admin-requests.integration.test.ts).
    expect((await admin.post(`/api/admin/requests/${nonsense.id}/moderate`, { decision: 'reject' })).status).toBe(400);
    const rejected = await admin.post<{ status: string }>(`/api/admin/requests/${nonsense.id}/moderate`, {
      decision: 'reject',
      reason: 'Die Beschreibung ist nicht verständlich.',
    });
    expect(rejected.body.status).toBe('rejected');
    expect((await admin.post(`/api/admin/requests/${nonsense.id}/moderate`, { decision: 'approve' })).status).toBe(409);

    // The teaser never carries the contact data or the full description.
    const feed = await pc.get<Feed>('/api/provider/matches');
    const card = feed.body.matches.find((m) => m.request.id === withPhone.id)!;
    expect(card.unlocked).toBe(false);
    expect(feed.text).not.toContain('2345678');
    expect(feed.text).not.toContain(seeker.email);
    expect(card.request).toMatchObject({ placeMasked: 'Köln (****)', postcodeMasked: '50***', kategorie: 'handwerk' });
    expect(card.request).not.toHaveProperty('description');
    expect(card.request).not.toHaveProperty('contact');
  });
});

describe('unlock, offer, deal', () => {
  let seeker: Awaited<ReturnType<typeof createSeeker>>;
  let p1: Awaited<ReturnType<typeof createProvider>>;
  let p2: Awaited<ReturnType<typeof createProvider>>;
  let requestId: string;
  let c1: TestClient;
  let c2: TestClient;
  let cs: TestClient;

  beforeAll(async () => {
    seeker = await createSeeker(app.deps.db.prisma, { name: 'Sara Suchende' });
    p1 = await createProvider(app.deps, { firmenname: 'Heizung Hansen', categories: ['handwerk'], postcode: '10115', radiusKm: 30 });
    p2 = await createProvider(app.deps, { firmenname: 'Wärme Weber', categories: ['handwerk'], postcode: '10117', radiusKm: 30 });
    const r = await createReleasedRequest(app.deps, seeker.id, {
      postcode: '10115',
      beschreibung: 'Gastherme im Altbau defekt, kein warmes Wasser mehr seit gestern Abend.',
      budgetMin: 200,
      budgetMax: 600,
    });
    requestId = r.id;
    c1 = await as(p1.user);
    c2 = await as(p2.user);
    cs = await as(seeker);
  });

  it("shows price, balance and 'x of N unlocked', unlocks once, and refuses what the wallet cannot pay", async () => {
    const quote = await c1.get(`/api/provider/requests/${requestId}/unlock-quote`);
    expect(quote.body).toEqual({
      requestId,
      price: 50,
      balance: 50,
      promoBalance: 50,
      unlocked: 0,
      max: 5,
      alreadyUnlocked: false,
      available: true,
      reason: null,
    });
    const unlocked = await c1.post<{ balance: number; repeated: boolean }>(`/api/provider/requests/${requestId}/unlock`, { price: 50 });
    expect(unlocked.body).toEqual({ requestId, balance: 0, repeated: false });
    // A repeat charges nothing.
    expect((await c1.post(`/api/provider/requests/${requestId}/unlock`, { price: 50 })).body).toEqual({ requestId, balance: 0, repeated: true });
    expect(await wallet(p1.user.id)).toBe(0);
    // The welcome bonus is promotional: it goes to the request's promotional escrow.
    expect(await getBalance(app.deps.db.prisma, account.escrowPromo(requestId))).toBe(goints(50));
    const feed = await c1.get<Feed>('/api/provider/matches');
    const card = feed.body.matches.find((m) => m.request.id === requestId)!;
    expect(card.unlocked).toBe(true);
    expect(card.request).toMatchObject({
      description: 'Gastherme im Altbau defekt, kein warmes Wasser mehr seit gestern Abend.',
      place: 'Berlin',
      postcode: '10115',
      contact: { firstName: 'Sam', email: seeker.email },
    });

    // Another matched request, no Goints left: 402 with the specification's text, nothing booked.
    const other = await createReleasedRequest(app.deps, seeker.id, {
      postcode: '10115',
      beschreibung: 'Dachrinne undicht, Wasser läuft an der Fassade herunter.',
    });
    const refused = await c1.post<{ error: { code: string; message: string } }>(`/api/provider/requests/${other.id}/unlock`, { price: 50 });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({ code: 'INSUFFICIENT_GOINTS', message: 'Du benötigst 50 Goints, um diese Anfrage freizuschalten.' });
    expect(await app.deps.db.prisma.unlock.count({ where: { requestId: other.id } })).toBe(0);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: other.id } })).unlockCount).toBe(0);

    // Not matched to this provider: as if it did not exist.
    const stranger = await createProvider(app.deps, { categories: ['beauty'], postcode: '80331' });
    expect((await (await as(stranger.user)).post(`/api/provider/requests/${requestId}/unlock`, { price: 50 })).status).toBe(404);
    expect((await cs.post(`/api/provider/requests/${requestId}/unlock`, { price: 50 })).status).toBe(403);
  });

  it('takes offers only after an unlock, one per provider', async () => {
    const offer = { requestId, price: 480, beschreibung: 'Austausch der Gastherme inklusive Anfahrt und Entsorgung.', verfuegbarkeit: 'Morgen ab 8 Uhr' };
    const locked = await c2.post<{ error: { code: string } }>('/api/provider/offers', offer);
    expect(locked.status).toBe(403);
    expect(locked.body.error.code).toBe('NOT_UNLOCKED');
    const made = await c1.post<{ id: string; status: string; priceCents: number }>('/api/provider/offers', offer);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'versendet', priceCents: 48000 });
    expect((await c1.post<{ error: { code: string } }>('/api/provider/offers', offer)).body.error.code).toBe('OFFER_EXISTS');
    expect((await c1.post('/api/provider/offers', { ...offer, price: -5 })).status).toBe(400);
    expect((await c1.post('/api/provider/offers', { ...offer, price: 10.001 })).status).toBe(400);
    // The second provider unlocks and offers cheaper; both are in the seeker's offers.
    expect((await c2.post(`/api/provider/requests/${requestId}/unlock`, { price: 50 })).status).toBe(200);
    expect((await c2.post('/api/provider/offers', { ...offer, price: 390, verfuegbarkeit: 'Heute noch' })).status).toBe(201);
    const mail = await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: seeker.email, template: 'offerReceived' } });
    expect(mail?.subject).toBe('Neues Angebot für deine Anfrage');
  });

  it('lets the seeker see the top offers with no contact data, accept one, and both confirm in any order', async () => {
    const dash = await cs.get<{ stats: Record<string, number> }>('/api/seeker/dashboard');
    // The best-ranked offer's price (both providers unrated: the cheaper one), not the sum of competing offers.
    expect(dash.body.stats).toMatchObject({ offersReceived: 2, bestOfferCents: 39000, points: 0 });
    const offers = await cs.get<{
      top: { id: string; rank: number; priceCents: number; contact: unknown; provider: { firmenname: string } }[];
      all: unknown[];
    }>('/api/seeker/offers');
    expect(offers.body.top.map((o) => o.rank)).toEqual([1, 2]);
    expect(offers.body.top.every((o) => o.contact === null)).toBe(true);
    expect(offers.text).not.toContain('+49 221 1234567');
    const hansen = offers.body.top.find((o) => o.provider.firmenname === 'Heizung Hansen')!;

    // Someone else's seeker cannot accept it; a provider cannot use the seeker door.
    const otherSeeker = await as(await createSeeker(app.deps.db.prisma));
    expect((await otherSeeker.post(`/api/seeker/offers/${hansen.id}/accept`)).status).toBe(404);
    expect((await c1.post(`/api/seeker/offers/${hansen.id}/accept`)).status).toBe(403);

    const accepted = await cs.post<{ dealId: string }>(`/api/seeker/offers/${hansen.id}/accept`);
    expect(accepted.status).toBe(200);
    const dealId = accepted.body.dealId;
    // One accepted offer at a time.
    const weber = offers.body.top.find((o) => o.provider.firmenname === 'Wärme Weber')!;
    expect((await cs.post<{ error: { code: string } }>(`/api/seeker/offers/${weber.id}/accept`)).body.error.code).toBe('OFFER_NOT_AVAILABLE');
    // The request cannot be closed while the deal waits.
    expect((await cs.post<{ error: { code: string } }>(`/api/seeker/requests/${requestId}/close`)).body.error.code).toBe('REQUEST_NOT_CLOSABLE');

    expect((await c2.post(`/api/deals/${dealId}/confirm`)).status).toBe(404);
    expect((await otherSeeker.post(`/api/deals/${dealId}/confirm`)).status).toBe(404);
    expect((await c1.post(`/api/deals/${dealId}/confirm`)).body).toEqual({ dealId, status: 'awaiting_seeker', completed: false });
    expect((await c1.post<{ error: { code: string } }>(`/api/deals/${dealId}/confirm`)).body.error.code).toBe('DEAL_ALREADY_CONFIRMED');
    const deals = await cs.get<{ deals: { id: string; status: string; providerConfirmed: boolean }[] }>('/api/deals');
    expect(deals.body.deals[0]).toMatchObject({ id: dealId, status: 'awaiting_seeker', providerConfirmed: true });
    // A review before completion is refused.
    expect((await cs.post<{ error: { code: string } }>(`/api/deals/${dealId}/review`, { rating: 5, testimonial: 'Super!' })).body.error.code).toBe(
      'REVIEW_NOT_ALLOWED',
    );

    const done = await cs.post(`/api/deals/${dealId}/confirm`);
    expect(done.body).toEqual({ dealId, status: 'completed', completed: true });
    expect((await c1.post<{ error: { code: string } }>(`/api/deals/${dealId}/confirm`)).body.error.code).toBe('DEAL_NOT_ACTIVE');

    // Escrow of both unlocks (100 Goints, both paid with welcome bonuses): promotional Goints never become
    // cash, so they go to promotion_used and the seeker earns nothing (tests/integration/promo-goints covers
    // the split of paid Goints).
    expect(await getBalance(app.deps.db.prisma, account.escrow(requestId))).toBe(0n);
    expect(await getBalance(app.deps.db.prisma, account.escrowPromo(requestId))).toBe(0n);
    expect(await getBalance(app.deps.db.prisma, account.seekerEarnings(seeker.id))).toBe(0n);
    expect((await cs.get<{ earnings: { goints: number; cents: number } }>('/api/wallet')).body.earnings).toEqual({ goints: 0, cents: 0 });
    expect((await cs.get<{ stats: { points: number } }>('/api/seeker/dashboard')).body.stats.points).toBe(0);
    expect(await app.deps.db.prisma.unlock.count({ where: { requestId, status: 'settled' } })).toBe(2);
    const req = await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: requestId } });
    expect(req.status).toBe('completed');
    expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: weber.id } })).status).toBe('geschlossen');
    // Now the provider's contact is shown to the seeker, with the trader details (DSA Art. 30).
    const after = await cs.get<{ all: { id: string; contact: { phone: string } | null }[] }>('/api/seeker/offers');
    expect(after.body.all.find((o) => o.id === hansen.id)!.contact).toEqual({
      phone: '+49 221 1234567',
      email: p1.user.email,
      trader: expect.objectContaining({ legalName: 'Heizung Hansen', registerKind: 'trade_licence', vatId: null }),
    });
  });

  it('takes one review from the seeker and shows the deal on the successful deals, with Nachfragen for signed-in people', async () => {
    const dealId = (await cs.get<{ deals: { id: string }[] }>('/api/deals')).body.deals[0]!.id;
    expect((await c1.post(`/api/deals/${dealId}/review`, { rating: 5, testimonial: 'Top' })).status).toBe(403);
    expect((await cs.post(`/api/deals/${dealId}/review`, { rating: 6, testimonial: 'Zu gut' })).status).toBe(400);
    const rated = await cs.post(`/api/deals/${dealId}/review`, {
      rating: 5,
      testimonial: 'Schnell da und sauber gearbeitet.',
      showFirstName: true,
      contactVisible: false,
    });
    expect(rated.status).toBe(201);
    expect((await cs.post<{ error: { code: string } }>(`/api/deals/${dealId}/review`, { rating: 4, testimonial: 'Nochmal' })).body.error.code).toBe(
      'REVIEW_EXISTS',
    );

    const list = await app.client().get<{
      deals: { id: string; customer: string | null; rating: number; providerName: string; contactVisible: boolean }[];
      summary: { count: number; volumeCents: number; locations: number };
    }>('/api/successful-deals');
    const card = list.body.deals.find((d) => d.id === dealId)!;
    expect(card).toMatchObject({ customer: 'Sam', rating: 5, providerName: 'Heizung Hansen', valueCents: 48000, location: 'Berlin', contactVisible: false });
    expect((await app.client().get<{ deals: unknown[] }>('/api/successful-deals?q=hansen')).body.deals).toHaveLength(1);
    expect((await app.client().get<{ deals: unknown[] }>('/api/successful-deals?q=berlin&category=handwerk')).body.deals.length).toBeGreaterThan(0);
    expect((await app.client().get<{ deals: unknown[] }>('/api/successful-deals?category=auto')).body.deals).toHaveLength(0);

    const asker = await as(await createSeeker(app.deps.db.prisma));
    expect(
      (
        await asker.post<{ error: { code: string } }>(`/api/successful-deals/${dealId}/inquiries`, {
          email: 'frage@example.com',
          message: 'Wie lange hat es gedauert?',
        })
      ).body.error.code,
    ).toBe('CONTACT_NOT_VISIBLE');
    expect((await c1.request('PUT', `/api/deals/${dealId}/contact-visibility`, { visible: true })).body).toEqual({
      providerContactVisible: true,
      seekerContactVisible: false,
    });
    expect((await app.client().post(`/api/successful-deals/${dealId}/inquiries`, { email: 'frage@example.com', message: 'Hallo' })).status).toBe(401);
    expect((await asker.post(`/api/successful-deals/${dealId}/inquiries`, { email: 'keine-mail', message: 'Hallo' })).status).toBe(400);
    expect((await asker.post(`/api/successful-deals/${dealId}/inquiries`, { email: 'frage@example.com', message: '   ' })).status).toBe(400);
    const asked = await asker.post<{ recipients: number }>(`/api/successful-deals/${dealId}/inquiries`, {
      email: 'frage@example.com',
      message: 'Wie lange hat es gedauert?',
    });
    expect(asked.body.recipients).toBe(1);
    const mail = await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: p1.user.email, template: 'dealInquiry' } });
    expect(mail?.text).toContain('frage@example.com');
    expect(mail?.text).toContain('Wie lange hat es gedauert?');

    // The public provider page: rating, badge, review, median response time from real offers.
    const page = await app
      .client()
      .get<{ ratingAvg: number; ratingCount: number; reviews: { customer: string }[]; medianResponseMinutes: number | null; favorite: null }>(
        `/api/providers/${p1.user.id}`,
      );
    expect(page.body).toMatchObject({ ratingAvg: 5, ratingCount: 1, reviews: [{ customer: 'Sam', rating: 5 }], favorite: null });
    expect(page.body.medianResponseMinutes).not.toBeNull();
    expect(page.text).not.toContain('+49 221 1234567');
  });
});

describe('no deal: refunds', () => {
  it('refunds every unlocking provider in full when the seeker closes the request, and when it expires', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const a = await createProvider(app.deps, { categories: ['auto'], postcode: '20095' });
    const b = await createProvider(app.deps, { categories: ['auto'], postcode: '20095' });
    const closing = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'auto',
      postcode: '20095',
      beschreibung: 'Suche einen gebrauchten Kombi bis 8000 Euro mit TÜV.',
    });
    const expiring = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'auto',
      postcode: '20095',
      beschreibung: 'Bremsen vorne quietschen, bitte Reparatur anbieten.',
    });
    await grantGoints(app.deps.db.prisma, a.user.id, 50);
    const ca = await as(a.user);
    const cb = await as(b.user);
    for (const r of [closing, expiring]) expect((await ca.post(`/api/provider/requests/${r.id}/unlock`, { price: 50 })).status).toBe(200);
    expect((await cb.post(`/api/provider/requests/${closing.id}/unlock`, { price: 50 })).status).toBe(200);
    expect(await wallet(a.user.id)).toBe(0);
    expect(await wallet(b.user.id)).toBe(0);
    expect(
      (
        await cb.post('/api/provider/offers', {
          requestId: closing.id,
          price: 7900,
          beschreibung: 'Skoda Octavia Kombi, 2016, TÜV neu.',
          verfuegbarkeit: 'sofort',
        })
      ).status,
    ).toBe(201);

    const cs = await as(seeker);
    const someoneElse = await as(await createSeeker(app.deps.db.prisma));
    expect((await someoneElse.post(`/api/seeker/requests/${closing.id}/close`)).status).toBe(404);
    const closed = await cs.post(`/api/seeker/requests/${closing.id}/close`);
    expect(closed.body).toEqual({ status: 'closed', refunded: 2 });
    expect(await wallet(a.user.id)).toBe(50);
    expect(await wallet(b.user.id)).toBe(50);
    expect((await app.deps.db.prisma.offer.findFirstOrThrow({ where: { requestId: closing.id } })).status).toBe('geschlossen');
    // Closing again refunds nothing twice.
    expect((await cs.post(`/api/seeker/requests/${closing.id}/close`)).body).toEqual({ status: 'closed', refunded: 0 });
    expect(await wallet(a.user.id)).toBe(50);

    await app.deps.db.prisma.request.update({ where: { id: expiring.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await expireRequests(app.deps)).toBeGreaterThanOrEqual(1);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: expiring.id } })).status).toBe('expired');
    expect(await wallet(a.user.id)).toBe(100);
    expect(await expireRequests(app.deps)).toBe(0);
    await app.settle();
    expect(events.some((e) => e.type === 'unlock.refunded' && e.to.userId === a.user.id)).toBe(true);
  });

  it('lets either side cancel a deal before both confirmed; the request takes offers again', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const p = await createProvider(app.deps, { categories: ['beauty'], postcode: '60311' });
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'beauty',
      postcode: '60311',
      beschreibung: 'Brautstyling mit Hochsteckfrisur und Make-up am Samstag.',
    });
    const cp = await as(p.user);
    await cp.post(`/api/provider/requests/${r.id}/unlock`, { price: 50 });
    const offer = await cp.post<{ id: string }>('/api/provider/offers', {
      requestId: r.id,
      price: 250,
      beschreibung: 'Styling und Make-up inklusive Probetermin.',
      verfuegbarkeit: 'Samstag ab 7 Uhr',
    });
    const cs = await as(seeker);
    const { dealId } = (await cs.post<{ dealId: string }>(`/api/seeker/offers/${offer.body.id}/accept`)).body;
    expect((await cs.post(`/api/deals/${dealId}/cancel`, { reason: 'x' })).status).toBe(400);
    expect((await cs.post(`/api/deals/${dealId}/cancel`, { reason: 'Termin hat sich erledigt' })).body).toEqual({ dealId, status: 'cancelled' });
    expect((await cp.post<{ error: { code: string } }>(`/api/deals/${dealId}/confirm`)).body.error.code).toBe('DEAL_NOT_ACTIVE');
    expect((await app.deps.db.prisma.offer.findUniqueOrThrow({ where: { id: offer.body.id } })).status).toBe('storniert');
    const req = await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } });
    expect(req).toMatchObject({ status: 'open', acceptedOfferId: null });
    expect((await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: p.user.email, template: 'dealCancelled' } }))?.text).toContain(
      'Termin hat sich erledigt',
    );
  });
});

describe('verification documents and favourites', () => {
  const pdf = Buffer.from('%PDF-1.4\n% akut test\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

  it("checks type and size by content; an admin's approval gives the 'Verifiziert' badge", async () => {
    const p = await createProvider(app.deps, { categories: ['handwerk'], postcode: '01067' });
    const c = await as(p.user);
    const upload = (body: Buffer, type: string, kind = 'gewerbeschein') =>
      fetch(`${app.baseUrl}/api/provider/verification?kind=${kind}&fileName=gewerbeschein.pdf`, {
        method: 'POST',
        headers: { 'content-type': type, origin: app.baseUrl, cookie: c.cookieHeader },
        body: new Uint8Array(body),
      });
    const fake = await upload(Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(fake.status).toBe(415);
    const big = await upload(Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]), 'application/pdf');
    expect(big.status).toBe(413);
    expect((await upload(pdf, 'text/plain')).status).toBe(415);
    const ok = await upload(pdf, 'application/pdf');
    expect(ok.status).toBe(201);
    const doc = (await ok.json()) as { id: string; status: string; mimeType: string };
    expect(doc).toMatchObject({ status: 'pending', mimeType: 'application/pdf' });
    expect((await c.get<{ profile: { verification: string } }>('/api/provider/profile')).body.profile.verification).toBe('pending');

    const { client: admin } = await signedInClient(app, { role: 'admin' });
    const list = await admin.get<{ documents: { id: string }[] }>('/api/admin/verifications');
    expect(list.body.documents.map((d) => d.id)).toContain(doc.id);
    const file = await fetch(`${app.baseUrl}/api/admin/verifications/${doc.id}/file`, { headers: { cookie: admin.cookieHeader } });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await admin.post(`/api/admin/verifications/${doc.id}/decide`, { decision: 'approve' })).body).toEqual({
      providerId: p.user.id,
      status: 'approved',
    });
    expect((await admin.post(`/api/admin/verifications/${doc.id}/decide`, { decision: 'reject' })).status).toBe(409);
    const page = await app.client().get<{ verified: boolean; badge: string }>(`/api/providers/${p.user.id}`);
    expect(page.body).toMatchObject({ verified: true, badge: 'verifiziert' });
    expect((await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: p.user.email, template: 'verificationDecided' } }))?.text).toContain('Verifiziert');
  });

  it('keeps favourites for signed-in people only', async () => {
    const p = await createProvider(app.deps, { categories: ['essen'], postcode: '04109' });
    expect((await app.client().request('PUT', `/api/favorites/${p.user.id}`)).status).toBe(401);
    const c = await as(await createSeeker(app.deps.db.prisma));
    expect((await c.request('PUT', `/api/favorites/${p.user.id}`)).body).toEqual({ favorite: true });
    expect((await c.request('PUT', `/api/favorites/${p.user.id}`)).body).toEqual({ favorite: true });
    expect((await c.get<{ favorites: { providerId: string }[] }>('/api/favorites')).body.favorites.map((f) => f.providerId)).toEqual([p.user.id]);
    expect((await c.get<{ favorite: boolean }>(`/api/providers/${p.user.id}`)).body.favorite).toBe(true);
    expect((await c.request('DELETE', `/api/favorites/${p.user.id}`)).body).toEqual({ favorite: false });
    expect((await c.request('PUT', '/api/favorites/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('admin settings', () => {
  it('validates settings and applies the maximum unlocks to requests released afterwards', async () => {
    const { client: admin } = await signedInClient(app, { role: 'admin' });
    expect((await admin.get('/api/admin/settings')).body).toMatchObject({ 'marketplace.maxUnlocks': 5, 'marketplace.requestExpiryDays': 30 });
    expect((await admin.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 0 })).status).toBe(400);
    expect((await admin.request('PUT', '/api/admin/settings', { unknown: 1 })).status).toBe(400);
    expect((await admin.request<Record<string, number>>('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 2 })).body['marketplace.maxUnlocks']).toBe(2);
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'news',
      postcode: '70173',
      beschreibung: 'Suche Abo einer Tageszeitung mit Lokalteil Stuttgart.',
    });
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } })).maxUnlocks).toBe(2);
    await admin.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 5 });
    const provider = await createUser(app.deps.db.prisma, { role: 'provider' });
    const pc = await as(provider);
    expect((await pc.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 9 })).status).toBe(403);
  });
});

describe('teasers hide the location', () => {
  it('masks postcodes and street addresses in the preview like the place and postcode fields', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const p = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50823' });
    const r = await createReleasedRequest(app.deps, seeker.id, {
      postcode: '50823',
      beschreibung: 'Heizung in der Venloer Straße 12, 50823 Köln ist ausgefallen.',
    });
    const c = app.client();
    await signIn(c, p.user.email, p.user.password);
    const feed = await c.get<Feed>('/api/provider/matches');
    const card = feed.body.matches.find((m) => m.request.id === r.id)!;
    expect(card.request.descriptionPreview).toBe('Heizung in der [Adresse verborgen], 50*** Köln ist ausgefallen.');
    expect(feed.text).not.toContain('50823');
    expect(feed.text).not.toContain('Venloer');
  });
});
