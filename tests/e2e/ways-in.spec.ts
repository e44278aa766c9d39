// Ways in: one sign-in door for every role (the account decides where it lands, or a safe `next`), a
// registration that asks 'Ich suche' / 'Ich biete an', the chat's first name carried into it, and a clear
// 'E-Mail bestätigt' state after the mailed link (decision 036).
import type { Page } from '@playwright/test';
import { test, expect, mailedLink, expectNoHorizontalScroll, allowConsoleErrors, type Lang } from './fixtures.ts';
import { E2E_PASSWORD } from './e2e-env.ts';
import { apiAccount, uniqueToken } from './seeker-helpers.ts';

const T = {
  de: {
    login: 'Login',
    menu: 'Menü',
    signInTab: 'Anmelden',
    registerTab: 'Registrieren',
    seeker: 'Ich suche',
    provider: 'Ich biete an',
    name: /^Name/,
    email: /^E-Mail/,
    password: /^Passwort/,
    signIn: /^Anmelden$/,
    register: /^Registrieren$/,
    inbox: /Fast geschafft/,
    verified: 'E-Mail bestätigt',
    toDashboard: 'Zu meinem Dashboard',
    continue: 'Weiter',
    providerNote: /als Anbieter angemeldet/,
    badLink: /ungültig oder abgelaufen/,
    chatInput: /Nachricht/i,
    firstName: 'Anna',
    need: 'Ich brauche dringend einen Elektriker in 50667 Köln, der die Steckdosen im Bad erneuert, Budget 300-500 Euro',
    date: 'nächsten Freitag',
    registerFree: /Kostenlos registrieren/,
  },
  en: {
    login: 'Login',
    menu: 'Menu',
    signInTab: 'Sign in',
    registerTab: 'Register',
    seeker: 'I am looking',
    provider: 'I offer services',
    name: /^Name/,
    email: /^E-mail/,
    password: /^Password/,
    signIn: /^Sign in$/,
    register: /^Register$/,
    inbox: /Almost done/,
    verified: 'E-mail confirmed',
    toDashboard: 'Go to my dashboard',
    continue: 'Continue',
    providerNote: /signed in as a provider/,
    badLink: /invalid or expired/,
    chatInput: /Message/i,
    firstName: 'Chloé',
    need: 'I urgently need an electrician in 10115 Berlin to replace the sockets in my bathroom, budget 300-500 euros',
    date: 'next Friday',
    registerFree: /Register for free/,
  },
} as const;

async function signIn(page: Page, lang: Lang, email: string) {
  const l = T[lang];
  await page.getByLabel(l.email).fill(email);
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: l.signIn }).click();
}

for (const width of [390, 1280]) {
  test(`at ${width} px the header's Login lets a seeker register as a seeker, confirm the e-mail and land on her dashboard`, async ({ page, lang }) => {
    const l = T[lang];
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const header = page.getByRole('banner');
    if (width < 1024) await header.getByRole('button', { name: l.menu }).click();
    await header.getByRole('link', { name: l.login }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    // The one door opens on signing in; registering is the other tab and asks what the person wants.
    await expect(page.getByRole('tab', { name: l.signInTab })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: l.registerTab }).click();
    await expect(page.getByRole('radio', { name: l.seeker })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: l.provider })).not.toBeChecked();
    await page.getByRole('radio', { name: l.seeker }).check();
    const email = `e2e-waysin-${lang}-${width}-${uniqueToken()}@example.com`;
    await page.getByLabel(l.name).fill('Sina Suchende');
    await page.getByLabel(l.email).fill(email);
    await page.getByLabel(l.password).fill(E2E_PASSWORD);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`register-${lang}-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: l.register }).click();
    await expect(page.getByText(l.inbox)).toBeVisible();
    // No note for developers reaches the person.
    await expect(page.getByRole('main')).not.toContainText(/\/admin|Server-Log|server log/);

    await page.goto(await mailedLink(email, 'verifyEmail'));
    await expect(page.getByRole('heading', { name: l.verified })).toBeVisible();
    await expect(page.getByLabel(l.password)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`verified-${lang}-${width}.png`) });
    await page.getByRole('link', { name: l.toDashboard }).click();
    await expect(page).toHaveURL(/\/suchende-dashboard$/);
    await expect(page.getByRole('main')).not.toContainText(l.providerNote);
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: 'seeker' });
  });
}

test('a provider link opens registration with "Ich biete an" chosen', async ({ page, lang }) => {
  const l = T[lang];
  await page.goto('/auth?mode=provider');
  await expect(page.getByRole('tab', { name: l.registerTab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('radio', { name: l.provider })).toBeChecked();
  await expect(page.getByRole('radio', { name: l.seeker })).not.toBeChecked();
});

test("the chat's 'Kostenlos registrieren' opens registration as a seeker with the first name already given", async ({ page, lang }) => {
  const l = T[lang];
  await page.goto('/search');
  const log = page.getByTestId('chat-messages');
  const input = page.getByRole('textbox', { name: l.chatInput });
  const say = async (text: string) => {
    const before = await log.locator('[data-role="assistant"]').count();
    await input.fill(text);
    await page.getByTestId('chat-send').click();
    await expect(log.locator('[data-role="assistant"]')).toHaveCount(before + 1, { timeout: 15_000 });
    await expect(input).toBeEnabled();
  };
  await expect(log.locator('[data-role="assistant"]')).toHaveCount(3, { timeout: 15_000 });
  await say(l.firstName);
  await say(l.need);
  await say(l.date);
  await page.getByTestId('intake-summary-confirm').last().click();
  const link = page.getByTestId('intake-register-link');
  await expect(link).toHaveText(l.registerFree);
  await link.click();
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByRole('tab', { name: l.registerTab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(l.name)).toHaveValue(l.firstName);
  await expect(page.getByRole('radio', { name: l.seeker })).toBeChecked();
});

test('a provider who signs in lands on the provider dashboard', async ({ page, lang }) => {
  const provider = await apiAccount('provider', lang, 'Paula Anbieterin');
  await provider.api.dispose();
  await page.goto('/auth');
  await signIn(page, lang, provider.email);
  await expect(page).toHaveURL(/\/anbieter\/dashboard$/);
});

test('signing in returns to a same-site next', async ({ page, lang }) => {
  const seeker = await apiAccount('seeker', lang, 'Nora Next');
  await seeker.api.dispose();
  await page.goto('/auth?next=%2Ferfolgreiche-deals');
  await signIn(page, lang, seeker.email);
  await expect(page).toHaveURL(/\/erfolgreiche-deals$/);
});

for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
  test(`signing in ignores a next that leaves the site (${next}) and lands on the dashboard`, async ({ page, lang }) => {
    const seeker = await apiAccount('seeker', lang, 'Nora Next');
    await seeker.api.dispose();
    await page.goto(`/auth?next=${encodeURIComponent(next)}`);
    await signIn(page, lang, seeker.email);
    await expect(page).toHaveURL(/\/suchende-dashboard$/);
  });
}

test('a confirmation link that failed says so instead of "confirmed"', async ({ page, lang }) => {
  allowConsoleErrors(/status of 40\d/);
  const l = T[lang];
  await page.goto('/auth?verified=1&error=INVALID_TOKEN');
  await expect(page.getByRole('alert').filter({ hasText: l.badLink })).toBeVisible();
  await expect(page.getByRole('heading', { name: l.verified })).toHaveCount(0);
  await expect(page.getByText(lang === 'de' ? /ist bestätigt/ : /is confirmed/)).toHaveCount(0);
});
