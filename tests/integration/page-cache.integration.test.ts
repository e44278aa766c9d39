// Public pages through the page cache (decision 051), as `npm start` serves them: a visitor who is not signed in
// gets a render that is at most PAGE_CACHE_SECONDS old, one render per address and language; a signed-in person
// always gets a fresh render, so a provider sees its own change at once.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn } from '../helpers/auth.ts';
import { createProvider } from '../factories/marketplace.ts';
import { createPageCache, type PageCache } from '../../server/ssr/page-cache.ts';
import type { RenderInput } from '../../core/pages/render.ts';

let app: TestApp;
let clientDir: string;
let cache: PageCache;
/** Every server render, by the address and language it was asked for. */
const renders: string[] = [];

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
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-page-cache-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  cache = createPageCache({ ttlMs: 60_000, maxEntries: 50 });
  const { render } = await import('../../src/entry-server.tsx');
  app = await startTestApp(
    {},
    {
      clientDir,
      pageCache: cache,
      loadRenderer: async () => async (input: RenderInput) => {
        renders.push(`${input.lang} ${input.url}`);
        return render(input);
      },
    },
  );
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(() => {
  cache.clear();
  renders.length = 0;
});

async function view(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(app.baseUrl + p, { headers });
  const html = await res.text();
  return {
    status: res.status,
    html,
    headers: res.headers,
    h1: /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim(),
  };
}

describe('public pages from the page cache', () => {
  it('renders the landing page once for several visitors, each getting the whole page', async () => {
    const first = await view('/');
    const again = await Promise.all([view('/'), view('/'), view('/')]);
    expect(renders).toEqual(['de /']);
    expect(first.status).toBe(200);
    expect(first.h1).toContain('Sag, was du dringend brauchst.');
    for (const r of again) expect(r.html).toBe(first.html);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('renders again for the other language, by ?lng or by the browser, and for another query', async () => {
    const de = await view('/hilfe');
    const en = await view('/hilfe?lng=en');
    const browserEn = await view('/hilfe', { 'accept-language': 'en-GB,en;q=0.9' });
    await view('/erfolgreiche-deals');
    await view('/erfolgreiche-deals?q=Heizung');
    await view('/hilfe?lng=en');
    expect(renders).toEqual(['de /hilfe', 'en /hilfe?lng=en', 'en /hilfe', 'de /erfolgreiche-deals', 'de /erfolgreiche-deals?q=Heizung']);
    expect(de.h1).toBe('Hilfe-Center');
    expect(en.h1).toBe('Help centre');
    expect(browserEn.h1).toBe('Help centre');
  });

  it('answers 304 to a browser that has the page (its ETag), from the cache', async () => {
    const first = await view('/anbieter');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\//);
    // node:http, not fetch: fetch adds 'Cache-Control: no-cache' to a conditional request, which asks for the whole page.
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get(`${app.baseUrl}/anbieter`, { headers: { 'if-none-match': etag } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject),
    );
    expect(status).toBe(304);
    expect(renders).toEqual(['de /anbieter']);
  });

  it('keeps the status of a page: a provider that does not exist stays 404 from the cache', async () => {
    const missing = '/anbieter/00000000-0000-4000-8000-000000000000';
    expect((await view(missing)).status).toBe(404);
    expect((await view(missing)).status).toBe(404);
    expect(renders).toHaveLength(1);
  });

  it('gives a signed-in provider its own change at once; visitors who are not signed in see it after the time to live', async () => {
    const provider = await createProvider(app.deps, { firmenname: 'Sanitär Alt', categories: ['handwerk'], postcode: '50667' });
    const page = `/anbieter/${provider.user.id}`;
    expect((await view(page)).html).toContain('Sanitär Alt');
    await app.deps.db.prisma.providerProfile.update({ where: { userId: provider.user.id }, data: { firmenname: 'Sanitär Neu' } });

    const own = app.client();
    await signIn(own, provider.user.email, provider.user.password);
    const ownView = await own.get(page);
    expect(ownView.status).toBe(200);
    expect(ownView.text).toContain('Sanitär Neu');
    // Within the time to live an anonymous visitor still gets the render from before the change.
    expect((await view(page)).html).toContain('Sanitär Alt');
    cache.clear();
    expect((await view(page)).html).toContain('Sanitär Neu');
  });

  it('leaves pages that are not server-rendered alone: the dashboard shell is read and sent every time', async () => {
    fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE.replace('<title>akut</title>', '<title>akut 2</title>'));
    try {
      expect((await view('/suchende-dashboard')).html).toContain('<title>akut 2</title>');
      expect(renders).toEqual([]);
      expect(cache.size).toBe(0);
    } finally {
      fs.writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
    }
  });
});
