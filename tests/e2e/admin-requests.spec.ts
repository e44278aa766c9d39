// 'Anfragen verwalten' and 'Deals' in the admin area: a request the pre-filter held back is rejected with a
// reason in the tab, and the seeker reads that reason by e-mail and on their dashboard; the deals tab shows a
// completed deal with both confirmations and its settlement.
import { test, expect, expectNoHorizontalScroll, latestMail, signInAdmin } from './fixtures.ts';
import { apiAccount, completedDeal, paidProviderAccount, requestByChat, uniqueToken } from './seeker-helpers.ts';
import { E2E_PAID_PROVIDERS, E2E_PASSWORD, E2E_URL } from './e2e-env.ts';

const T = {
  de: {
    tab: 'Anfragen verwalten',
    dealsTab: 'Deals',
    need: (site: string) => `Ich brauche dringend einen Elektriker in 50667 Köln, Fotos vom Sicherungskasten unter www.${site}.example, Budget 300-500 Euro`,
    flag: 'Link in der Beschreibung',
    review: 'Zur Prüfung',
    rejected: 'Abgelehnt',
    tooShort: 'Bitte mindestens 3 Zeichen eingeben.',
    reason: 'Bitte ohne Link neu einstellen, Fotos kannst du dem Anbieter später schicken.',
    toast: 'Anfrage abgelehnt',
    mailSubject: 'Deine Anfrage wurde geprüft',
    mailReason: 'Begründung: ',
    dashboardReason: 'Hinweis vom akut-Team: ',
    completed: 'Abgeschlossen',
    confirmed: /^bestätigt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    date: /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    shares: '25 Goints (2,50 €)',
  },
  en: {
    tab: 'Manage requests',
    dealsTab: 'Deals',
    need: (site: string) => `I urgently need an electrician in 50667 Köln, photos of the fuse box at www.${site}.example, budget 300-500 euros`,
    flag: 'Link in the description',
    review: 'Awaiting review',
    rejected: 'Rejected',
    tooShort: 'Please enter at least 3 characters.',
    reason: 'Please post it again without the link; you can send photos to the provider later.',
    toast: 'Request rejected',
    mailSubject: 'Your request has been reviewed',
    mailReason: 'Reason: ',
    dashboardReason: 'Note from the akut team: ',
    completed: 'Completed',
    confirmed: /^confirmed on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/,
    date: /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/,
    shares: '25 Goints (€2.50)',
  },
};

test('a held-back request is rejected with a reason in the tab; the seeker reads it by e-mail and on the dashboard', async ({ page, lang, browser }) => {
  const l = T[lang];
  const seeker = await apiAccount('seeker', lang, 'Mia Suchende');
  try {
    const site = `fotos-${Date.now().toString(36)}-${lang}`;
    const { requestId, status } = await requestByChat(seeker.api, lang, 'Mia', l.need(site));
    expect(status).toBe('review');

    await signInAdmin(page.request);
    await page.goto('/admin?tab=requests');
    await expect(page.getByRole('tab', { name: l.tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('admin-requests-total')).toBeVisible();
    // Only flagged requests waiting for review: ours is among the newest.
    await page.getByTestId('requests-filter-status').selectOption('review');
    await page.getByTestId('requests-filter-flagged').selectOption('true');
    const card = page.locator(`[data-testid="admin-request"][data-request-id="${requestId}"]`);
    await expect(card).toContainText(site);
    await expect(card.getByTestId('admin-request-status')).toHaveText(l.review);
    await expect(card.locator('[data-testid="admin-request-flag"][data-code="link"]')).toContainText(l.flag);
    await expect(card.getByTestId('admin-request-date')).toHaveText(l.date);
    await expect(card.getByTestId('admin-request-unlocks')).toHaveText(lang === 'de' ? '0 von 5 freigeschaltet' : '0 of 5 unlocked');

    // Rejecting needs a reason.
    await card.getByTestId('admin-request-reject').click();
    const dialog = page.getByTestId('reason-dialog');
    await dialog.getByRole('textbox').fill('ok');
    await dialog.getByTestId('reason-submit').click();
    await expect(dialog).toContainText(l.tooShort);
    expect(
      ((await (await page.request.get(`/api/admin/requests?status=review&pageSize=100`)).json()) as { requests: { id: string }[] }).requests.map((r) => r.id),
    ).toContain(requestId);
    await dialog.getByRole('textbox').fill(l.reason);
    await dialog.getByTestId('reason-submit').click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: l.toast })).toBeVisible();
    // Gone from the review filter; with every status it shows as rejected with the reason.
    await expect(card).toHaveCount(0);
    await page.getByTestId('requests-filter-status').selectOption('');
    await expect(card.getByTestId('admin-request-status')).toHaveText(l.rejected);
    await expect(card.getByTestId('admin-request-reason')).toContainText(l.reason);
    // On a phone the cards fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card).toBeVisible();
    await expectNoHorizontalScroll(page);
    if (process.env.SHOT) await card.screenshot({ path: `/tmp/i11rd-request-${lang}.png` });

    const mail = await latestMail(seeker.email, 'requestModerated');
    expect(mail.subject).toBe(l.mailSubject);
    expect(mail.text).toContain(`${l.mailReason}${l.reason}`);

    // The seeker's dashboard, in their own browser.
    const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB', baseURL: E2E_URL });
    try {
      await context.addInitScript((x) => localStorage.setItem('i18nextLng', x), lang);
      const signIn = await context.request.post('/api/auth/sign-in/email', {
        headers: { origin: E2E_URL },
        data: { email: seeker.email, password: E2E_PASSWORD },
      });
      expect(signIn.ok(), await signIn.text()).toBe(true);
      const seekerPage = await context.newPage();
      await seekerPage.goto('/suchende-dashboard');
      await expect(seekerPage.getByTestId('request-admin-reason')).toHaveText(`${l.dashboardReason}${l.reason}`);
    } finally {
      await context.close();
    }
  } finally {
    await seeker.api.dispose();
  }
});

test('the deals tab lists a completed deal with both confirmations and its settlement', async ({ page, lang }) => {
  const l = T[lang];
  // A provider with paid Goints: the unlock's 50 Goints are split 25 to the seeker, 25 to the platform.
  const provider = await paidProviderAccount(lang, E2E_PAID_PROVIDERS - 1, `Elektro Deal ${uniqueToken()}`);
  try {
    const { dealId } = await completedDeal(lang, provider, {
      firstName: 'Lena',
      price: 420,
      rating: 5,
      testimonial: 'Schnell und sauber.',
      showFirstName: true,
      contactVisible: false,
    });
    await signInAdmin(page.request);
    await page.goto('/admin?tab=deals');
    await expect(page.getByRole('tab', { name: l.dealsTab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('deals-filter-status').selectOption('completed');
    const card = page.locator(`[data-testid="admin-deal"][data-deal-id="${dealId}"]`);
    await expect(card.getByTestId('admin-deal-status')).toHaveText(l.completed);
    await expect(card.getByTestId('admin-deal-value')).toHaveText(lang === 'de' ? '420,00 €' : '€420.00');
    await expect(card.getByTestId('admin-deal-provider')).toHaveAttribute('data-confirmed', 'true');
    await expect(card.getByTestId('admin-deal-provider')).toContainText(provider.firmenname);
    await expect(card.getByTestId('admin-deal-provider').locator('p').nth(1)).toHaveText(l.confirmed);
    await expect(card.getByTestId('admin-deal-seeker')).toHaveAttribute('data-confirmed', 'true');
    await expect(card.getByTestId('admin-deal-seeker').locator('p').nth(1)).toHaveText(l.confirmed);
    await expect(card.getByTestId('admin-deal-seeker-share')).toHaveText(l.shares);
    await expect(card.getByTestId('admin-deal-platform-share')).toHaveText(l.shares);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page);
    if (process.env.SHOT) await card.screenshot({ path: `/tmp/i11rd-deal-${lang}.png` });
  } finally {
    await provider.api.dispose();
  }
});
