// Sign up as provider and as seeker, confirm the e-mail with the link from the server log, sign in and out.
import { test, expect, latestMail, mailedLink, allowConsoleErrors } from './fixtures.ts';
import { E2E_PASSWORD } from './e2e-env.ts';

const t = {
  de: {
    register: /Registrieren/i,
    signIn: /^Anmelden$/i,
    name: /Name/i,
    email: /E-Mail/i,
    password: /^Passwort/i,
    checkInbox: /Postfach|E-Mail/i,
    signOut: /Abmelden/i,
  },
  en: {
    register: /Register|Sign up/i,
    signIn: /^Sign in$/i,
    name: /Name/i,
    email: /E-mail|Email/i,
    password: /^Password/i,
    checkInbox: /inbox|e-mail/i,
    signOut: /Sign out/i,
  },
};

for (const mode of ['provider', 'searcher'] as const) {
  test(`${mode} signs up, confirms the e-mail with the logged link, signs out and in again`, async ({ page, lang }) => {
    const l = t[lang];
    const email = `e2e-${mode}-${lang}-${Date.now()}@example.com`;
    await page.goto(`/auth?mode=${mode}`);
    await page.getByRole('tab', { name: l.register }).click();
    await page.getByLabel(l.name).fill(mode === 'provider' ? 'Paula Anbieter' : 'Sven Sucher');
    await page.getByLabel(l.email).fill(email);
    await page.getByLabel(l.password).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: l.register }).click();
    await expect(page.getByText(l.checkInbox).first()).toBeVisible();

    const mail = await latestMail(email, 'verifyEmail');
    expect(mail.subject).toBe(lang === 'de' ? 'Bitte bestätige deine E-Mail-Adresse für akut' : 'Please confirm your e-mail address for akut');
    // The outbox keeps the mail without its link; the link comes from the server log.
    expect(mail.text).not.toMatch(/token=/);
    await page.goto(await mailedLink(email, 'verifyEmail'));
    // Verified and signed in: the header shows the sign-out button.
    await expect(page.getByRole('button', { name: l.signOut })).toBeVisible();
    const me = await page.evaluate(() => fetch('/api/me').then((r) => r.json()));
    expect(me.user).toMatchObject({ email, role: mode === 'provider' ? 'provider' : 'seeker', emailVerified: true, locale: lang });

    await page.getByRole('button', { name: l.signOut }).click();
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /^Login$/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: l.signOut })).toHaveCount(0);
    expect((await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).user).toBeNull();

    await page.goto('/auth');
    await page.getByLabel(l.email).fill(email);
    await page.getByLabel(l.password).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: l.signIn }).click();
    await expect(page.getByRole('button', { name: l.signOut })).toBeVisible();
  });
}

test('a wrong password is refused with a clear message', async ({ page, lang }) => {
  allowConsoleErrors(/status of 401/);
  const l = t[lang];
  await page.goto('/auth');
  await page.getByLabel(l.email).fill('nobody@example.com');
  await page.getByLabel(l.password).fill('wrong-password-123');
  await page.getByRole('button', { name: l.signIn }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: lang === 'de' ? /falsch|ungültig/i : /invalid|wrong|incorrect/i })
      .first(),
  ).toBeVisible();
  expect((await page.evaluate(() => fetch('/api/me').then((r) => r.json()))).user).toBeNull();
});
