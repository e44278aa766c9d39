// The doors behind the partner pages: profile, ranking opt-in and the ranking, invitations by e-mail,
// marketing materials (and the admins' CRUD), academy progress, the live plan with the unlock price, and the
// live 'commission.booked' event after a settled deal. Each door only ever touches the caller's own data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createUser } from '../factories/users.ts';
import { createProvider, createReleasedRequest, createSeeker, givePaidGointsOnly, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { INVITES_PER_DAY } from '../../server/domain/affiliate/invite-friend.ts';
import type { BusEvent } from '../../server/realtime/bus.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  if (app) await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});
const prisma = () => app.deps.db.prisma;

const PROFILE = {
  firstName: 'Petra',
  lastName: 'Partner',
  email: 'petra@example.org',
  phone: '',
  street: 'Hauptstr. 1',
  zip: '10115',
  city: 'Berlin',
  country: 'de',
};

describe('partner profile', () => {
  it('is empty at first, saved with the required fields, and refused with a translated error when one is missing', async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    expect((await client.get<{ profile: unknown }>('/api/affiliate/profile')).body.profile).toBeNull();
    const saved = await client.request<{ profile: { country: string; phone: string | null; rankingOptIn: boolean } }>('PUT', '/api/affiliate/profile', PROFILE);
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ country: 'DE', phone: null, rankingOptIn: false });
    const bad = await client.request<{ error: { code: string; fields: { path: string }[] } }>('PUT', '/api/affiliate/profile', {
      ...PROFILE,
      city: '  ',
      street: 'Neue Str. 2',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f) => f.path)).toContain('body.city');
    // Nothing changed.
    expect((await client.get<{ profile: { street: string } }>('/api/affiliate/profile')).body.profile.street).toBe('Hauptstr. 1');
  });

  it('belongs to the caller alone', async () => {
    const a = await signedInClient(app, { role: 'provider' });
    const b = await signedInClient(app, { role: 'seeker' });
    await a.client.request('PUT', '/api/affiliate/profile', { ...PROFILE, firstName: 'Anna' });
    expect((await b.client.get<{ profile: unknown }>('/api/affiliate/profile')).body.profile).toBeNull();
    expect((await app.client().get('/api/affiliate/profile')).status).toBe(401);
  });
});

describe('ranking by country', () => {
  it('needs a profile to opt in, and lists only partners who opted in, by country, without names', async () => {
    const { client, user } = await signedInClient(app, { role: 'seeker', name: 'Rita Ranking' });
    const noProfile = await client.request<{ error: { code: string; message: string } }>('PUT', '/api/affiliate/ranking/opt-in', { optIn: true });
    expect(noProfile.status).toBe(409);
    expect(noProfile.body.error.code).toBe('PARTNER_PROFILE_REQUIRED');
    await client.request('PUT', '/api/affiliate/profile', { ...PROFILE, country: 'AT' });
    type Ranking = { optedIn: boolean; countries: { country: string; partners: number }[]; partners: { you: boolean; pseudonym: string; country: string }[] };
    let ranking = (await client.get<Ranking>('/api/affiliate/ranking')).body;
    expect(ranking.optedIn).toBe(false);
    expect(ranking.partners.some((p) => p.you)).toBe(false);
    expect((await client.request('PUT', '/api/affiliate/ranking/opt-in', { optIn: true })).status).toBe(200);
    const res = await client.get<{
      optedIn: boolean;
      countries: { country: string; partners: number }[];
      partners: { you: boolean; pseudonym: string; country: string }[];
    }>('/api/affiliate/ranking');
    ranking = res.body;
    expect(ranking.optedIn).toBe(true);
    expect(ranking.countries.find((c) => c.country === 'AT')?.partners).toBeGreaterThanOrEqual(1);
    const me = ranking.partners.find((p) => p.you)!;
    expect(me).toMatchObject({ country: 'AT' });
    expect(me.pseudonym).toMatch(/^Partner #\d+$/);
    expect(res.text).not.toContain('Rita');
    expect(res.text).not.toContain(user.email);
    await client.request('PUT', '/api/affiliate/ranking/opt-in', { optIn: false });
    expect((await client.get<{ partners: { you: boolean }[] }>('/api/affiliate/ranking')).body.partners.some((p) => p.you)).toBe(false);
  });
});

describe('invite a friend', () => {
  it("mails the caller's referral link in the chosen language, refuses the own address, and stops at the daily limit", async () => {
    const { client, user } = await signedInClient(app, { role: 'seeker', name: 'Ina Inviter' });
    const code = (await client.get<{ code: string }>('/api/affiliate/me')).body.code;
    const sent = await client.post<{ sent: boolean; remainingToday: number }>('/api/affiliate/invite', { email: 'friend@example.org', lang: 'en' });
    expect(sent.status).toBe(200);
    expect(sent.body.remainingToday).toBe(INVITES_PER_DAY - 1);
    const mail = await prisma().mailOutbox.findFirstOrThrow({ where: { to: 'friend@example.org', template: 'partnerInvite' } });
    expect(mail.subject).toContain('Ina Inviter recommends akut');
    expect(mail.text).toContain(`/?ref=${code}`);
    expect(mail.text).not.toMatch(/€|earn/i);
    const self = await client.post<{ error: { code: string } }>('/api/affiliate/invite', { email: user.email, lang: 'de' });
    expect(self.body.error.code).toBe('INVITE_SELF');
    for (let i = 1; i < INVITES_PER_DAY; i++) expect((await client.post('/api/affiliate/invite', { email: `f${i}@example.org`, lang: 'de' })).status).toBe(200);
    const over = await client.post<{ error: { code: string; message: string } }>('/api/affiliate/invite', { email: 'one-more@example.org', lang: 'de' });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toContain(String(INVITES_PER_DAY));
    expect(await prisma().mailOutbox.count({ where: { to: 'one-more@example.org' } })).toBe(0);
    expect((await client.post('/api/affiliate/invite', { email: 'not-an-address', lang: 'de' })).status).toBe(400);
  });
});

describe('marketing materials', () => {
  it('are seeded in de and en with the placeholders and no income promises', async () => {
    const { client } = await signedInClient(app, { role: 'provider' });
    for (const lang of ['de', 'en'] as const) {
      const { materials } = (await client.get<{ materials: { kind: string; lang: string; body: string }[] }>(`/api/affiliate/materials?lang=${lang}`)).body;
      expect(materials.filter((m) => m.kind === 'email').length).toBeGreaterThan(0);
      expect(materials.filter((m) => m.kind === 'social').length).toBeGreaterThan(0);
      for (const m of materials) {
        expect(m.lang).toBe(lang);
        expect(m.body).toContain('[AFFILIATE_LINK]');
        expect(m.body).not.toMatch(/verdien|garantiert|passive|€/i);
      }
    }
  });

  it('are managed by admins only, refusing income promises', async () => {
    const admin = (await signedInClient(app, { role: 'admin' })).client;
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    const input = { kind: 'social', lang: 'de', title: 'Neu', body: 'Schau mal: [AFFILIATE_LINK]' };
    expect((await partner.post('/api/admin/affiliate/materials', input)).status).toBe(403);
    const created = await admin.post<{ id: string }>('/api/admin/affiliate/materials', input);
    expect(created.status).toBe(201);
    const seen = async () =>
      (await partner.get<{ materials: { id: string; body: string }[] }>('/api/affiliate/materials?lang=de')).body.materials.find(
        (m) => m.id === created.body.id,
      );
    expect((await seen())?.body).toBe(input.body);
    const promise = await admin.request<{ error: { code: string } }>('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, {
      body: 'Garantiert 500 € pro Monat: [AFFILIATE_LINK]',
    });
    expect(promise.body.error.code).toBe('MATERIAL_INCOME_PROMISE');
    expect((await seen())?.body).toBe(input.body);
    expect((await admin.request('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, { active: false })).status).toBe(200);
    expect(await seen()).toBeUndefined();
    expect((await partner.request('DELETE', `/api/admin/affiliate/materials/${created.body.id}`)).status).toBe(403);
    expect((await admin.request('DELETE', `/api/admin/affiliate/materials/${created.body.id}`)).status).toBe(200);
    expect((await admin.get<{ materials: { id: string }[] }>('/api/admin/affiliate/materials')).body.materials.some((m) => m.id === created.body.id)).toBe(
      false,
    );
  });
});

describe('academy', () => {
  it("keeps each partner's own progress, for lessons with a video and without", async () => {
    const a = (await signedInClient(app, { role: 'seeker' })).client;
    const b = (await signedInClient(app, { role: 'seeker' })).client;
    const playable = await prisma().academyVideo.create({
      data: {
        category: 'tools',
        titleDe: 'Testvideo',
        titleEn: 'Test video',
        descriptionDe: 'x',
        descriptionEn: 'x',
        bodyDe: 'Text',
        bodyEn: 'Text',
        url: 'https://videos.example.org/1.mp4',
      },
    });
    const first = (
      await a.get<{ videos: { id: string; url: string | null; category: string }[]; progress: { watched: number; total: number } }>('/api/affiliate/academy')
    ).body;
    expect(first.progress.watched).toBe(0);
    expect(first.videos.find((v) => v.id === 'av-start-1')?.url).toBeNull();
    expect(new Set(first.videos.map((v) => v.category))).toEqual(new Set(['getting_started', 'advanced_strategies', 'tools']));
    // A lesson without video is marked done like one with.
    expect((await a.request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: true })).status).toBe(200);
    expect((await a.request('PUT', `/api/affiliate/academy/${playable.id}/progress`, { watched: true })).status).toBe(200);
    expect((await a.get<{ progress: { watched: number; total: number } }>('/api/affiliate/academy')).body.progress).toEqual({
      watched: 2,
      total: first.progress.total,
    });
    expect((await b.get<{ progress: { watched: number } }>('/api/affiliate/academy')).body.progress.watched).toBe(0);
    await a.request('PUT', `/api/affiliate/academy/${playable.id}/progress`, { watched: false });
    await a.request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: false });
    expect((await a.get<{ progress: { watched: number } }>('/api/affiliate/academy')).body.progress.watched).toBe(0);
    await prisma().academyVideo.delete({ where: { id: playable.id } });
  });
});

describe('live plan and live commission', () => {
  it('answers the plan with the unlock price and tells the partner live when a commission is booked', async () => {
    const plan = (await app.client().get<{ poolBp: number; unlockPriceGoints: number; maxUnlocks: number }>('/api/affiliate/plan')).body;
    expect(plan.unlockPriceGoints).toBe(50);
    expect(plan.maxUnlocks).toBeGreaterThan(0);
    const partner = await createUser(prisma(), { role: 'seeker' });
    const seeker = await createSeeker(prisma());
    const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '10115', radiusKm: 10, user: { referredById: partner.id } });
    // Paid Goints: only the platform's share of paid unlock fees earns commissions (decision 019).
    await givePaidGointsOnly(prisma(), provider.user.id, 50);
    const request = await createReleasedRequest(app.deps, seeker.id, { postcode: '10115' });
    await unlockAtQuotedPrice(app.deps, provider.user.id, request.id);
    const offer = await createOffer(app.deps, provider.user.id, {
      requestId: request.id,
      price: 300,
      beschreibung: 'Reparatur mit Ersatzteilen',
      verfuegbarkeit: 'morgen',
    });
    const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
    const events: BusEvent[] = [];
    const stop = app.deps.bus.subscribe((e) => events.push(e));
    try {
      await confirmDeal(app.deps, provider.user.id, dealId);
      expect(events.some((e) => e.type === 'commission.booked')).toBe(false);
      await confirmDeal(app.deps, seeker.id, dealId);
      await expect.poll(() => events.find((e) => e.type === 'commission.booked')).toBeTruthy();
    } finally {
      stop();
    }
    const event = events.find((e) => e.type === 'commission.booked')!;
    expect(event.to).toEqual({ userId: partner.id });
    expect(event.payload).toMatchObject({ level: 1, status: 'pending' });
  });
});
