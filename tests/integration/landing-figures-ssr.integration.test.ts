// The landing pages as the server renders them (decision 042): live figures and the provider testimonials in
// the HTML when the data is there, and no number and no testimonial section while it is not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createProvider, createSeeker } from '../factories/marketplace.ts';
import { createPastDeal } from '../factories/history.ts';

let app: TestApp;
let clientDir: string;

const TEMPLATE = `<!doctype html>
<html lang="de">
  <head><meta charset="UTF-8" /><title>akut</title></head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-ssr-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  app = await startTestApp({}, { clientDir, loadRenderer: async () => (await import('../../src/entry-server.tsx')).render });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The rendered page body as text a crawler reads, and the live-figure section's values. */
async function page(p: string) {
  const res = await fetch(app.baseUrl + p);
  const html = await res.text();
  const body = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"') >>> 0);
  const text = body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ');
  const section = (id: string) => {
    const i = body.indexOf(`data-testid="${id}"`);
    return i < 0 ? null : body.slice(i, body.indexOf('</section>', i));
  };
  const figures = section('live-figures');
  const values = figures ? [...figures.matchAll(/data-testid="figure-value"[^>]*>([^<]*)</g)].map((m) => m[1]!.replace(/\u00a0|\u202f/g, ' ')) : [];
  return { status: res.status, text, figures, values, testimonials: section('testimonials') };
}

describe('landing pages without enough data', () => {
  it('show no figure and no testimonial section', async () => {
    for (const p of ['/', '/?lng=en', '/anbieter', '/suchende']) {
      const r = await page(p);
      expect(r.status).toBe(200);
      expect(r.figures, p).toBeNull();
      expect(r.testimonials, p).toBeNull();
    }
  });
});

describe('landing pages with data', () => {
  it('show the live figures and the newest good reviews with first name or Anonym, provider and category', async () => {
    const prisma = app.deps.db.prisma;
    const { user: provider } = await createProvider(app.deps, { firmenname: 'Heizung Hansen', categories: ['handwerk'] });
    const seeker = await createSeeker(prisma);
    // Ten completed deals (the minimum), four of them reviewed.
    for (let i = 0; i < 6; i++) await createPastDeal(prisma, { seekerId: seeker.id, providerId: provider.id, daysAgo: 20 + i });
    await createPastDeal(prisma, {
      seekerId: seeker.id,
      providerId: provider.id,
      daysAgo: 9,
      firstName: 'Berta',
      review: { rating: 4, testimonial: 'Ordentlich und freundlich.', showFirstName: false },
    });
    await createPastDeal(prisma, {
      seekerId: seeker.id,
      providerId: provider.id,
      daysAgo: 8,
      firstName: 'Carla',
      review: { rating: 5, testimonial: 'Schnell da und sauber gearbeitet.', showFirstName: true },
    });
    await createPastDeal(prisma, { seekerId: seeker.id, providerId: provider.id, daysAgo: 2, review: { rating: 2, testimonial: 'Kam zu spät.' } });
    await createPastDeal(prisma, {
      seekerId: seeker.id,
      providerId: provider.id,
      daysAgo: 1,
      firstName: 'Jana',
      kategorie: 'auto',
      review: { rating: 5, testimonial: 'Top Arbeit, sehr pünktlich.', showFirstName: true },
    });
    // The figures are counted at most once a minute: a minute later the page has them.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);

    const de = await page('/');
    expect(de.values).toEqual(['10', '30 Min.', '100 %']);
    expect(de.text).toContain('Erfolgreiche Deals');
    const t = de.testimonials!;
    expect(t).not.toBeNull();
    const order = ['Top Arbeit, sehr pünktlich.', 'Schnell da und sauber gearbeitet.', 'Ordentlich und freundlich.'].map((s) => t.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(t).not.toContain('Kam zu spät.');
    expect(de.text).toContain('Jana über Heizung Hansen · Auto');
    expect(de.text).toContain('Carla über Heizung Hansen · Handwerk');
    expect(de.text).toContain('Anonym über Heizung Hansen');
    expect(de.text).not.toContain('Berta');

    const en = await page('/?lng=en');
    expect(en.values).toEqual(['10', '30 min', '100%']);
    expect(en.text).toContain('Anonymous about Heizung Hansen');

    expect((await page('/anbieter')).values).toEqual(['10', '30 Min.', '100 %']);
    const seekers = await page('/suchende');
    expect(seekers.values).toEqual(['100 %', '30 Min.']);
    expect(seekers.testimonials).toBeNull();
  });
});
