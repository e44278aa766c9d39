// Nobody but an admin with two-factor reaches admin data: checked in the UI and on the API.
import type { Page } from '@playwright/test';
import { test, expect, exclusive, freshAdminTotp, signInAdmin, totpFromSecret, signUpVerified } from './fixtures.ts';
import { E2E_ADMIN, E2E_ENROL_ADMIN, E2E_PASSWORD } from './e2e-env.ts';
import { onboardedProvider } from './market-helpers.ts';
import { apiAccount, requestByChat } from './seeker-helpers.ts';

const t = {
  de: {
    email: /E-Mail/i,
    password: /^Passwort/i,
    signIn: /^Anmelden$/i,
    code: /Code/i,
    verify: /Bestätigen|Prüfen|Weiter/i,
    users: /Nutzer|Benutzer/i,
    noAccess: /Berechtigung|Zugriff|kein/i,
  },
  en: {
    email: /E-mail|Email/i,
    password: /^Password/i,
    signIn: /^Sign in$/i,
    code: /Code/i,
    verify: /Verify|Confirm|Continue/i,
    users: /Users/i,
    noAccess: /permission|access|not allowed/i,
  },
};

test('an anonymous visitor is sent to /auth and the API answers 401', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth/);
  const res = await page.request.get('/api/admin/overview');
  expect(res.status()).toBe(401);
});

test('a seeker sees no admin data and the API answers 403', async ({ page, lang }) => {
  await signUpVerified(page, 'seeker', lang);
  await page.goto('/admin');
  await expect(page.getByText(t[lang].noAccess).first()).toBeVisible();
  await expect(page.getByTestId('admin-counter-users')).toHaveCount(0);
  const res = await page.request.get('/api/admin/overview');
  expect(res.status()).toBe(403);
});

test('an admin signs in with TOTP and sees the real counters; the same code does not sign in twice', async ({ page, browser, lang }) => {
  const l = t[lang];
  const signInUpToCode = async (p: Page) => {
    await p.goto('/auth?next=/admin');
    await p.getByLabel(l.email).fill(E2E_ADMIN.email);
    await p.getByLabel(l.password).fill(E2E_PASSWORD);
    await p.getByRole('button', { name: l.signIn }).click();
    await expect(p.getByLabel(l.code)).toBeVisible();
  };
  await signInUpToCode(page);
  // Without the code there is no session yet.
  expect((await page.request.get('/api/admin/overview')).status()).toBe(401);
  await exclusive('admin-totp', async () => {
    const totp = await freshAdminTotp();
    await page.getByLabel(l.code).fill(totp);
    await page.getByRole('button', { name: l.verify }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    // A second window with the code just used: refused, with the reason in the page's language (decision 074).
    const other = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    await other.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
    const second = await other.newPage();
    await signInUpToCode(second);
    await second.getByLabel(l.code).fill(totp);
    await second.getByRole('button', { name: l.verify }).click();
    await expect(second.getByText(lang === 'de' ? /Dieser Code wurde schon verwendet/ : /This code has already been used/)).toBeVisible();
    expect((await second.request.get('/api/admin/overview')).status()).toBe(401);
    await other.close();
  });
  // Other tests add users, requests, deals and transactions in parallel, and every counter only grows:
  // what the page shows after a reload lies between the figures read just before and just after it.
  await expect(page.getByTestId('admin-counter-users')).toBeVisible();
  const keys = ['users', 'requests', 'deals', 'transactions', 'affiliates'] as const;
  const overview = async () => (await (await page.request.get('/api/admin/overview')).json()) as Record<string, number>;
  const before = await overview();
  await page.reload();
  await expect(page.getByTestId('admin-counter-users')).toBeVisible();
  const shown: Record<string, number> = {};
  for (const key of keys) {
    shown[key] = Number((await page.getByTestId(`admin-counter-${key}`).textContent())!.replace(/\D/g, ''));
  }
  const after = await overview();
  for (const key of keys) {
    expect(shown[key], key).toBeGreaterThanOrEqual(before[key]!);
    expect(shown[key], key).toBeLessThanOrEqual(after[key]!);
  }
  expect(shown.users).toBeGreaterThanOrEqual(3);
});

test('a new admin must enrol TOTP before any admin data is shown', async ({ page, lang }) => {
  const l = t[lang];
  await page.goto('/auth?next=/admin');
  await page.getByLabel(l.email).fill(E2E_ENROL_ADMIN(lang));
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: l.signIn }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('heading', { name: /Zwei-Faktor|two-factor/i })).toBeVisible();
  await expect(page.getByTestId('admin-counter-users')).toHaveCount(0);
  expect((await page.request.get('/api/admin/overview')).status()).toBe(403);
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: /Zwei-Faktor einrichten|Set up two-factor/i }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel(l.code).fill(totpFromSecret(secret));
  await page.getByRole('button', { name: l.verify }).click();
  await expect(page.getByTestId('admin-counter-users')).toBeVisible();
  expect((await page.request.get('/api/admin/overview')).status()).toBe(200);
});

const S = {
  de: {
    tab: 'Einstellungen',
    integer: 'Bitte eine ganze Zahl eingeben.',
    range: 'Bitte einen Wert von 1 bis 50 eingeben.',
    allowed: 'Erlaubt: 1 bis 365.',
    unchanged: 'Keine Änderungen zum Speichern.',
    saved: 'Einstellungen gespeichert',
  },
  en: {
    tab: 'Settings',
    integer: 'Please enter a whole number.',
    range: 'Please enter a value from 1 to 50.',
    allowed: 'Allowed: 1 to 365.',
    unchanged: 'No changes to save.',
    saved: 'Settings saved',
  },
};

test('the admin changes a marketplace setting; a value that is no whole number or out of range is refused with the allowed range', async ({ page, lang }) => {
  const s = S[lang];
  await signInAdmin(page.request);
  const stored = async () => (await (await page.request.get('/api/admin/settings')).json()) as Record<string, number>;
  const before = await stored();

  await page.goto('/admin?tab=settings');
  await expect(page.getByRole('tab', { name: s.tab })).toHaveAttribute('aria-selected', 'true');
  const unlocks = page.getByTestId('setting-maxUnlocks');
  await expect(unlocks).toHaveValue(String(before['marketplace.maxUnlocks']));
  await expect(page.getByText(s.allowed)).toBeVisible();

  // Not a whole number, then out of range: the field says why, nothing is stored.
  await unlocks.fill('2,5');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('setting-error')).toHaveText(s.integer);
  await expect(unlocks).toHaveAttribute('aria-invalid', 'true');
  await unlocks.fill('0');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('setting-error')).toHaveText(s.range);
  expect((await stored())['marketplace.maxUnlocks']).toBe(before['marketplace.maxUnlocks']);

  // Back to the stored value: nothing to save.
  await unlocks.fill(String(before['marketplace.maxUnlocks']));
  await expect(page.getByTestId('setting-error')).toHaveCount(0);
  await page.getByTestId('settings-save').click();
  await expect(page.getByText(s.unchanged)).toBeVisible();

  // A real change, kept over a reload, then put back. Both language projects share the server: they take turns,
  // and the expiry days changed here are asserted by no other browser test.
  await exclusive('settings', async () => {
    await page.reload();
    const days = page.getByTestId('setting-requestExpiryDays');
    const original = (await stored())['marketplace.requestExpiryDays']!;
    await expect(days).toHaveValue(String(original));
    await days.fill(String(original + 1));
    await page.getByTestId('settings-save').click();
    await expect(page.getByText(s.saved)).toBeVisible();
    expect((await stored())['marketplace.requestExpiryDays']).toBe(original + 1);
    await page.reload();
    await expect(days).toHaveValue(String(original + 1));
    await days.fill(String(original));
    await page.getByTestId('settings-save').click();
    await expect(page.getByText(s.saved).first()).toBeVisible();
    await expect.poll(async () => (await stored())['marketplace.requestExpiryDays']).toBe(original);
  });
});

const M = {
  de: {
    tab: 'Moderation',
    need: (site: string) => `Ich brauche dringend einen Elektriker in 50667 Köln, Fotos vom Sicherungskasten unter www.${site}.example, Budget 300-500 Euro`,
    flag: 'Link in der Beschreibung',
    approved: /^Anfrage freigegeben und an \d+ Anbieter weitergeleitet$/,
  },
  en: {
    tab: 'Moderation',
    need: (site: string) => `I urgently need an electrician in 50667 Köln, photos of the fuse box at www.${site}.example, budget 300-500 euros`,
    flag: 'Link in the description',
    approved: /^Request approved and sent to \d+ providers?$/,
  },
};

test('a request the pre-filter holds waits in Moderation with its reason; approving sends it to the matching providers', async ({ page, lang }) => {
  const m = M[lang];
  const provider = await onboardedProvider(lang);
  const seeker = await apiAccount('seeker', lang, 'Mia Suchende');
  const feed = async () =>
    ((await (await provider.api.get('/api/provider/matches?limit=100')).json()) as { matches: { request: { id: string } }[] }).matches.map((x) => x.request.id);
  try {
    const site = `fotos-${Date.now().toString(36)}-${lang}`;
    const { requestId, status } = await requestByChat(seeker.api, lang, 'Mia', m.need(site));
    expect(status).toBe('review');
    expect(await feed()).not.toContain(requestId);

    await signInAdmin(page.request);
    await page.goto('/admin?tab=moderation');
    await expect(page.getByRole('tab', { name: m.tab })).toHaveAttribute('aria-selected', 'true');
    const card = page.locator(`[data-testid="moderation-request"][data-request-id="${requestId}"]`);
    await expect(card).toContainText(site);
    await expect(card.locator('[data-testid="moderation-flag"][data-code="link"]')).toContainText(m.flag);
    await card.getByTestId('moderation-approve').click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: m.approved })).toBeVisible();
    await expect(card).toHaveCount(0);
    // Released and matched: the provider in Köln has it in the feed, still as a teaser.
    await expect.poll(feed).toContain(requestId);
  } finally {
    await Promise.all([provider.api.dispose(), seeker.api.dispose()]);
  }
});
