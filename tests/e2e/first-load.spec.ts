// The first load of a public page (decision 057): what a page loads, at what priority, and what it leaves alone
// while it hydrates. The speed itself is measured by `npm run lighthouse`, never asserted here.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { test, expect, builtChunk } from './fixtures.ts';
import { onboardedProvider } from './market-helpers.ts';

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

/**
 * The JavaScript /search runs before it is interactive, gzip as `npm run size` counts it: the entry with its static
 * imports, the page's chunk with its own, and the words the page was rendered with (data-ns; decision 087). A size
 * check on the build, not a timing. Issue 23 aims at 100 KB; after decision 087 it is 138 KB in German and 139 KB in
 * English (it was 191 KB), so what is added to this path has to be paid for (docs/benchmarks.md says what the rest is
 * made of).
 */
const SEARCH_BUDGET_KB = 142;
test('/search loads at most its budget of script before it hydrates', async ({ request, lang }) => {
  const dist = path.resolve(import.meta.dirname, '../../dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const closure = (key: string, out: Set<string>): Set<string> => {
    if (out.has(key) || !manifest[key]) return out;
    out.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, out);
    return out;
  };
  const keys = new Set<string>();
  closure(Object.keys(manifest).find((k) => manifest[k]!.isEntry)!, keys);
  closure('src/pages/search/SearchPage.tsx', keys);
  const html = await (await request.get(lang === 'en' ? '/search?lng=en' : '/search')).text();
  const namespaces = /<div id="root" data-ns="([^"]*)"/.exec(html)?.[1]?.split(',') ?? [];
  expect(namespaces).toContain('chat');
  for (const ns of namespaces) {
    const own = [`core/i18n/locales/${lang}/${ns}.json?ns`, `core/i18n/locales/${lang}/${ns}.json`].find((k) => manifest[k]);
    // German's common and landing are in the entry; every other namespace comes from a chunk of its own.
    if (own) closure(own, keys);
    else expect(lang === 'de' && ['common', 'landing'].includes(ns), `${lang}/${ns} has no chunk`).toBe(true);
  }
  // Not the whole language: that follows after hydration.
  expect([...keys]).not.toContain(`src/i18n/lang-${lang}.ts`);
  const bytes = [...keys]
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  expect(bytes / 1024, `/search: ${(bytes / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(SEARCH_BUDGET_KB);
});

test('a server page hydrates with the words it was rendered with; the rest of its language follows', async ({ page, lang }) => {
  await page.goto('/search');
  await hydrated(page);
  const timing = async (file: RegExp) =>
    (
      await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
      )
    ).find(({ name }) => file.test(name));
  // The page's words come from a chunk of their own, which hydration waits for …
  const chatWords = await timing(builtChunk(`core/i18n/locales/${lang}/chat.json?ns`));
  expect(chatWords).toBeDefined();
  // … and the whole language only after it (hydration no longer waits for it), so that any part of the page may
  // read any namespace again.
  const wholeLanguage = builtChunk(`src/i18n/lang-${lang}.ts`);
  await expect.poll(async () => (await timing(wholeLanguage))?.start).toBeGreaterThanOrEqual(chatWords!.end);
});

/**
 * Only the namespaces the public pages render with have a chunk of their own (src/i18n/index.ts): each is a file name
 * in every page's first bundle. A page that reads another one still works, but waits for its whole language before
 * it hydrates; this names the page and the namespace to add there.
 */
test('every public page hydrates from chunks of its own words, not from its whole language', async ({ request, lang }) => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, unknown>;
  const pages = ['/', '/suchende', '/anbieter', '/search', '/erfolgreiche-deals', '/affiliate', '/affiliate/suchende', '/affiliate/anbieter'];
  pages.push('/impressum', '/datenschutz', '/agb', '/hilfe', '/kontakt', '/demo', '/gibt-es-nicht');
  const provider = await onboardedProvider(lang);
  pages.push(`/anbieter/${provider.id}`);
  await provider.api.dispose();
  for (const p of pages) {
    const html = await (await request.get(lang === 'en' ? `${p}?lng=en` : p)).text();
    const namespaces = /<div id="root" data-ns="([^"]*)"/.exec(html)?.[1]?.split(',');
    expect(namespaces, p).toContain('common');
    for (const ns of namespaces ?? []) {
      // German's common and landing are in the entry; English's and the legal texts are chunks of their own anyway.
      const inEntry = lang === 'de' && ['common', 'landing'].includes(ns);
      const own = [`core/i18n/locales/${lang}/${ns}.json?ns`, `core/i18n/locales/${lang}/${ns}.json`].some((k) => manifest[k]);
      expect(inEntry || own, `${p}: ${lang}/${ns} has no chunk of its own`).toBe(true);
    }
  }
});
