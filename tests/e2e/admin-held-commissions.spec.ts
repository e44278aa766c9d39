// Held commissions (issue 25): one partner brought in both the seeker and the provider of a real deal, so both
// of the partner's commissions on it are held by the fraud rule. The partner's dashboard says they are held for
// review; the admin's tab 'Zurückgehaltene Provisionen' lists them with the partner, the referred person and the
// rule in words, releases one and voids the other, each with a reason (a reason is required); both decisions
// are in the audit log in the admin's words. German and English, at 390 and 1280 px.
import { test, expect, expectNoHorizontalScroll, signInAdmin } from './fixtures.ts';
import { uniqueToken } from './seeker-helpers.ts';
import { dealWithPartnerOnBothSides } from './held-helpers.ts';

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
