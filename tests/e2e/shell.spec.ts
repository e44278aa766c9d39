// The app shell: landing, navigation, language switch, not-found page, phone and desktop widths.
import { test, expect, expectNoHorizontalScroll, allowConsoleErrors } from './fixtures.ts';

test('the landing page leads providers to sign-up and seekers to the chat', async ({ page, lang }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/akut/);
  const main = page.getByRole('main');
  await expect(main.locator('a[href="/auth?mode=provider"]').first()).toBeVisible();
  await expect(main.locator('a[href="/search"]').first()).toBeVisible();
  await expect(page.locator('#wie-es-funktioniert')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expectNoHorizontalScroll(page);
});

test('the header has the navigation of the specification', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const href of ['/#wie-es-funktioniert', '/suchende', '/anbieter', '/erfolgreiche-deals', '/affiliate', '/auth', '/search']) {
    await expect(header.locator(`a[href="${href}"]`).first()).toBeAttached();
  }
});

test('switching the language changes the texts and is remembered', async ({ page, lang }) => {
  await page.goto('/');
  const other = lang === 'de' ? 'en' : 'de';
  const before = await page.getByRole('main').locator('h1').first().textContent();
  await page
    .getByRole('button', { name: /Sprache|Language/i })
    .first()
    .click();
  const option = page.getByRole('menuitem', { name: other === 'en' ? /English/i : /Deutsch/i });
  if (await option.count()) await option.first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  const after = await page.getByRole('main').locator('h1').first().textContent();
  expect(after).not.toBe(before);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', other);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(other);
});

test('an unknown path answers 404 and shows the not-found page with a link home', async ({ page }) => {
  // The browser logs the document's 404 status as an error: that status is the point here.
  allowConsoleErrors(/status of 404 \(Not Found\) @ http:\/\/[^/]+\/gibt-es-nicht$/);
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(/Oops|Seite nicht gefunden|Page not found/i).first()).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: /Start|Home/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(warnings.some((w) => w.includes('/gibt-es-nicht'))).toBe(true);
});

test('the landing page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole('main').locator('a[href="/search"]').first()).toBeVisible();
});
