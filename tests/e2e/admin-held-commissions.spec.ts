// Held commissions (issue 25): one partner brought in both the seeker and the provider of a real deal, so both
// of the partner's commissions on it are held by the fraud rule. The partner's dashboard says they are held for
// review; the admin's tab 'Zurückgehaltene Provisionen' lists them with the partner, the referred person and the
// rule in words, releases one and voids the other, each with a reason (a reason is required); both decisions
// are in the audit log in the admin's words. German and English, at 390 and 1280 px.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll, mailedLink, signInAdmin, type Lang } from './fixtures.ts';
import { E2E_PAID_PROVIDERS, E2E_PASSWORD, E2E_URL, traderFor } from './e2e-env.ts';
import { apiAccount, paidProviderAccount, providerConfirms, requestByChat, uniqueToken, unlockOnly } from './seeker-helpers.ts';
import { unlockAtQuotedPrice } from './market-helpers.ts';

const WRITE = { origin: E2E_URL };

const T = {
  de: {
    section: 'Bereich',
    tab: 'Provisionsprüfung',
    bothSides: 'Beide Seiten des Deals (Anbieter und suchende Person) wurden von diesem Partner geworben.',
    referred: 'Geworbene Person mit dem Deal',
    release: 'Freigeben',
    void: 'Stornieren',
    reason: 'Grund',
    tooShort: 'Bitte mindestens 3 Zeichen eingeben.',
    released: 'Provision für Paula Prüfling freigegeben',
    voided: 'Provision für Paula Prüfling storniert',
    area: 'Art der Änderung',
    commission: 'Provision',
    auditReleased: 'Provision freigegeben',
    auditVoided: 'Provision storniert',
    statusRow: 'Status',
    heldValue: 'zurückgehalten – wird geprüft',
    filter: 'Filtern',
  },
  en: {
    section: 'Section',
    tab: 'Held commissions',
    bothSides: 'Both sides of the deal (provider and seeker) were referred by this partner.',
    referred: 'Referred person with the deal',
    release: 'Release',
    void: 'Void',
    reason: 'Reason',
    tooShort: 'Please enter at least 3 characters.',
    released: 'Commission for Paula Prüfling released',
    voided: 'Commission for Paula Prüfling voided',
    area: 'Kind of change',
    commission: 'Commission',
    auditReleased: 'Commission released',
    auditVoided: 'Commission voided',
    statusRow: 'Status',
    heldValue: 'held – under review',
    filter: 'Filter',
  },
};

/** A verified account signed up through the partner's link (the cookie carries the code). */
async function referredAccount(code: string, role: 'seeker' | 'provider', lang: Lang, name: string): Promise<{ api: APIRequestContext; email: string }> {
  const api = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: WRITE });
  expect((await api.get(`/ref/${code}`)).ok()).toBe(true);
  const email = `e2e-held-${role}-${lang}-${uniqueToken()}@example.com`;
  const r = await api.post('/api/auth/sign-up/email', { data: { email, password: E2E_PASSWORD, name, role, locale: lang } });
  expect(r.ok(), await r.text()).toBe(true);
  expect((await api.get(await mailedLink(email, 'verifyEmail'))).ok()).toBe(true);
  return { api, email };
}

/** A deal between a seeker and a provider both referred by one partner; returns the partner's signed-in API. */
async function dealWithPartnerOnBothSides(lang: Lang) {
  const partner = await apiAccount('seeker', lang, 'Paula Prüfling');
  const { code } = (await (await partner.api.get('/api/affiliate/me')).json()) as { code: string };
  const seeker = await referredAccount(code, 'seeker', lang, 'Sven Geworben');
  const provider = await referredAccount(code, 'provider', lang, 'Berta Geworben');
  const firm = `Elektro Berta ${uniqueToken()}`;
  const profile = await provider.api.put('/api/provider/profile', {
    data: {
      firmenname: firm,
      categories: ['handwerk'],
      postcode: '50667',
      radiusKm: 50,
      description: 'Elektroinstallationen, Reparaturen und Notdienst in Köln und Umgebung.',
      phone: '0221 555 0177',
      email: provider.email,
      trader: traderFor(firm),
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const me = (await (await provider.api.get('/api/me')).json()) as { user: { id: string } };
  const berta = { api: provider.api, email: provider.email, id: me.user.id, firmenname: firm, phone: '0221 555 0177' };
  // A provider with paid Goints unlocks it too, so the deal earns the platform real revenue.
  const { requestId } = await requestByChat(seeker.api, lang, 'Sven');
  const paid = await paidProviderAccount(lang, E2E_PAID_PROVIDERS - 2, `Elektro Bezahlt ${uniqueToken()}`);
  await unlockOnly(paid, requestId);
  expect((await unlockAtQuotedPrice(provider.api, requestId)).ok()).toBe(true);
  const offer = await provider.api.post('/api/provider/offers', {
    data: { requestId, price: 240, beschreibung: 'Fehlersuche und Austausch der Sicherungen.', verfuegbarkeit: 'Morgen ab 8 Uhr' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const accepted = await seeker.api.post(`/api/seeker/offers/${((await offer.json()) as { id: string }).id}/accept`);
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { dealId } = (await accepted.json()) as { dealId: string };
  await providerConfirms(berta, dealId);
  expect((await seeker.api.post(`/api/deals/${dealId}/confirm`)).ok()).toBe(true);
  await Promise.all([seeker.api.dispose(), provider.api.dispose(), paid.api.dispose()]);
  return { partner, dealId };
}

for (const width of [390, 1280]) {
  test(`an admin releases one held commission and voids the other, each with a reason, at ${width} px`, async ({ page, lang }) => {
    test.setTimeout(150_000);
    const l = T[lang];
    const token = uniqueToken();
    const { partner } = await dealWithPartnerOnBothSides(lang);
    // The partner reads them as held for review.
    const mine = (await (await partner.api.get('/api/affiliate/me')).json()) as { earnings: { held: { count: number } } };
    expect(mine.earnings.held.count).toBe(2);

    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page.request);
    await page.goto('/admin?tab=held');
    if (width < 1024) await expect(page.getByRole('combobox', { name: l.section })).toHaveValue('held');
    else await expect(page.getByTestId('admin-tab-held')).toHaveAttribute('aria-selected', 'true');
    const mineRows = page.locator(`[data-testid="held-commission"][data-partner="${partner.email}"]`);
    await expect(mineRows).toHaveCount(2);
    await expect(mineRows.first()).toContainText('Paula Prüfling');
    await expect(mineRows.first()).toContainText(l.referred);
    await expect(mineRows.first().getByTestId('held-flags')).toContainText(l.bothSides);
    await expectNoHorizontalScroll(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/held-${lang}-${width}.png` });

    // Release the first: a reason is required.
    await mineRows.first().getByTestId('held-release').click();
    const dialog = page.getByTestId('reason-dialog');
    await dialog.getByTestId('reason-submit').click();
    await expect(dialog).toContainText(l.tooShort);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/held-dialog-${lang}-${width}.png` });
    await dialog.getByLabel(l.reason).fill(`Geprüft: Nachbarn, kein Eigengeschäft ${token}`);
    await dialog.getByTestId('reason-submit').click();
    await expect(page.getByText(l.released)).toBeVisible();
    await expect(mineRows).toHaveCount(1);

    // Void the other.
    await mineRows.first().getByTestId('held-void').click();
    await dialog.getByLabel(l.reason).fill(`Selbst vermittelter Deal ${token}`);
    await dialog.getByTestId('reason-submit').click();
    await expect(page.getByText(l.voided)).toBeVisible();
    await expect(mineRows).toHaveCount(0);
    expect(((await (await partner.api.get('/api/affiliate/me')).json()) as { earnings: { held: { count: number } } }).earnings.held.count).toBe(0);

    // Both decisions are in the audit log, in words.
    await page.goto('/admin?tab=audit');
    await page.getByLabel(l.area).selectOption({ label: l.commission });
    await page.getByRole('button', { name: l.filter, exact: true }).click();
    const released = page
      .getByTestId('audit-list')
      .locator('[data-action="commission.release"]')
      .filter({ hasText: `Geprüft: Nachbarn, kein Eigengeschäft ${token}` });
    await expect(released).toContainText(l.auditReleased);
    await expect(released.getByRole('row').filter({ hasText: l.statusRow })).toContainText(l.heldValue);
    await expect(
      page
        .getByTestId('audit-list')
        .locator('[data-action="commission.void"]')
        .filter({ hasText: `Selbst vermittelter Deal ${token}` }),
    ).toContainText(l.auditVoided);
    await partner.api.dispose();
  });
}
