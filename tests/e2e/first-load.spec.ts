// The first load of a public page (decision 057): what a page loads, at what priority, and what it leaves alone
// while it hydrates. The speed itself is measured by `npm run lighthouse`, never asserted here.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, builtChunk } from './fixtures.ts';

const hydrated = (page: import('@playwright/test').Page) => expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');

test('the scripts load at low priority beside the stylesheet, which keeps its own', async ({ request }) => {
  for (const path of ['/', '/kontakt', '/search']) {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script type="module"[^>]*src=[^>]*>|<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag, path).toContain('fetchpriority="low"');
    const stylesheet = /<link rel="stylesheet"[^>]*>/.exec(html)?.[0];
    expect(stylesheet, path).toBeDefined();
    expect(stylesheet, path).not.toContain('fetchpriority');
  }
});

test('the language of the page is written once, by the server, and hydration leaves it alone', async ({ page, lang }) => {
  // Every write of the attribute, also of the same value, makes the browser work out every element's style again.
  await page.addInitScript(() => {
    const writes: (string | null)[] = [];
    (window as unknown as { langWrites: typeof writes }).langWrites = writes;
    new MutationObserver((records) => {
      for (const r of records) writes.push((r.target as HTMLElement).getAttribute('lang'));
    }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  });
  for (const path of ['/kontakt', '/search', '/']) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await page.evaluate(() => (window as unknown as { langWrites: (string | null)[] }).langWrites), path).toEqual([]);
  }
});

test('/search loads the demo page only in demo mode', async ({ page }) => {
  const demoChunk = builtChunk('src/pages/demo/demo-pages.tsx');
  const searchChunk = builtChunk('src/pages/search/SearchPage.tsx');
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(r.url()));
  await page.goto('/search');
  await hydrated(page);
  expect(loaded.some((u) => searchChunk.test(u))).toBe(true);
  expect(loaded.filter((u) => demoChunk.test(u))).toEqual([]);

  loaded.length = 0;
  await page.goto('/search?demo=true');
  await hydrated(page);
  expect(loaded.some((u) => demoChunk.test(u))).toBe(true);
  expect(loaded.filter((u) => searchChunk.test(u))).toEqual([]);
});

test('the scripts and styles come compressed from the build, not compressed per request', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(files.length).toBeGreaterThan(2);
  for (const file of files) {
    const built = path.resolve(import.meta.dirname, '../../dist', `.${file}.br`);
    if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist', `.${file}`))) throw new Error(`${file} is not in dist/`);
    if (fs.statSync(path.resolve(import.meta.dirname, '../../dist', `.${file}`)).size < 1024) continue; // too small to be worth it
    const res = await request.get(file, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers()['content-encoding'], file).toBe('br');
    // The length of the build's .br file: sent as it is (compressing per request would send it in chunks).
    expect(Number(res.headers()['content-length']), file).toBe(fs.statSync(built).size);
  }
});
