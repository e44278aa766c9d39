// Every public page readable with JavaScript off (rendered on the server, decision 037), hydrated without a
// console error (the fixture fails a test on any), and free of serious or critical accessibility violations
// (axe-core) in the project's language; the same axe check on the main dashboards.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signInAdmin, signUpVerified } from './fixtures.ts';
import { onboardedProvider, providerWithProfile } from './market-helpers.ts';
import { E2E_URL } from './e2e-env.ts';

const PUBLIC_PAGES = [
  '/',
  '/suchende',
  '/anbieter',
  '/erfolgreiche-deals',
  '/affiliate',
  '/affiliate/suchende',
  '/affiliate/anbieter',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/hilfe',
  '/kontakt',
];

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.waitForLoadState('networkidle');
}

test('public pages: readable with JavaScript off, hydrated without errors, no serious accessibility violation', async ({ page, browser, lang }) => {
  test.setTimeout(180_000);
  const provider = await onboardedProvider(lang, { firmenname: `Barrierefrei ${lang.toUpperCase()} ${Date.now().toString(36)}` });
  const pages = [...PUBLIC_PAGES, `/anbieter/${provider.id}`];

  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'en' ? 'en-US' : 'de-DE', baseURL: E2E_URL });
  const plain = await noScript.newPage();
  for (const p of pages) {
    const res = await plain.goto(p);
    expect(res?.status(), p).toBe(200);
    await expect(plain.locator('h1').first(), p).toBeVisible();
    await expect(plain.locator('html'), p).toHaveAttribute('lang', lang);
    expect(await plain.title(), p).toMatch(/akut/);
  }
  await expect(plain.locator('h1')).toHaveText(provider.firmenname);
  await noScript.close();

  for (const p of pages) {
    await page.goto(p);
    await hydrated(page);
    await expect(page.locator('h1').first(), p).toBeVisible();
    expect(await seriousViolations(page), p).toEqual([]);
  }
});

test('dashboards: no serious accessibility violation (seeker, provider, partner, admin overview)', async ({ page, browser, lang }) => {
  test.setTimeout(180_000);
  await signUpVerified(page, 'seeker', lang);
  for (const p of ['/suchende-dashboard', '/affiliate/dashboard']) {
    await page.goto(p);
    await hydrated(page);
    expect(await seriousViolations(page), p).toEqual([]);
  }

  const providerContext = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'de-DE', baseURL: E2E_URL });
  const providerPage = await providerContext.newPage();
  await providerPage.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  await providerWithProfile(providerPage, lang);
  await providerPage.goto('/anbieter/dashboard');
  await hydrated(providerPage);
  expect(await seriousViolations(providerPage), '/anbieter/dashboard').toEqual([]);
  await providerContext.close();

  const adminContext = await browser.newContext({ locale: lang === 'en' ? 'en-US' : 'de-DE', baseURL: E2E_URL });
  const adminPage = await adminContext.newPage();
  await adminPage.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  await signInAdmin(adminPage.request);
  await adminPage.goto('/admin');
  await hydrated(adminPage);
  await expect(adminPage.getByRole('tablist')).toBeVisible();
  expect(await seriousViolations(adminPage), '/admin').toEqual([]);
  await adminContext.close();
});
