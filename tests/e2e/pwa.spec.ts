// The installable app (decision 036): the manifest with its icons, the service worker registered after load,
// the offline page when the network is cut, and no API answer or page with personal data in any cache.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll, signUpVerified, allowConsoleErrors } from './fixtures.ts';

const OFFLINE = { de: { heading: 'Du bist offline', retry: 'Erneut versuchen' }, en: { heading: 'You are offline', retry: 'Try again' } } as const;

/** Waits until the service worker is active and controls the page; returns its script URL. */
async function controlledBy(page: Page): Promise<string> {
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return scriptURL;
}

/** Every URL in every cache of the page's origin. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
}

test('the app can be installed: a manifest with name, start page, standalone display, theme colour and icons', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#e11d48');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toMatch(/application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'akut', short_name: 'akut', start_url: '/', display: 'standalone', theme_color: '#e11d48' });
  for (const [sizes, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    // The file is a PNG of the stated size.
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon!.src);
    expect(size).toBe(sizes);
  }
});

for (const width of [390, 1280]) {
  test(`at ${width} px the service worker serves the offline page when the network is cut and keeps no API answer`, async ({ page, context, lang }) => {
    await page.setViewportSize({ width, height: 900 });
    // A signed-in seeker on her dashboard: the page reads personal data from the API.
    await signUpVerified(page, 'seeker', lang);
    await page.goto('/suchende-dashboard');
    expect(await controlledBy(page)).toMatch(/\/sw\.js$/);
    // Loaded under the worker's control now: its requests pass through it.
    await page.reload();
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await page.evaluate(() => fetch('/api/me').then((r) => r.json()));

    const urls = await cachedUrls(page);
    expect(
      urls.some((u) => u.startsWith('/assets/')),
      urls.join('\n'),
    ).toBe(true);
    expect(urls).toContain('/offline.html');
    expect(urls.filter((u) => u.startsWith('/api') || u.startsWith('/auth') || u.startsWith('/ws') || u === '/suchende-dashboard' || u === '/')).toEqual([]);

    // The page's live connection notices the cut; the browser logs that.
    allowConsoleErrors(/WebSocket|ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    await context.setOffline(true);
    await page.goto('/anbieter');
    await expect(page.getByRole('heading', { name: OFFLINE[lang].heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('link', { name: OFFLINE[lang].retry })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`offline-${lang}-${width}.png`) });

    // Back online, 'Erneut versuchen' loads the same address again.
    await context.setOffline(false);
    await page.getByRole('link', { name: OFFLINE[lang].retry }).click();
    await expect(page.getByRole('heading', { name: OFFLINE[lang].heading })).toHaveCount(0);
    await expect(page).toHaveURL(/\/anbieter$/);
  });
}
