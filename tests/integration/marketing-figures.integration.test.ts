// The live figures of the public pages (decision 042): counted right on a small seeded history, each one
// only when it rests on enough cases, served by GET /api/marketing/figures, and recounted after the cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/users.ts';
import { createPastDeal, createPastRequest } from '../factories/history.ts';
import { getMarketingFigures, MIN_FIGURE_SAMPLE } from '../../server/domain/marketing/get-marketing-figures.ts';

let app: TestApp;
let seekerId: string;
let providers: string[];

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  const prisma = app.deps.db.prisma;
  await prisma.review.deleteMany();
  await prisma.deal.deleteMany();
  await prisma.offer.deleteMany();
  await prisma.request.deleteMany();
  seekerId = (await createUser(prisma, { role: 'seeker' })).id;
  providers = [];
  for (let i = 0; i < 2; i++) providers.push((await createUser(prisma, { role: 'provider' })).id);
});

const fresh = () => getMarketingFigures(app.deps.db.prisma, { maxAgeMs: 0 });

describe('live marketing figures', () => {
  it('shows no figure on an empty marketplace, also over HTTP', async () => {
    const res = await app.client().get<Record<string, unknown>>('/api/marketing/figures');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ successfulDeals: null, medianResponseMinutes: null, offerSharePercent: null, minSample: 10, windowDays: 90 });
  });

  it('counts completed deals only from the minimum on', async () => {
    const prisma = app.deps.db.prisma;
    for (let i = 0; i < MIN_FIGURE_SAMPLE - 1; i++) await createPastDeal(prisma, { seekerId, providerId: providers[0]! });
    // A deal still waiting for confirmations is not a successful one.
    const { request, offers } = await createPastRequest(prisma, { seekerId, releasedDaysAgo: 2, offers: [{ providerId: providers[0]!, afterMinutes: 5 }] });
    await prisma.deal.create({
      data: { requestId: request.id, offerId: offers[0]!.id, providerId: providers[0]!, seekerId, valueCents: 100, status: 'awaiting_both' },
    });
    expect((await fresh()).successfulDeals).toBeNull();
    await createPastDeal(prisma, { seekerId, providerId: providers[0]!, daysAgo: 400 });
    expect((await fresh()).successfulDeals).toBe(10);
  });

  it('median response time: release to first offer, over the requests of the last 90 days with an offer', async () => {
    const prisma = app.deps.db.prisma;
    const [a, b] = providers as [string, string];
    // Ten requests in the window; first offers after 10, 20, …, 100 minutes (median 55). One has a later
    // second offer, which does not count.
    for (let i = 1; i <= 10; i++) {
      await createPastRequest(prisma, {
        seekerId,
        releasedDaysAgo: 5 + i,
        offers:
          i === 1
            ? [
                { providerId: a, afterMinutes: 10 },
                { providerId: b, afterMinutes: 5000 },
              ]
            : [{ providerId: a, afterMinutes: i * 10 }],
      });
    }
    // Outside the window or without an offer: not counted.
    await createPastRequest(prisma, { seekerId, releasedDaysAgo: 120, offers: [{ providerId: a, afterMinutes: 9000 }] });
    await createPastRequest(prisma, { seekerId, releasedDaysAgo: 3 });
    expect((await fresh()).medianResponseMinutes).toBe(55);
  });

  it('median response time needs ten requests with an offer', async () => {
    const prisma = app.deps.db.prisma;
    for (let i = 1; i <= 9; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: i, offers: [{ providerId: providers[0]!, afterMinutes: 30 }] });
    for (let i = 1; i <= 5; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: i });
    expect((await fresh()).medianResponseMinutes).toBeNull();
  });

  it('offer share: requests ended in the last 90 days (deal, closed, expired) with at least one offer', async () => {
    const prisma = app.deps.db.prisma;
    const offer = [{ providerId: providers[0]!, afterMinutes: 15 }];
    // 12 ended in the window, 9 of them with an offer: 75 %.
    for (let i = 0; i < 3; i++) await createPastDeal(prisma, { seekerId, providerId: providers[0]!, daysAgo: 10 + i });
    for (let i = 0; i < 4; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: 20, status: 'closed', offers: offer });
    for (let i = 0; i < 2; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: 30, status: 'expired', offers: offer });
    await createPastRequest(prisma, { seekerId, releasedDaysAgo: 30, status: 'closed' });
    for (let i = 0; i < 2; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: 40, status: 'expired' });
    // Not counted: still open, rejected by moderation, or ended before the window.
    await createPastRequest(prisma, { seekerId, releasedDaysAgo: 2 });
    await createPastRequest(prisma, { seekerId, releasedDaysAgo: 3, status: 'rejected' });
    for (let i = 0; i < 5; i++) await createPastRequest(prisma, { seekerId, releasedDaysAgo: 200, endedDaysAgo: 150, status: 'expired' });
    expect((await fresh()).offerSharePercent).toBe(75);
  });

  it('offer share needs ten ended requests', async () => {
    const prisma = app.deps.db.prisma;
    for (let i = 0; i < 9; i++)
      await createPastRequest(prisma, { seekerId, releasedDaysAgo: 20, status: 'closed', offers: [{ providerId: providers[0]!, afterMinutes: 5 }] });
    expect((await fresh()).offerSharePercent).toBeNull();
  });

  it('serves the counted figures for a minute, then counts again', async () => {
    const prisma = app.deps.db.prisma;
    const t0 = new Date();
    expect((await getMarketingFigures(prisma, { now: t0, maxAgeMs: 0 })).successfulDeals).toBeNull();
    for (let i = 0; i < 10; i++) await createPastDeal(prisma, { seekerId, providerId: providers[0]! });
    expect((await getMarketingFigures(prisma, { now: new Date(t0.getTime() + 30_000) })).successfulDeals).toBeNull();
    expect((await getMarketingFigures(prisma, { now: new Date(t0.getTime() + 61_000) })).successfulDeals).toBe(10);
  });
});
