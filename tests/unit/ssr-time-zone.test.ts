// The server render writes dates and numbers as a visitor in Germany reads them, whatever the server's time
// zone and locale: the HTML is the same on a server in New York as in UTC, so the client (in Europe/Berlin, in
// the page's language) hydrates it unchanged. Rendered from source (src/entry-server.tsx).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../src/entry-server.tsx';

const ORIGINAL_TZ = process.env.TZ;
afterEach(() => {
  vi.useRealTimers();
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

// 23:30 UTC on New Year's Eve is already 00:30 on 1 January 2027 in Berlin.
const NEW_YEAR_BERLIN = new Date('2026-12-31T23:30:00.000Z');

const deal = {
  id: 'd1',
  kategorie: 'handwerk',
  providerId: '00000000-0000-4000-8000-000000000001',
  providerName: 'Heizung Hansen',
  customer: null,
  rating: 5,
  testimonial: 'Schnell da und sauber gearbeitet.',
  valueCents: 48_000,
  location: 'Köln',
  completedAt: NEW_YEAR_BERLIN.toISOString(),
  contactVisible: false,
};

const provider = {
  id: '00000000-0000-4000-8000-000000000001',
  firmenname: 'Heizung Hansen',
  description: 'Heizungsbau in Köln.',
  categories: ['handwerk'],
  place: 'Köln',
  postcodeArea: '50',
  radiusKm: 30,
  verified: false,
  badge: null,
  ratingAvg: 4.5,
  ratingCount: 2,
  dealsCompleted: 2,
  medianResponseMinutes: 35,
  reviews: [
    {
      id: 'b1d0c9a2-0000-4000-8000-000000000001',
      rating: 5,
      testimonial: 'Sehr gut.',
      customer: 'Anonym',
      category: 'handwerk',
      createdAt: NEW_YEAR_BERLIN.toISOString(),
    },
  ],
  memberSince: NEW_YEAR_BERLIN.toISOString(),
  listed: true,
  favorite: null,
};

async function renderIn(tz: string, url: string, data: Record<string, unknown>, lang: 'de' | 'en' = 'de') {
  process.env.TZ = tz;
  return (await render({ url, lang, data })).html;
}

describe('server-rendered dates and numbers', () => {
  it('the footer year is the year in Berlin, on a server in UTC and in New York', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEAR_BERLIN);
    const utc = await renderIn('UTC', '/hilfe', {});
    const ny = await renderIn('America/New_York', '/hilfe', {});
    expect(utc).toContain('© 2027 akut');
    expect(ny).toBe(utc);
  });

  it('a deal completed just after midnight in Berlin shows that day, whatever the server time zone', async () => {
    const data = { 'successful-deals?': { deals: [deal], summary: { count: 1, volumeCents: 48_000, locations: 1 }, total: 1 } };
    const utc = await renderIn('UTC', '/erfolgreiche-deals', data);
    const ny = await renderIn('America/New_York', '/erfolgreiche-deals', data);
    expect(utc).toContain('01.01.2027');
    expect(ny).toBe(utc);
  });

  it("a provider's page: member since, review dates and the rating in the page's language", async () => {
    const data = { [`provider:${provider.id}`]: provider };
    const utc = await renderIn('UTC', `/anbieter/${provider.id}`, data);
    const ny = await renderIn('America/New_York', `/anbieter/${provider.id}`, data);
    expect(ny).toBe(utc);
    expect(utc).toContain('01.01.2027');
    // The stars' label is read in German: '4,5 von 5 Sternen', not the server locale's '4.5'.
    expect(utc).toContain('4,5 von 5 Sternen');
    const en = await renderIn('America/New_York', `/anbieter/${provider.id}?lng=en`, data, 'en');
    expect(en).toContain('4.5 out of 5 stars');
  });
});
