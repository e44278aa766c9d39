// Screen items of issue 25 a partner or a visitor meets: the partner dashboard's floating buttons never cover
// the notice below the dashboard or the site's footer (1280 px), the partner profile starts with the account's
// name and e-mail, a link to '/affiliate#signup' from another page lands on that section, and a provider page
// opened with ?demo=true says it is real. German and English; 390 and 1280 px where the layout differs.
import type { Locator } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll, signUpVerified } from './fixtures.ts';
import { providerAccount, uniqueToken } from './seeker-helpers.ts';

const T = {
  de: { start: 'Jetzt starten', notDemo: 'Keine Demo', toDemo: 'Zur Demo von akut' },
  en: { start: 'Get started', notDemo: 'Not a demo', toDemo: "To akut's demo" },
};

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

for (const width of [390, 1280]) {
  test(`the partner dashboard's floating buttons leave the notice and the footer readable, and the profile starts filled, at ${width} px`, async ({
    page,
    lang,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const { email } = await signUpVerified(page, 'seeker', lang);
    await page.goto('/affiliate/dashboard');
    const actions = page.getByTestId('floating-actions');
    await expect(actions).toBeVisible();
    // Scrolled to the end: the buttons stop above the notice.
    const note = page.getByTestId('affiliate-legal-note');
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeInViewport();
    expect(await overlaps(actions, note)).toBe(false);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.getByRole('contentinfo')).toBeInViewport();
    expect(await overlaps(actions, page.getByRole('contentinfo'))).toBe(false);
    // Half-way, on a wide screen, they still float in view.
    if (width >= 640) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(actions).toBeInViewport();
    }
    await expectNoHorizontalScroll(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/affiliate-floating-${lang}-${width}.png` });

    // The profile starts with the account's name and e-mail ('Sam Seeker').
    await page.goto('/affiliate/dashboard?tab=profile');
    const form = page.getByTestId('partner-profile-form');
    await expect(form.locator('input[name="firstName"]')).toHaveValue('Sam');
    await expect(form.locator('input[name="lastName"]')).toHaveValue('Seeker');
    await expect(form.locator('input[name="email"]')).toHaveValue(email);
  });
}

test('a link to the partner sign-up section from another page lands on it', async ({ page, lang }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/affiliate/suchende');
  await page.getByRole('link', { name: T[lang].start }).first().click();
  await expect(page).toHaveURL(/\/affiliate#signup$/);
  await expect(page.locator('#signup')).toBeInViewport();
});

for (const width of [390, 1280]) {
  test(`a provider page opened as a demo says it is the real page, at ${width} px`, async ({ page, lang }) => {
    await page.setViewportSize({ width, height: 800 });
    const provider = await providerAccount(lang, `Elektro Echt ${uniqueToken()}`);
    await provider.api.dispose();
    await page.goto(`/anbieter/${provider.id}?demo=true`);
    const note = page.getByTestId('public-provider-not-demo');
    await expect(note).toContainText(T[lang].notDemo);
    await expect(note).toContainText(provider.firmenname);
    await expect(note.getByRole('link', { name: T[lang].toDemo })).toHaveAttribute('href', '/demo');
    await expectNoHorizontalScroll(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/provider-demo-${lang}-${width}.png` });
    // Without ?demo=true there is no such note.
    await page.goto(`/anbieter/${provider.id}`);
    await expect(page.getByTestId('public-provider')).toBeVisible();
    await expect(note).toHaveCount(0);
  });
}
