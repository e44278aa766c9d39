// Notice and action in the browser (DSA Art. 16, 17, 20): a visitor without an account reports a provider
// page from the page itself; an admin decides in 'Meldungen' with a statement of reasons; the provider reads
// it under 'Entscheidungen zu deinen Inhalten' and objects once; the first admin may not decide the objection,
// a second admin reverses it and the provider reads the outcome. Each screen without a serious axe violation,
// at 390 and 1280 px, in the project's language.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { test, expect, adminWindow, expectNoHorizontalScroll, latestMail } from './fixtures.ts';
import { providerWithProfile } from './market-helpers.ts';
import { E2E_ADMIN_2, E2E_URL } from './e2e-env.ts';

const T = {
  de: {
    groundError: 'Bitte wähle einen Grund.',
    done: 'Danke für deine Meldung',
    decided: 'Entschieden',
    statement: 'Eingeschränkt: die öffentliche Anbieterseite wird nicht mehr gelistet',
    objected: 'Widerspruch',
    sameAdmin: 'Du hast zuerst entschieden. Über den Widerspruch entscheidet eine andere Person.',
    reversed: 'Die Entscheidung wurde aufgehoben:',
    reversedStatus: 'Aufgehoben',
    reportPage: 'Gemeldet wird: Nachfrage',
  },
  en: {
    groundError: 'Please choose a ground.',
    done: 'Thank you for your report',
    decided: 'Decided',
    statement: 'Restricted: the public provider page is no longer listed',
    objected: 'Objection',
    sameAdmin: 'You decided first. Someone else decides the objection.',
    reversed: 'The decision was reversed:',
    reversedStatus: 'Reversed',
    reportPage: 'Reported: Inquiry',
  },
} as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

async function visitor(browser: Browser, lang: 'de' | 'en', width: number) {
  const context = await browser.newContext({
    locale: lang === 'de' ? 'de-DE' : 'en-GB',
    baseURL: E2E_URL,
    viewport: { width, height: width < 500 ? 844 : 900 },
  });
  await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { page, errors, close: () => context.close() };
}

for (const layout of [
  { name: 'phone visitor and provider, desktop admins', small: 390, large: 1280 },
  { name: 'desktop visitor and provider, phone admins', small: 1280, large: 390 },
]) {
  test(`report a provider page, decide it with reasons, object once, another admin reverses it (${layout.name})`, async ({ page, browser, lang }) => {
    test.setTimeout(150_000);
    const l = T[lang];
    const px = layout.small;
    await page.setViewportSize({ width: px, height: px < 500 ? 844 : 900 });
    const { email: providerEmail } = await providerWithProfile(page, lang);
    const { id: providerId } = ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user;
    const reporterEmail = `e2e-reporter-${lang}-${px}-${Date.now().toString(36)}@example.com`;

    // A visitor without an account reports the page: the form asks for a reason first, then confirms.
    const v = await visitor(browser, lang, px);
    try {
      await v.page.goto(`/anbieter/${providerId}`);
      await expect(v.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await v.page.getByTestId('report-provider').click();
      const dialog = v.page.getByTestId('report-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('report-submit').click();
      await expect(dialog.getByText(l.groundError)).toBeVisible();
      expect(await seriousViolations(v.page)).toEqual([]);
      await shot(v.page, `report-dialog-${lang}-${px}`);
      await dialog.getByTestId('report-ground-terms').click();
      await dialog.getByTestId('report-category').selectOption('fake');
      await dialog.getByTestId('report-explanation').fill('Die Firma gibt es unter dieser Adresse nicht; die Seite täuscht Kunden.');
      await dialog.getByTestId('report-email').fill(reporterEmail);
      await dialog.getByTestId('report-good-faith').click();
      await dialog.getByTestId('report-submit').click();
      await expect(dialog.getByTestId('report-done')).toContainText(l.done);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
    await latestMail(reporterEmail, 'reportReceived');

    // The first admin decides: restricted, on the terms, with the facts.
    const a1 = await adminWindow(browser, lang, undefined, { width: layout.large, height: 900 });
    let reportId: string;
    try {
      await a1.page.goto('/admin?tab=reports');
      await expect(a1.page.getByTestId('admin-reports')).toBeVisible();
      const card = a1.page.getByTestId('admin-report').filter({ hasText: reporterEmail });
      await expect(card).toHaveAttribute('data-status', 'open');
      reportId = (await card.getAttribute('data-report-id'))!;
      expect(await seriousViolations(a1.page)).toEqual([]);
      await expectNoHorizontalScroll(a1.page);
      await shot(a1.page, `admin-reports-${lang}-${layout.large}`);
      await card.getByTestId('report-decide').click();
      const decide = a1.page.getByTestId('report-decide-dialog');
      await decide.getByTestId('report-decision-restrict').check();
      await decide.getByTestId('report-decision-provision').fill('AGB § 5');
      await decide
        .getByTestId('report-decision-reason')
        .fill('Die Adresse auf der Seite gehört zu keinem Betrieb; bis zur Klärung wird die Seite nicht gelistet.');
      expect(await seriousViolations(a1.page)).toEqual([]);
      await shot(a1.page, `admin-report-decide-${lang}-${layout.large}`);
      await decide.getByTestId('report-decision-submit').click();
      // Decided, it leaves the reports still to decide; all reports show it with the decision.
      await expect(card).toHaveCount(0);
      await a1.page.getByTestId('reports-filter').selectOption('all');
      await expect(card).toHaveAttribute('data-status', 'decided');
      await expect(card.getByTestId('report-decision')).toContainText('AGB § 5');
    } finally {
      await a1.close();
    }
    expect((await latestMail(providerEmail, 'reportDecidedAffected')).text).toContain('AGB § 5');

    // The provider reads the statement of reasons and objects once.
    await page.goto('/konto/entscheidungen');
    const decision = page.getByTestId('own-decision');
    await expect(decision).toHaveAttribute('data-status', 'decided');
    await expect(decision.getByTestId('own-decision-status')).toHaveText(l.decided);
    await expect(decision.getByTestId('statement-of-reasons')).toContainText(l.statement);
    await expect(decision.getByTestId('statement-of-reasons')).toContainText('AGB § 5');
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await shot(page, `own-decisions-${lang}-${px}`);
    await decision.getByTestId('objection-text').fill('Wir sind unter dieser Adresse im Handelsregister eingetragen (HRB 4711, Amtsgericht Köln).');
    await decision.getByTestId('objection-submit').click();
    await expect(decision).toHaveAttribute('data-status', 'objected');
    await expect(decision.getByTestId('own-decision-status')).toHaveText(l.objected);
    await expect(decision.getByTestId('objection-form')).toHaveCount(0);

    // The admin who decided may not decide the objection; a second admin reverses the decision.
    const again = await adminWindow(browser, lang, undefined, { width: layout.large, height: 900 });
    try {
      await again.page.goto('/admin?tab=reports');
      const card = again.page.locator(`[data-testid="admin-report"][data-report-id="${reportId}"]`);
      await expect(card).toHaveAttribute('data-status', 'objected');
      await expect(card.getByTestId('report-decide-objection')).toBeDisabled();
      await expect(card.getByTestId('report-same-admin')).toHaveText(l.sameAdmin);
    } finally {
      await again.close();
    }
    const a2 = await adminWindow(browser, lang, E2E_ADMIN_2, { width: layout.large, height: 900 });
    try {
      await a2.page.goto('/admin?tab=reports');
      const card = a2.page.locator(`[data-testid="admin-report"][data-report-id="${reportId}"]`);
      await expect(card.getByTestId('report-objection')).toContainText('HRB 4711');
      await card.getByTestId('report-decide-objection').click();
      const dialog = a2.page.getByTestId('report-objection-dialog');
      await dialog.getByTestId('report-objection-reversed').check();
      await dialog.getByTestId('report-objection-reason').fill('Der Eintrag im Handelsregister ist bestätigt; die Seite wird wieder gelistet.');
      expect(await seriousViolations(a2.page)).toEqual([]);
      await shot(a2.page, `admin-objection-${lang}-${layout.large}`);
      await dialog.getByTestId('report-objection-submit').click();
      await expect(card).toHaveCount(0);
      await a2.page.getByTestId('reports-filter').selectOption('all');
      await expect(card).toHaveAttribute('data-status', 'reversed');
      expect(a2.errors).toEqual([]);
    } finally {
      await a2.close();
    }

    await page.reload();
    await expect(decision).toHaveAttribute('data-status', 'reversed');
    await expect(decision.getByTestId('objection-outcome')).toContainText(l.reversed);
    await expect(decision.getByTestId('own-decision-status')).toHaveText(l.reversedStatus);
    await shot(page, `own-decision-reversed-${lang}-${px}`);
  });
}

test('the report page of a link in a mail names what is reported, and a broken link says where else to go', async ({ page, lang }) => {
  const l = T[lang];
  await page.goto(`/melden?type=inquiry&id=${crypto.randomUUID()}`);
  await expect(page.getByTestId('report-page')).toContainText(l.reportPage);
  await expect(page.getByTestId('report-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/melden?type=inquiry&id=kaputt');
  await expect(page.getByTestId('report-link-invalid')).toBeVisible();
  await expect(page.getByTestId('report-form')).toHaveCount(0);
});

test('a list of the filter left behind that answers late does not replace the one chosen', async ({ page, browser, lang }) => {
  // Under load the reload after a decision (filter 'Zu entscheiden') answered after the admin had chosen
  // 'Alle' and replaced that list. Here the first 'todo' answer is held back until 'all' has been shown.
  await providerWithProfile(page, lang);
  const { id: providerId } = ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user;
  // Reported by a visitor without an account (nobody may report their own page).
  const anonymous = await browser.newContext({ baseURL: E2E_URL });
  const created = await anonymous.request.post('/api/reports', {
    headers: { origin: E2E_URL },
    data: {
      contentType: 'provider',
      contentId: providerId,
      ground: 'terms',
      category: 'spam',
      explanation: 'Die Seite wirbt nur für etwas anderes und bietet nichts an.',
      goodFaith: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { reportId } = (await created.json()) as { reportId: string };
  await anonymous.close();

  const a = await adminWindow(browser, lang);
  try {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    await a.page.route('**/api/admin/reports?filter=todo', async (route) => {
      if (!first) return route.continue();
      first = false;
      await held;
      // What the stale answer carries: a list without the report, as if nothing were to decide.
      await route.fulfill({ json: { reports: [], todo: 0 } });
    });
    await a.page.goto('/admin?tab=reports');
    await expect(a.page.getByTestId('admin-reports')).toBeVisible();
    const shownAll = a.page.waitForResponse((r) => r.url().includes('/api/admin/reports?filter=all'));
    await a.page.getByTestId('reports-filter').selectOption('all');
    await shownAll;
    const card = a.page.locator(`[data-testid="admin-report"][data-report-id="${reportId}"]`);
    await expect(card).toBeVisible();
    const staleAnswered = a.page.waitForResponse((r) => r.url().includes('/api/admin/reports?filter=todo'));
    release();
    await staleAnswered;
    // The answer has reached the page; the chosen list stays.
    await expect(a.page.getByTestId('reports-filter')).toHaveValue('all');
    await expect(card).toBeVisible();
    expect(a.errors).toEqual([]);
  } finally {
    await a.close();
  }
});
