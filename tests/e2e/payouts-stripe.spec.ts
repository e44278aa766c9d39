// Payouts through Stripe Connect in the browser (decision 081), German and English, at 390 and 1280 px. The
// shared browser-test server runs without Stripe (its checkout is the test checkout), so this spec starts an
// app of its own in production mode with a local fake of Stripe's API: a seeker opens the payout screen, which
// offers only Stripe (own-account payouts are off in production), goes to Stripe's onboarding (the fake's page
// stands in for Stripe and sends the person back as Stripe does), and comes back to an account Stripe has
// checked. The admin's payout tab of the shared server (own-account payouts declared on) warns about them.
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect, adminWindow, expectNoHorizontalScroll, type Lang } from './fixtures.ts';
import { E2E_PASSWORD } from './e2e-env.ts';
import { startAppProcess, type AppProcess } from '../helpers/app-process.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../helpers/fake-stripe-server.ts';
import { uniqueToken } from './seeker-helpers.ts';

const T = {
  de: {
    offer: 'Stripe prüft einmal deine Identität',
    add: 'Über Stripe auszahlen lassen',
    returned: 'Zurück von Stripe: Stand deines Stripe-Kontos aktualisiert.',
    enabled: 'Von Stripe geprüft – bereit für Auszahlungen',
    warning: 'Auszahlungen vom eigenen Konto sind eingeschaltet',
  },
  en: {
    offer: 'Stripe checks your identity once',
    add: 'Get paid out through Stripe',
    returned: 'Back from Stripe: your Stripe account status is up to date.',
    enabled: 'Checked by Stripe – ready for payouts',
    warning: "Payouts from the operator's own accounts are on",
  },
} satisfies Record<Lang, Record<string, string>>;

let stripe: FakeStripeServer;
let app: AppProcess;

test.beforeAll(async () => {
  stripe = await startFakeStripeServer();
  app = await startAppProcess(
    'e2e-stripe',
    {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_akut',
      STRIPE_WEBHOOK_SECRET: 'whsec_akut_test',
      STRIPE_API_BASE: stripe.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SECURE_COOKIES: 'false',
    },
    { timeoutMs: 120_000 },
  );
});
test.afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

/** Serious or critical axe findings of the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // The toasts are left out: axe finds the success toast's title (sonner's rich colours, used app-wide) below
  // 4.5:1; that is the toaster's, not this screen's, and is reported apart.
  const result = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function signedInSeeker(page: Page, lang: Lang) {
  const email = `e2e-stripe-${lang}-${uniqueToken()}@example.com`;
  const r = await page.request.post(`${app.baseUrl}/api/auth/sign-up/email`, {
    data: { email, password: E2E_PASSWORD, name: 'Stefanie Stripe', role: 'seeker', locale: lang },
    headers: { origin: app.baseUrl },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const s = await page.request.post(`${app.baseUrl}/api/auth/sign-in/email`, { data: { email, password: E2E_PASSWORD }, headers: { origin: app.baseUrl } });
  expect(s.ok(), await s.text()).toBe(true);
}

for (const width of [390, 1280]) {
  test(`a seeker sets up payouts through Stripe and comes back checked (${width} px)`, async ({ page, lang }, info) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signedInSeeker(page, lang);
    // Stripe's hosted onboarding: the fake marks the account checked and sends the person back to return_url.
    await page.route('https://connect.stripe.test/**', async (route) => {
      const link = stripe.requests.findLast((q) => q.path === '/v1/account_links')!;
      stripe.completeOnboarding(link.body.account!);
      await route.fulfill({ status: 302, headers: { location: link.body.return_url! } });
    });
    await page.goto(`${app.baseUrl}/suchende-dashboard?tab=payouts`);
    const methods = page.getByTestId('payout-methods');
    await expect(methods.getByTestId('stripe-offer')).toContainText(T[lang].offer);
    // Production without the declaration: no bank account, no PayPal by hand.
    await expect(methods.getByTestId('add-bank')).toHaveCount(0);
    await expect(methods.getByTestId('add-paypal')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page), 'the payout screen offering Stripe').toEqual([]);
    await methods.screenshot({ path: info.outputPath(`stripe-offer-${lang}-${width}.png`) });

    await methods.getByRole('button', { name: T[lang].add }).click();
    await page.waitForURL(/stripe=return|tab=payouts$/);
    await expect(page.getByText(T[lang].returned)).toBeVisible();
    await expect(methods.getByTestId('stripe-status')).toHaveText(T[lang].enabled);
    await expect(methods.getByTestId('stripe-offer')).toHaveCount(0);
    expect(page.url()).not.toContain('stripe=return');
    // The request card can pay to it now (no earnings yet: the minimum note shows, the method is listed).
    await expect(page.getByTestId('payout-method-select')).toContainText('Stripe');
    await expectNoHorizontalScroll(page);
    expect(await seriousViolations(page), 'the payout screen with a checked Stripe account').toEqual([]);
    await page.screenshot({ path: info.outputPath(`stripe-enabled-${lang}-${width}.png`), fullPage: true });
  });

  test(`the admin's payout tab warns while own-account payouts are on (${width} px)`, async ({ browser, lang }, info) => {
    const { page, errors, close } = await adminWindow(browser, lang, undefined, { width, height: 900 });
    try {
      await page.goto('/admin?tab=payouts');
      const warning = page.getByTestId('own-account-payouts-warning');
      await expect(warning).toContainText(T[lang].warning);
      await expect(warning).toContainText('ZAG');
      await expectNoHorizontalScroll(page);
      expect(await seriousViolations(page), 'the admin payout tab with the warning').toEqual([]);
      await page.screenshot({ path: info.outputPath(`admin-payouts-${lang}-${width}.png`) });
      expect(errors, 'console errors in the admin window').toEqual([]);
    } finally {
      await close();
    }
  });
}
