// Public pages as search engines and link previews see them, before any script runs (decision 037): the
// server renders each one with its heading and head (title, description, canonical, hreflang, Open Graph,
// Twitter card), structured data where it fits, a 404 for a provider that does not exist, robots.txt and
// sitemap.xml.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { SERVER_RENDERED_PATHS, isAppPath } from '../../core/pages/route-table.ts';

let app: TestApp;
let clientDir: string;
let providerId: string;

// The built index.html's shape: what the server fills in.
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="akut: Sag, was du dringend brauchst." />
    <title>akut</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const as = (user: { email: string; password: string }) => clientAs(app, user);

/** A completed deal with the seeker's review: the provider's page has a real rating. */
async function reviewedProvider(): Promise<string> {
  const provider = await createProvider(app.deps, {
    firmenname: 'Heizung Hansen',
    categories: ['handwerk'],
    postcode: '50667',
    description: 'Heizungsbau & Notdienst <rund um die Uhr> in Köln.',
  });
  const seeker = await createSeeker(app.deps.db.prisma);
  const request = await createReleasedRequest(app.deps, seeker.id, { postcode: '50667', firstName: 'Sam' });
  const cp = await as(provider.user);
  const cs = await as(seeker);
  expect((await cp.post(`/api/provider/requests/${request.id}/unlock`, { price: 50 })).status).toBe(200);
  const offer = await cp.post<{ id: string }>('/api/provider/offers', {
    requestId: request.id,
    price: 480,
    beschreibung: 'Austausch der Gastherme inklusive Anfahrt.',
    verfuegbarkeit: 'Morgen ab 8 Uhr',
  });
  expect(offer.status).toBe(201);
  const { dealId } = (await cs.post<{ dealId: string }>(`/api/seeker/offers/${offer.body.id}/accept`)).body;
  await cp.post(`/api/deals/${dealId}/confirm`);
  await cs.post(`/api/deals/${dealId}/confirm`);
  expect(
    (await cs.post(`/api/deals/${dealId}/review`, { rating: 4, testimonial: 'Schnell da und sauber gearbeitet.', showFirstName: true, contactVisible: false }))
      .status,
  ).toBe(201);
  return provider.user.id;
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-ssr-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  app = await startTestApp({}, { clientDir, loadRenderer: async () => (await import('../../src/entry-server.tsx')).render });
  providerId = await reviewedProvider();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const decode = (s: string | undefined) =>
  s
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The page as a crawler gets it: no script runs, only the HTML is read. */
async function page(p: string, lang?: 'de' | 'en') {
  const res = await fetch(app.baseUrl + p, { headers: lang ? { 'accept-language': lang === 'en' ? 'en-US,en;q=0.9' : 'de-DE,de;q=0.9' } : {} });
  const html = await res.text();
  const attr = (re: RegExp) => re.exec(html)?.[1];
  const body = html.slice(html.indexOf('<div id="root"'));
  return {
    status: res.status,
    html,
    lang: attr(/<html lang="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    titles: html.match(/<title>/g)?.length ?? 0,
    description: attr(/<meta name="description" content="([^"]*)"/),
    descriptions: html.match(/<meta name="description"/g)?.length ?? 0,
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    hreflang: Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])),
    og: Object.fromEntries([...html.matchAll(/<meta property="og:([^"]+)" content="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])),
    twitter: Object.fromEntries([...html.matchAll(/<meta name="twitter:([^"]+)" content="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])),
    h1: decode(
      attr(/<h1[^>]*>([\s\S]*?)<\/h1>/)
        ?.replace(/<[^>]+>/g, '')
        .trim(),
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    body,
  };
}

const PAGES: { path: string; h1: { de: string; en: string } }[] = [
  { path: '/', h1: { de: 'Sag, was du dringend brauchst.', en: 'Say what you urgently need.' } },
  { path: '/suchende', h1: { de: 'Du suchst nicht mehr.', en: 'Stop searching.' } },
  { path: '/anbieter', h1: { de: 'Kunden, die jetzt etwas brauchen.', en: 'Customers who need something now.' } },
  { path: '/erfolgreiche-deals', h1: { de: 'Erfolgreiche Deals', en: 'Successful deals' } },
  { path: '/affiliate', h1: { de: 'Empfehlen, was hilft.', en: 'Recommend what helps.' } },
  { path: '/affiliate/suchende', h1: { de: 'Suchende empfehlen', en: 'Recommend to seekers' } },
  { path: '/affiliate/anbieter', h1: { de: 'Anbieter empfehlen', en: 'Recommend to providers' } },
  { path: '/impressum', h1: { de: 'Impressum', en: 'Legal notice' } },
  { path: '/datenschutz', h1: { de: 'Datenschutzerklärung', en: 'Privacy policy' } },
  { path: '/agb', h1: { de: 'Allgemeine Geschäftsbedingungen', en: 'Terms and conditions' } },
  { path: '/hilfe', h1: { de: 'Hilfe-Center', en: 'Help centre' } },
  { path: '/kontakt', h1: { de: 'Kontakt', en: 'Contact' } },
  { path: '/demo', h1: { de: 'akut ausprobieren', en: 'Try akut' } },
  // The chat page's frame (heading, panel, links): its first paint needs no script (docs/benchmarks.md).
  { path: '/search', h1: { de: 'Was brauchst du dringend?', en: 'What do you urgently need?' } },
];

describe('public pages before any script runs', () => {
  it('lists every public page of the app in this test', () => {
    const listed = new Set([...PAGES.map((p) => p.path), '/anbieter/:id']);
    expect(SERVER_RENDERED_PATHS.filter((p) => isAppPath(p.replace(':id', 'x')) && !listed.has(p))).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    for (const { path: p, h1 } of PAGES) {
      it(`${p} (${lang}): heading, title, description, canonical, hreflang, Open Graph and Twitter card in the HTML`, async () => {
        const url = lang === 'en' ? `${p}?lng=en` : p;
        const r = await page(url);
        expect(r.status).toBe(200);
        expect(r.lang).toBe(lang);
        expect(r.h1).toContain(h1[lang]);
        expect(r.titles).toBe(1);
        expect(r.title).toMatch(/akut/);
        expect(r.title).not.toBe('akut');
        expect(r.descriptions).toBe(1);
        expect(r.description!.length).toBeGreaterThan(30);
        const de = `${app.baseUrl}${p}`;
        const en = `${app.baseUrl}${p}?lng=en`;
        expect(r.canonical).toBe(lang === 'en' ? en : de);
        expect(r.hreflang).toEqual({ de, en, 'x-default': de });
        expect(r.og).toMatchObject({
          title: r.title,
          description: r.description,
          url: r.canonical,
          type: 'website',
          locale: lang === 'en' ? 'en_GB' : 'de_DE',
        });
        expect(r.twitter).toMatchObject({ card: 'summary_large_image', title: r.title, description: r.description });
      });
    }
  }

  it('picks the language of the browser when the address does not say, and ?lng wins over it; the canonical follows the address', async () => {
    expect((await page('/hilfe', 'en')).h1).toBe('Help centre');
    expect((await page('/hilfe', 'en')).lang).toBe('en');
    // Crawlers send no Accept-Language and get German at the bare path: it stays the German address.
    expect((await page('/hilfe', 'en')).canonical).toBe(`${app.baseUrl}/hilfe`);
    expect((await page('/hilfe?lng=en', 'de')).canonical).toBe(`${app.baseUrl}/hilfe?lng=en`);
    expect((await page('/hilfe', 'de')).h1).toBe('Hilfe-Center');
    expect((await page('/hilfe?lng=de', 'en')).h1).toBe('Hilfe-Center');
  });

  it('the landing page carries the Organization as JSON-LD', async () => {
    const r = await page('/');
    expect(r.jsonLd).toEqual([expect.objectContaining({ '@context': 'https://schema.org', '@type': 'Organization', name: 'akut', url: `${app.baseUrl}/` })]);
  });

  it('a provider page shows the provider and its real rating, as a LocalBusiness with AggregateRating', async () => {
    const r = await page(`/anbieter/${providerId}`);
    expect(r.status).toBe(200);
    expect(r.h1).toBe('Heizung Hansen');
    expect(r.body).toContain('Schnell da und sauber gearbeitet.');
    expect(r.title).toContain('Heizung Hansen');
    expect(r.canonical).toBe(`${app.baseUrl}/anbieter/${providerId}`);
    // The description's markup-like text arrives as text, never as markup.
    expect(r.html).not.toContain('<rund um die Uhr>');
    expect(r.jsonLd).toHaveLength(1);
    expect(r.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Heizung Hansen',
      url: `${app.baseUrl}/anbieter/${providerId}`,
      description: 'Heizungsbau & Notdienst <rund um die Uhr> in Köln.',
      address: { '@type': 'PostalAddress', addressLocality: 'Köln', addressCountry: 'DE' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1, bestRating: 5, worstRating: 1 },
      review: [
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: 'Sam' },
          reviewBody: 'Schnell da und sauber gearbeitet.',
        },
      ],
    });
    // The data the page was rendered with goes along for hydration, and cannot close its script element.
    const data = /<script type="application\/json" id="akut-initial-data">([\s\S]*?)<\/script>/.exec(r.html)?.[1];
    expect(JSON.parse(data!)[`provider:${providerId}`]).toMatchObject({ firmenname: 'Heizung Hansen', ratingCount: 1, favorite: null });
  });

  it('claims no rating for a provider without reviews', async () => {
    const fresh = await createProvider(app.deps, { firmenname: 'Neu & Frisch' });
    const r = await page(`/anbieter/${fresh.user.id}`);
    expect(r.h1).toBe('Neu & Frisch');
    expect(r.jsonLd[0]).toMatchObject({ '@type': 'LocalBusiness', name: 'Neu & Frisch' });
    expect(r.jsonLd[0]).not.toHaveProperty('aggregateRating');
  });

  it('the successful deals page lists the completed deal in its HTML', async () => {
    const r = await page('/erfolgreiche-deals');
    expect(r.body).toContain('Heizung Hansen');
  });

  it('answers 404 with a not-found page, not indexed, for a provider that does not exist and for unknown paths', async () => {
    for (const p of ['/anbieter/00000000-0000-4000-8000-000000000000', '/anbieter/not-an-id', '/gibt-es-nicht']) {
      const r = await page(p);
      expect(r.status, p).toBe(404);
      expect(r.html, p).toContain('<meta name="robots" content="noindex">');
      expect(r.canonical, p).toBeUndefined();
      expect(r.h1, p).toBeTruthy();
    }
  });

  it('a provider page restricted after a report (decision 059) is shown but not indexed and has no structured data; a removed one answers 404', async () => {
    const restricted = await createProvider(app.deps, { firmenname: 'Eingeschränkt & Co' });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: restricted.user.id }, data: { restriction: 'restricted' } });
    const r = await page(`/anbieter/${restricted.user.id}`);
    expect(r.status).toBe(200);
    expect(r.h1).toBe('Eingeschränkt & Co');
    expect(r.html).toContain('<meta name="robots" content="noindex">');
    expect(r.canonical).toBeUndefined();
    expect(r.jsonLd).toEqual([]);
    const removed = await createProvider(app.deps, { firmenname: 'Entfernt GmbH' });
    await app.deps.db.prisma.providerProfile.update({ where: { userId: removed.user.id }, data: { restriction: 'removed' } });
    expect((await page(`/anbieter/${removed.user.id}`)).status).toBe(404);
    const sitemap = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(restricted.user.id);
    expect(sitemap).not.toContain(removed.user.id);
  });

  it('leaves dashboards to the browser', async () => {
    for (const p of ['/anbieter/dashboard', '/suchende-dashboard', '/admin']) {
      const r = await page(p);
      expect(r.status, p).toBe(200);
      expect(r.html, p).toContain('<div id="root"></div>');
      expect(r.title, p).toBe('akut');
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the API, the admin area and the dashboards, and names the sitemap', async () => {
    const res = await fetch(`${app.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const p of ['/api/', '/admin', '/anbieter/dashboard', '/suchende-dashboard', '/affiliate/dashboard']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
    // The public pages stay open.
    expect(lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice(10))).not.toContain('/anbieter');
  });

  it('sitemap.xml lists the public pages in both languages with their alternates, and every provider page', async () => {
    const res = await fetch(`${app.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    for (const { path: p } of PAGES) {
      expect(locs).toContain(`${app.baseUrl}${p}`);
      expect(locs).toContain(`${app.baseUrl}${p}?lng=en`);
    }
    expect(locs).toContain(`${app.baseUrl}/anbieter/${providerId}`);
    expect(locs).toContain(`${app.baseUrl}/anbieter/${providerId}?lng=en`);
    expect(locs.some((l) => /dashboard|admin|\/api\//.test(l))).toBe(false);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${app.baseUrl}/agb?lng=en"/>`);
    expect(xml.match(/<url>/g)?.length).toBe(locs.length);
  });
});
