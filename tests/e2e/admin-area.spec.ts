// The admin area's frame, overview, users and audit log (issue 11), in German and English: real counters and
// recent activity, the status check's toast of the server's view, the specification's paths opening their tab
// keys, searching and suspending a person (whose session ends at once), the audit log showing a settings
// change, the grouped navigation on a phone, and the admin's floating chat on /admin.
import { test, expect, allowConsoleErrors, exclusive, expectNoHorizontalScroll, signInAdmin } from './fixtures.ts';
import { E2E_ADMIN, E2E_URL } from './e2e-env.ts';
import { apiAccount } from './seeker-helpers.ts';

const T = {
  de: {
    status: 'Status prüfen',
    statusTitle: 'Vollzugriff als Admin',
    statusText: (email: string) => `${email}: Rolle Admin, Zwei-Faktor aktiv`,
    activity: 'Letzte Aktivität',
    signup: 'Registrierung',
    search: 'Suche',
    searchButton: 'Suchen',
    suspend: 'Sperren',
    reason: 'Grund',
    suspended: 'Konto gesperrt, 1 Sitzung beendet',
    section: 'Bereich',
    auditAction: 'Art der Änderung',
    settingsArea: 'Marktplatz-Einstellungen',
    radius: 'Größter Umkreis',
    filter: 'Filtern',
    settingsChanged: 'Einstellungen geändert',
    chatOpen: /Chat öffnen/i,
    chatInput: /Nachricht/i,
    chatSend: /Senden/i,
    whatsNew: 'Was ist neu?',
    today: 'Heute:',
    signedOut: 'Abgemeldet',
    logout: 'Abmelden',
  },
  en: {
    status: 'Check status',
    statusTitle: 'Full admin access',
    statusText: (email: string) => `${email}: role Admin, two-factor on`,
    activity: 'Recent activity',
    signup: 'Sign-up',
    search: 'Search',
    searchButton: 'Search',
    suspend: 'Suspend',
    reason: 'Reason',
    suspended: 'Account suspended, 1 session ended',
    section: 'Section',
    auditAction: 'Kind of change',
    settingsArea: 'Marketplace settings',
    radius: 'Largest radius',
    filter: 'Filter',
    settingsChanged: 'Settings changed',
    chatOpen: /Open chat/i,
    chatInput: /Message/i,
    chatSend: /Send/i,
    whatsNew: "What's new?",
    today: 'Today:',
    signedOut: 'Signed out',
    logout: 'Sign out',
  },
};

test('the overview shows real counters, the newest sign-up in the activity and the status check toast', async ({ page, lang }) => {
  const l = T[lang];
  const { api, email } = await apiAccount('seeker', lang, 'Nora Neu');
  await api.dispose();
  await signInAdmin(page.request);
  await page.goto('/admin');
  const counters = (await (await page.request.get('/api/admin/overview')).json()) as { users: number };
  await expect(page.getByTestId('admin-counter-users')).toBeVisible();
  expect(Number((await page.getByTestId('admin-counter-users').textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(counters.users);
  await expect(page.getByRole('heading', { name: l.activity })).toBeVisible();
  await expect(page.getByTestId('admin-activity').locator('[data-kind="signup"]').filter({ hasText: email })).toBeVisible();
  await expect(page.getByTestId('admin-activity').locator('[data-kind="signup"]').filter({ hasText: email })).toContainText(l.signup);

  await page.getByTestId('admin-status-check').click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: l.statusTitle });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(l.statusText(E2E_ADMIN.email));
});

test('load errors: the counters say so and stay on the page; a dashboard that cannot load sends the admin home', async ({ page, lang }) => {
  const w =
    lang === 'de'
      ? { stats: 'Admin-Statistiken konnten nicht geladen werden', title: 'Fehler beim Laden', dashboard: 'Admin-Dashboard konnte nicht geladen werden' }
      : { stats: 'Admin statistics could not be loaded', title: 'Loading failed', dashboard: 'The admin dashboard could not be loaded' };
  allowConsoleErrors(/status of 500/);
  await signInAdmin(page.request);
  await page.route('**/api/admin/overview', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }),
  );
  await page.goto('/admin');
  await expect(page.getByText(w.stats)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await page.unroute('**/api/admin/overview');
  await page.route('**/api/admin/status', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' }),
  );
  await page.reload();
  await expect(page.getByText(w.title)).toBeVisible();
  await expect(page.getByText(w.dashboard)).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('the specification paths open the admin page on their tab keys; unknown admin paths are not found', async ({ page }) => {
  await signInAdmin(page.request);
  for (const [path, key] of [
    ['/admin/requests', 'requests'],
    ['/admin/followup', 'followup'],
    ['/admin/provision', 'provision'],
    ['/admin/preise', 'preise'],
    ['/admin/deals', 'deals'],
    ['/admin?tab=users', 'users'],
    ['/admin?tab=audit', 'audit'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByTestId('admin-page'), path).toHaveAttribute('data-requested-tab', key);
  }
  // The browser logs the deliberate 404 of the unknown path.
  allowConsoleErrors(/404 \(Not Found\) @ .*\/admin\/gibt-es-nicht/);
  const res = await page.goto('/admin/gibt-es-nicht');
  expect(res?.status()).toBe(404);
});

test('the admin finds a person by e-mail and suspends them with a reason; their session ends at once', async ({ page, lang }) => {
  const l = T[lang];
  const person = await apiAccount('seeker', lang, 'Susi Sperre');
  expect(((await (await person.api.get('/api/me')).json()) as { user: unknown }).user).not.toBeNull();
  await signInAdmin(page.request);
  await page.goto('/admin?tab=users');
  await page.getByLabel(l.search, { exact: true }).fill(person.email);
  await page.getByRole('button', { name: l.searchButton, exact: true }).click();
  const list = page.getByTestId('users-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(person.email);
  await list.getByRole('button').click();
  const dialog = page.getByTestId('user-dialog');
  await expect(dialog).toContainText(person.email);
  await dialog.getByRole('button', { name: l.suspend, exact: true }).click();
  const reason = page.getByTestId('reason-dialog');
  await reason.getByLabel(l.reason).fill('Spam in Anfragen');
  await reason.getByRole('button', { name: l.suspend, exact: true }).click();
  await expect(page.getByText(l.suspended)).toBeVisible();
  await expect(page.getByTestId('user-suspension')).toContainText('Spam in Anfragen');
  expect(((await (await person.api.get('/api/me')).json()) as { user: unknown }).user).toBeNull();
  await person.api.dispose();
});

test('the audit log shows a settings change with its before and after', async ({ page, lang }) => {
  const l = T[lang];
  await signInAdmin(page.request);
  await exclusive('settings', async () => {
    const stored = (await (await page.request.get('/api/admin/settings')).json()) as Record<string, number>;
    const original = stored['marketplace.maxRadiusKm']!;
    const changed = original === 500 ? 499 : original + 1;
    expect((await page.request.put('/api/admin/settings', { headers: { origin: E2E_URL }, data: { 'marketplace.maxRadiusKm': changed } })).ok()).toBe(true);
    expect((await page.request.put('/api/admin/settings', { headers: { origin: E2E_URL }, data: { 'marketplace.maxRadiusKm': original } })).ok()).toBe(true);
    await page.goto('/admin?tab=audit');
    await page.getByLabel(l.auditAction).selectOption({ label: l.settingsArea });
    await page.getByRole('button', { name: l.filter, exact: true }).click();
    const entry = page
      .getByTestId('audit-list')
      .locator('[data-action="settings.update"]')
      .filter({ hasText: `${changed}` })
      .first();
    await expect(entry).toContainText(l.settingsChanged);
    await expect(entry).toContainText(E2E_ADMIN.email);
    await expect(entry).toContainText(l.settingsArea);
    await expect(entry.getByRole('row').filter({ hasText: l.radius })).toContainText(`${changed} km`);
    // The admin's words only: no stored key, no '[object Object]'.
    await expect(entry).not.toContainText('marketplace.');
    await expect(page.getByTestId('audit-list')).not.toContainText('[object');
  });
});

test('on a phone the tabs are one grouped select that opens each section, with no sideways scrolling', async ({ page, lang }) => {
  const l = T[lang];
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page.request);
  await page.goto('/admin');
  const select = page.getByRole('combobox', { name: l.section });
  await expect(select).toBeVisible();
  await expect(page.getByTestId('admin-tab-overview')).toBeHidden();
  await expectNoHorizontalScroll(page);
  await select.selectOption('audit');
  await expect(page).toHaveURL(/\/admin\?tab=audit$/);
  await expect(page.getByLabel(l.auditAction)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await select.selectOption('users');
  await expect(page.getByTestId('admin-page')).toHaveAttribute('data-tab', 'users');
  await expect(page.getByLabel(l.search, { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(page);
  // At 1280 px the same sections are a sidebar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByTestId('admin-tab-users')).toHaveAttribute('aria-selected', 'true');
  await expect(select).toBeHidden();
});

test('the admin asks the floating chat on /admin what is new, and signs out with a toast', async ({ page, lang }) => {
  const l = T[lang];
  await signInAdmin(page.request);
  await page.goto('/admin');
  await page.getByRole('button', { name: l.chatOpen }).click();
  const input = page.getByRole('textbox', { name: l.chatInput });
  await input.fill(l.whatsNew);
  await page.getByRole('button', { name: l.chatSend }).click();
  await expect(page.getByTestId('chat-messages').getByText(l.today).first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /Chat schließen|Close chat/i }).click();
  await page.getByTestId('admin-logout').click();
  await expect(page.getByText(l.signedOut)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
