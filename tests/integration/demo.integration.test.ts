// Demo mode before any script runs (decision 041): /demo rendered on the server with its fictional data and
// its label, ?demo=true on a server-rendered page shows the demo in place of the real page, the sample
// marketing figures only inside demo mode, and the specification's other addresses redirected with their query.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { DEMO_PROVIDERS } from '../../src/demo/data.ts';

let app: TestApp;
let clientDir: string;

const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>akut</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-demo-ssr-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  app = await startTestApp({}, { clientDir, loadRenderer: async () => (await import('../../src/entry-server.tsx')).render });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** The page's text as a crawler reads it (tags dropped, entities decoded). */
async function page(p: string) {
  const res = await fetch(app.baseUrl + p, { redirect: 'manual' });
  const html = await res.text();
  const root = html.slice(html.indexOf('<div id="root"'));
  const text = root
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
  return {
    status: res.status,
    location: res.headers.get('location'),
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(root)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim(),
    text,
  };
}

describe('/demo in the HTML', () => {
  it('German: heading, the label, five demo providers with their facts and actions, three deals, sample figures marked as examples, sign-up', async () => {
    const r = await page('/demo');
    expect(r.status).toBe(200);
    expect(r.lang).toBe('de');
    expect(r.h1).toBe('akut ausprobieren');
    expect(r.title).toContain('Demo');
    expect(r.text).toContain('Demo – alle Daten sind erfunden');
    for (const p of DEMO_PROVIDERS) {
      expect(r.text).toContain(p.name);
      expect(r.text).toContain(p.phone);
      expect(r.text).toContain(p.email);
    }
    expect(r.text.match(/Profil ansehen/g)).toHaveLength(5);
    expect(r.text.match(/Nachricht senden/g)).toHaveLength(5);
    expect(r.text).toContain('Berlin-Mitte');
    expect(r.text).toContain('127 Bewertungen');
    expect(r.text).toContain('4,9');
    expect(r.text).toContain('Antwortet meist in 15 Min.');
    // The sidebar's three deals.
    expect(r.text).toContain('Heizung am Sonntagabend repariert');
    expect(r.text).toContain('12.900 €');
    expect(r.text).toContain('Catering für 60 Gäste');
    expect(r.text).not.toContain('Sicherungskasten getauscht');
    // The specification's marketing figures, as examples.
    expect(r.text).toContain('Beispielzahlen');
    expect(r.text).toMatch(/98\s?%/);
    expect(r.text).toContain('2.400+');
    expect(r.text).toContain('24 h');
    expect(r.text).toContain('erfunden, keine echten Ergebnisse');
    expect(r.text).toContain('Als Anbieter registrieren');
    expect(r.text).toContain('Als Suchende:r registrieren');
  });

  it('English with ?lng=en: the same page in English, amounts and figures in English notation', async () => {
    const r = await page('/demo?lng=en');
    expect(r.status).toBe(200);
    expect(r.lang).toBe('en');
    expect(r.h1).toBe('Try akut');
    expect(r.text).toContain('Demo – all data is fictional');
    expect(r.text.match(/View profile/g)).toHaveLength(5);
    expect(r.text.match(/Send message/g)).toHaveLength(5);
    expect(r.text).toContain('127 reviews');
    expect(r.text).toContain('€12,900');
    expect(r.text).toContain('2,400+');
    expect(r.text).toContain('Sample figures');
    expect(r.text).not.toContain('Bewertungen');
  });
});

describe('?demo=true on a server-rendered page', () => {
  it('/erfolgreiche-deals?demo=true shows the demo deals under the label, never the real list', async () => {
    for (const [url, label, heading] of [
      ['/erfolgreiche-deals?demo=true', 'Demo – alle Daten sind erfunden', 'Erfolgreiche Deals'],
      ['/erfolgreiche-deals?demo=true&lng=en', 'Demo – all data is fictional', 'Successful deals'],
    ] as const) {
      const r = await page(url);
      expect(r.status).toBe(200);
      expect(r.h1).toContain(heading);
      expect(r.text).toContain(label);
      expect(r.text).toContain('Sanitär Sonnenschein');
    }
    const real = await page('/erfolgreiche-deals');
    expect(real.text).not.toContain('alle Daten sind erfunden');
    expect(real.text).not.toContain('Sanitär Sonnenschein');
  });

  it('the sample figures appear nowhere outside demo mode', async () => {
    for (const p of ['/', '/suchende', '/anbieter', '/erfolgreiche-deals', '/?lng=en', '/anbieter?lng=en']) {
      const r = await page(p);
      expect(r.status, p).toBe(200);
      expect(r.text, p).not.toMatch(/98\s?%|2[.,]400\+/);
    }
  });
});

describe("the specification's other addresses", () => {
  it('redirect to the real pages and keep the query', async () => {
    const cases: [string, string][] = [
      ['/anbieter-dashboard?demo=true', '/anbieter/dashboard?demo=true'],
      ['/successful-deals?demo=true', '/erfolgreiche-deals?demo=true'],
      ['/successful-deals', '/erfolgreiche-deals'],
      ['/affiliate-anbieter', '/affiliate/anbieter'],
      ['/affiliate-anbieter?lng=en&ref=AKUT-ABCDEF', '/affiliate/anbieter?lng=en&ref=AKUT-ABCDEF'],
    ];
    for (const [from, to] of cases) {
      const r = await page(from);
      expect(r.status, from).toBe(301);
      expect(r.location, from).toBe(to);
    }
  });

  it('the targets answer 200', async () => {
    for (const p of ['/erfolgreiche-deals?demo=true', '/affiliate/anbieter']) expect((await page(p)).status, p).toBe(200);
  });
});
