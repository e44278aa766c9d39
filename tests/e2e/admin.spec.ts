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
