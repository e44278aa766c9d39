// matchRequest, the command that matches one new request to providers (server/domain/matching/match-request.ts):
// which providers it picks, that it writes each match once, stamps the request, and tells each new provider
// once. The same on PGlite and PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createProvider, createSeeker } from '../factories/marketplace.ts';
import { matchRequest } from '../../server/domain/matching/match-request.ts';
import { coordinatesOf, haversineKm, placeOfPostcode } from '../../server/integrations/geo/postcodes.ts';
import type { BusEvent } from '../../server/realtime/bus.ts';

let app: TestApp;
const events: BusEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.deps.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await app?.close();
});

/** An open request as releaseRequest leaves it before it matches (status open, coordinates set). */
async function openRequest(seekerId: string, input: { postcode: string; kategorie?: string; budgetMax?: number | null; status?: string }) {
  const at = coordinatesOf(input.postcode, null);
  if (!at) throw new Error(`unknown postcode ${input.postcode}`);
  return app.deps.db.prisma.request.create({
    data: {
      userId: seekerId,
      sourceKey: `matching:${crypto.randomUUID()}`,
      firstName: 'Sam',
      kategorie: input.kategorie ?? 'beauty',
      beschreibung: 'Brauche eine Kosmetikerin für eine Hochzeit, Make-up für vier Personen.',
      beschreibungOeffentlich: 'Brauche eine Kosmetikerin für eine Hochzeit, Make-up für vier Personen.',
      postcode: input.postcode,
      ort: placeOfPostcode(input.postcode),
      lat: at.lat,
      lon: at.lon,
      budgetMin: null,
      budgetMax: input.budgetMax === undefined ? 400 : input.budgetMax,
      dringlichkeit: 'dringend',
      status: input.status ?? 'open',
    },
  });
}

describe('matchRequest', () => {
  it("matches providers of the request's category whose own radius reaches it, by their settings, once each", async () => {
    // Dresden and around: nothing else in this file lives there.
    const near = await createProvider(app.deps, { categories: ['beauty'], postcode: '01067', radiusKm: 10 });
    const edge = await createProvider(app.deps, { categories: ['beauty', 'handwerk'], postcode: '01445', radiusKm: 30 }); // Radebeul, about 8 km
    const shortReach = await createProvider(app.deps, { categories: ['beauty'], postcode: '01662', radiusKm: 5 }); // Meißen, about 23 km
    const otherTrade = await createProvider(app.deps, { categories: ['handwerk'], postcode: '01067', radiusKm: 50 });
    const paused = await createProvider(app.deps, { categories: ['beauty'], postcode: '01069', radiusKm: 50 });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: paused.user.id }, data: { acceptsMatches: false } });
    const dear = await createProvider(app.deps, { categories: ['beauty'], postcode: '01069', radiusKm: 50 });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: dear.user.id }, data: { minBudget: 500 } });
    const modest = await createProvider(app.deps, { categories: ['beauty'], postcode: '01069', radiusKm: 50 });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: modest.user.id }, data: { minBudget: 400 } });
    const inactive = await createProvider(app.deps, { categories: ['beauty'], postcode: '01069', radiusKm: 50 });
    await app.deps.db.prisma.providerCategory.updateMany({ where: { providerId: inactive.user.id }, data: { active: false } });

    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await openRequest(seeker.id, { postcode: '01067' });
    const since = events.length;
    expect(await matchRequest(app.deps, r.id)).toBe(3);
    const rows = await app.deps.db.prisma.match.findMany({ where: { requestId: r.id }, orderBy: { distanceKm: 'asc' } });
    expect(new Set(rows.map((m) => m.providerId))).toEqual(new Set([near.user.id, edge.user.id, modest.user.id]));
    for (const m of rows) {
      expect(m.status).toBe('offen');
      expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The distance from the request to the provider's own place, to one decimal.
      const p = await app.deps.db.prisma.providerCategory.findFirstOrThrow({ where: { providerId: m.providerId, category: 'beauty' } });
      expect(m.distanceKm).toBe(Math.round(haversineKm(r.lat!, r.lon!, p.lat, p.lon) * 10) / 10);
    }
    expect(rows.map((m) => m.providerId)).not.toContain(shortReach.user.id);
    expect(rows.map((m) => m.providerId)).not.toContain(otherTrade.user.id);
    const stamped = await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } });
    expect(Math.abs(stamped.matchedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(rows[0]!.updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stamped.updatedAt.getTime()).toBeGreaterThanOrEqual(r.updatedAt.getTime());

    // Each new provider is told once, live and by e-mail.
    await app.settle();
    const told = events.slice(since).filter((e) => e.type === 'match.created');
    expect(told.map((e) => e.to.userId).sort()).toEqual([near.user.id, edge.user.id, modest.user.id].sort());
    for (const e of told) {
      const m = rows.find((x) => x.providerId === e.to.userId);
      expect(e.payload).toEqual({ matchId: m?.id, requestId: r.id });
    }
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: near.user.email, template: 'newMatch' } })).toBe(1);

    // Again: nothing new, nobody told twice.
    const again = events.length;
    expect(await matchRequest(app.deps, r.id)).toBe(0);
    expect(await app.deps.db.prisma.match.count({ where: { requestId: r.id } })).toBe(3);
    await app.settle();
    expect(events.slice(again).filter((e) => e.type === 'match.created')).toHaveLength(0);
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: near.user.email, template: 'newMatch' } })).toBe(1);

    // A provider who joins later is matched by a second run, alone; the others keep their matches.
    const later = await createProvider(app.deps, { categories: ['handwerk'], postcode: '01067', radiusKm: 10 });
    await app.deps.db.prisma.providerCategory.create({
      data: { providerId: later.user.id, category: 'beauty', lat: r.lat!, lon: r.lon!, radiusKm: 10 },
    });
    expect(await matchRequest(app.deps, r.id)).toBe(1);
    const after = await app.deps.db.prisma.match.findMany({ where: { requestId: r.id } });
    expect(after).toHaveLength(4);
    expect(after.find((m) => m.providerId === later.user.id)?.distanceKm).toBe(0);
  });

  it("never matches the seeker's own request to herself; a request with no budget reaches providers with a minimum", async () => {
    const both = await createProvider(app.deps, { categories: ['news'], postcode: '24103', radiusKm: 20 }); // Kiel
    await app.deps.db.prisma.providerProfile.update({ where: { userId: both.user.id }, data: { minBudget: 1000 } });
    const own = await openRequest(both.user.id, { postcode: '24103', kategorie: 'news', budgetMax: null });
    expect(await matchRequest(app.deps, own.id)).toBe(0);
    const seeker = await createSeeker(app.deps.db.prisma);
    const open = await openRequest(seeker.id, { postcode: '24103', kategorie: 'news', budgetMax: null });
    expect(await matchRequest(app.deps, open.id)).toBe(1);
  });

  it('leaves requests that are not open, have no place, or do not exist alone', async () => {
    await createProvider(app.deps, { categories: ['versicherung'], postcode: '18055', radiusKm: 30 }); // Rostock
    const seeker = await createSeeker(app.deps.db.prisma);
    const held = await openRequest(seeker.id, { postcode: '18055', kategorie: 'versicherung', status: 'review' });
    expect(await matchRequest(app.deps, held.id)).toBe(0);
    const nowhere = await openRequest(seeker.id, { postcode: '18055', kategorie: 'versicherung' });
    await app.deps.db.prisma.request.update({ where: { id: nowhere.id }, data: { lat: null, lon: null } });
    expect(await matchRequest(app.deps, nowhere.id)).toBe(0);
    expect(await matchRequest(app.deps, crypto.randomUUID())).toBe(0);
    expect(await app.deps.db.prisma.match.count({ where: { requestId: { in: [held.id, nowhere.id] } } })).toBe(0);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: held.id } })).matchedAt).toBeNull();
  });
});
