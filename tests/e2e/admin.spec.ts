// Nobody but an admin with two-factor reaches admin data: checked in the UI and on the API.
import { test, expect, adminTotpUri, totpFromUri, totpFromSecret, signUpVerified } from './fixtures.ts';
import { E2E_ADMIN, E2E_ENROL_ADMIN, E2E_PASSWORD } from './e2e-env.ts';

const t = {
  de: { email: /E-Mail/i, password: /^Passwort/i, signIn: /^Anmelden$/i, code: /Code/i, verify: /Bestätigen|Prüfen|Weiter/i, users: /Nutzer|Benutzer/i, noAccess: /Berechtigung|Zugriff|kein/i },
  en: { email: /E-mail|Email/i, password: /^Password/i, signIn: /^Sign in$/i, code: /Code/i, verify: /Verify|Confirm|Continue/i, users: /Users/i, noAccess: /permission|access|not allowed/i },
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

test('an admin signs in with TOTP and sees the real counters', async ({ page, lang }) => {
  const l = t[lang];
  await page.goto('/auth?next=/admin');
  await page.getByLabel(l.email).fill(E2E_ADMIN.email);
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: l.signIn }).click();
  const code = page.getByLabel(l.code);
  await expect(code).toBeVisible();
  // Without the code there is no session yet.
  expect((await page.request.get('/api/admin/overview')).status()).toBe(401);
  await code.fill(totpFromUri(adminTotpUri()));
  await page.getByRole('button', { name: l.verify }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // Other tests create users in parallel: the shown user count can only be below the one read afterwards.
  await expect(page.getByTestId('admin-counter-users')).toBeVisible();
  const counts = (await (await page.request.get('/api/admin/overview')).json()) as Record<string, number>;
  for (const key of ['requests', 'deals', 'transactions', 'affiliates']) {
    await expect(page.getByTestId(`admin-counter-${key}`)).toHaveText(String(counts[key]));
  }
  const shownUsers = Number((await page.getByTestId('admin-counter-users').textContent())!.replace(/\D/g, ''));
  expect(shownUsers).toBeGreaterThanOrEqual(3);
  expect(shownUsers).toBeLessThanOrEqual(counts.users!);
});

test('a new admin must enrol TOTP before any admin data is shown', async ({ page, lang }) => {
  const l = t[lang];
  await page.goto('/auth?next=/admin');
  await page.getByLabel(l.email).fill(E2E_ENROL_ADMIN(lang));
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: l.signIn }).click();
  await expect(page).toHaveURL(/\/admin$/);
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
