// Accessibility as the law asks (BFSG, EN 301 549, WCAG 2.1 AA; issue 25): axe on every screen, signed out and
// signed in as each role (seeker, provider, partner, admin: dashboards, every tab, the dialogs, the chat panel
// open, a toast shown), in the project's language, at 390 and 1280 px. A test fails on any serious or critical
// finding and lists them all; with A11Y_REPORT set every finding is written for scripts/a11y-report.ts (the
// figures in docs/accessibility.md). The toast must not cover the floating chat's button at either width.
import type { Locator, Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, signInAdmin, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import { axeScreen } from './a11y-helpers.ts';
import { onboardedProvider, postRequestThroughChat, providerWithProfile } from './market-helpers.ts';
import { providerAccount, requestByChat, uniqueToken, unlockAndOffer } from './seeker-helpers.ts';

const WIDTHS = [390, 1280] as const;

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
  '/search',
  '/auth',
  '/demo',
  '/gibt-es-nicht',
];

const ADMIN_TABS = [
  'overview',
  'followup',
  'requests',
  'deals',
  'provision',
  'content',
  'preise',
  'users',
  'payouts',
  'sepa',
  'held',
  'moderation',
  'reports',
  'verifications',
  'settings',
  'support',
  'outbox',
  'audit',
  'jobs',
];

/** The screens one test checked and their findings that fail it (serious, critical and the enforced moderate rules). */
function collector(lang: Lang) {
  const found: string[] = [];
  let screens = 0;
  return {
    async check(page: Page, screen: string) {
      found.push(...(await axeScreen(page, screen, lang)));
      screens++;
    },
    done() {
      expect(screens).toBeGreaterThan(0);
      expect(found, `accessibility findings on ${screens} screens (serious, critical, heading-order, landmark-unique)`).toEqual([]);
    },
  };
}

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
}

async function openDialog(page: Page, opener: Locator, testId: string): Promise<Locator> {
  await opener.click();
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function withChatOpen(page: Page, fn: () => Promise<void>) {
  await page.getByTestId('chat-open').click();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await fn();
  await page.getByTestId('chat-close').click();
  await expect(page.getByTestId('chat-open')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // The assistant's replies appear at once (no typewriter), as in the other chat specs.
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

test('public pages, signed out: no serious accessibility finding at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  // The page that does not exist answers 404, which the browser logs.
  allowConsoleErrors(/404 \(Not Found\) @ .*\/gibt-es-nicht$/);
  const provider = await onboardedProvider(lang, { firmenname: `Barrierefrei ${lang.toUpperCase()} ${uniqueToken()}` });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [...PUBLIC_PAGES, `/anbieter/${provider.id}`]) {
      await ready(page, path);
      await axe.check(page, path === `/anbieter/${provider.id}` ? '/anbieter/:id' : path);
    }
    await ready(page, `/anbieter/${provider.id}`);
    const report = await openDialog(page, page.getByTestId('report-provider'), 'report-dialog');
    await axe.check(page, '/anbieter/:id – report dialog');
    await closeDialog(page, report);
    await ready(page, '/');
    await withChatOpen(page, () => axe.check(page, '/ – chat open'));
  }
  await provider.api.dispose();
  axe.done();
});

test('a toast: readable (contrast) and never over the floating chat button, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(180_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The success toast of signing out, on the landing page with the chat's open button.
    await ready(page, '/');
    if (width < 1024) await page.getByRole('button', { name: /Menü|Menu/ }).click();
    await page.getByRole('button', { name: lang === 'de' ? 'Abmelden' : 'Sign out' }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const button = page.getByTestId('chat-open');
    await expect(button).toBeVisible();
    const t = (await toast.boundingBox())!;
    const b = (await button.boundingBox())!;
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlaps, `toast ${JSON.stringify(t)} and chat button ${JSON.stringify(b)} at ${width} px`).toBe(false);
    // The pointer on the toast holds it (sonner pauses) while axe reads the page.
    await toast.hover();
    await axe.check(page, 'toast (success)');
    await expect(toast).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`toast-${lang}-${width}.png`) });
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 15_000 });
    await signUpVerified(page, 'seeker', lang);
  }
  axe.done();
});

test('seeker: dashboard tabs, dialogs, account pages and the chat open, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  const { requestId } = await requestByChat(page.request, lang, 'Sam');
  const provider = await providerAccount(lang, `Elektro Zugang ${lang.toUpperCase()} ${uniqueToken()}`);
  await unlockAndOffer(provider, requestId, { price: 420, beschreibung: 'Steckdosen im Bad tauschen, Material inklusive.', verfuegbarkeit: 'Morgen ab 8 Uhr' });
  await provider.api.dispose();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['requests', 'best', 'all', 'payouts']) {
      await ready(page, `/suchende-dashboard?tab=${tab}`);
      await axe.check(page, `seeker dashboard – ${tab}`);
      if (tab === 'best') {
        const accept = await openDialog(page, page.getByTestId('accept-offer').first(), 'accept-dialog');
        await axe.check(page, 'seeker dashboard – accept offer dialog');
        await closeDialog(page, accept);
      }
      if (tab === 'requests') {
        await withChatOpen(page, () => axe.check(page, 'seeker dashboard – chat open'));
      }
      if (tab === 'payouts') {
        const bank = await openDialog(page, page.getByTestId('add-bank'), 'add-bank-dialog');
        await axe.check(page, 'seeker payouts – add bank account dialog');
        await closeDialog(page, bank);
      }
    }
    for (const path of ['/konto/datenschutz', '/konto/entscheidungen', '/melden']) {
      await ready(page, path);
      await axe.check(page, path);
    }
  }
  axe.done();
});

test('provider: dashboard tabs, unlock and offer dialogs and the chat open, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  await providerWithProfile(page, lang);
  // Two requests: the welcome bonus unlocks one (at 390 px); the other's dialog then says the Goints are short.
  await postRequestThroughChat(lang);
  await postRequestThroughChat(lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['matches', 'profile', 'purchases']) {
      await ready(page, `/anbieter/dashboard?tab=${tab}`);
      if (tab === 'matches') await expect(page.getByTestId('match-card').first()).toBeVisible();
      await axe.check(page, `provider dashboard – ${tab}`);
    }
    await ready(page, '/anbieter/dashboard');
    const unlock = await openDialog(page, page.getByTestId('unlock-match').first(), 'unlock-dialog');
    if (width === WIDTHS[0]) {
      await expect(unlock.getByTestId('unlock-confirm')).toBeEnabled();
      await axe.check(page, 'provider – unlock dialog');
      await unlock.getByTestId('unlock-confirm').click();
      await expect(unlock).toHaveCount(0);
    } else {
      await expect(unlock.getByTestId('unlock-buy-goints')).toBeVisible();
      await axe.check(page, 'provider – unlock dialog, Goints short');
      await closeDialog(page, unlock);
    }
    const offer = await openDialog(page, page.getByTestId('create-offer').first(), 'offer-dialog');
    await axe.check(page, 'provider – offer dialog');
    await closeDialog(page, offer);
    await withChatOpen(page, () => axe.check(page, 'provider dashboard – chat open'));
  }
  axe.done();
});

test('partner: dashboard tabs and sub-tabs, support dialog, lesson, profile page, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['dashboard', 'profile', 'marketing', 'academy']) {
      await ready(page, `/affiliate/dashboard?tab=${tab}`);
      await axe.check(page, `partner dashboard – ${tab}`);
    }
    for (const sub of ['methods', 'payouts']) {
      await ready(page, `/affiliate/dashboard?tab=profile&sub=${sub}`);
      await axe.check(page, `partner dashboard – profile/${sub}`);
    }
    await ready(page, '/affiliate/dashboard?tab=academy');
    const lesson = await openDialog(page, page.getByTestId('academy-lesson').first().getByRole('button').first(), 'academy-lesson-dialog');
    await axe.check(page, 'partner academy – lesson dialog');
    await closeDialog(page, lesson);
    await ready(page, '/affiliate/dashboard');
    const support = await openDialog(page, page.getByTestId('floating-support'), 'support-dialog');
    await axe.check(page, 'partner – support dialog');
    await closeDialog(page, support);
    await ready(page, '/affiliate/profile');
    await axe.check(page, '/affiliate/profile');
  }
  axe.done();
});

test('admin: every tab, the report decision dialog and the chat open, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(600_000);
  const axe = collector(lang);
  // A report waiting for a decision, so the reports tab has a card and its dialog.
  const provider = await onboardedProvider(lang, { firmenname: `Gemeldet ${lang.toUpperCase()} ${uniqueToken()}` });
  const r = await page.request.post('/api/reports', {
    headers: { origin: E2E_URL },
    data: {
      contentType: 'provider',
      contentId: provider.id,
      ground: 'terms',
      category: 'fake',
      explanation: 'Die Firma gibt es unter dieser Adresse nicht.',
      goodFaith: true,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  await provider.api.dispose();
  await signInAdmin(page.request);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ADMIN_TABS) {
      await ready(page, `/admin?tab=${tab}`);
      await expect(page.getByTestId('admin-page')).toHaveAttribute('data-tab', tab);
      await axe.check(page, `admin – ${tab}`);
    }
    await ready(page, '/admin?tab=reports');
    const decide = await openDialog(page, page.getByTestId('report-decide').first(), 'report-decide-dialog');
    await axe.check(page, 'admin – report decision dialog');
    await closeDialog(page, decide);
    await withChatOpen(page, () => axe.check(page, 'admin – chat open'));
  }
  axe.done();
});
