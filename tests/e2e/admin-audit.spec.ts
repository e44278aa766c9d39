// The audit log in the admin's words (issue 25): a commission plan change and a follow-up draft change read
// as labelled before/after rows ('Ebene 1 (Anteil am Topf)  40 % → 75 %', 'Schritt 1: Text · sichtbar · …'),
// never '[object Object]', 'levelsBp', 'preset ten_levels' or 'followUpScript 6d784fc8'; times in German
// time, stated; at 390 and 1280 px without sideways scrolling.
import { test, expect, exclusive, expectNoHorizontalScroll, signInAdmin } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';

const T = {
  de: {
    area: 'Art der Änderung',
    plan: 'Provisionsplan',
    planChanged: 'Provisionsplan geändert',
    level1: 'Ebene 1 (Anteil am Topf)',
    preset: 'Vorlage',
    twoLevels: '2 Ebenen (15 % und 5 % der Plattform-Einnahmen)',
    followUp: 'Follow-up-Skript',
    step: 'Schritt',
    hidden: 'ausgeblendet',
    filter: 'Filtern',
    zone: 'Alle Zeiten in deutscher Zeit (Europe/Berlin).',
  },
  en: {
    area: 'Kind of change',
    plan: 'Commission plan',
    planChanged: 'Commission plan changed',
    level1: 'Level 1 (share of the pool)',
    preset: 'Preset',
    twoLevels: '2 levels (15% and 5% of platform revenue)',
    followUp: 'Follow-up script',
    step: 'Step',
    hidden: 'hidden',
    filter: 'Filter',
    zone: 'All times in German time (Europe/Berlin).',
  },
};

const RAW = /\[object|levelsBp|poolBp|ten_levels|two_levels|restoredFrom|followUpScript|entityType|\{persona\}|\{name\}/;

for (const width of [390, 1280]) {
  test(`the audit log shows a plan change and a script change as readable before/after at ${width} px`, async ({ page, lang }) => {
    const l = T[lang];
    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page.request);
    const headers = { origin: E2E_URL };
    await exclusive('commission-plan', async () => {
      expect((await page.request.put('/api/admin/affiliate/plan', { headers, data: { preset: 'two_levels' } })).ok()).toBe(true);
      expect((await page.request.put('/api/admin/affiliate/plan', { headers, data: { preset: 'ten_levels' } })).ok()).toBe(true);
    });
    await page.goto('/admin?tab=audit');
    await expect(page.getByTestId('admin-time-zone')).toHaveText(l.zone);
    await page.getByLabel(l.area).selectOption({ label: l.plan });
    await page.getByRole('button', { name: l.filter, exact: true }).click();
    const plan = page.getByTestId('audit-list').locator('[data-action="commissionPlan.update"]').first();
    await expect(plan).toContainText(l.planChanged);
    await expect(plan.getByRole('row').filter({ hasText: l.level1 })).toBeVisible();
    await expect(plan.getByRole('row').filter({ hasText: l.preset })).toContainText(l.twoLevels);
    await expect(page.getByTestId('audit-list')).not.toContainText(RAW);
    await expectNoHorizontalScroll(page);

    await exclusive('followup-script', async () => {
      const editor = (await (await page.request.get('/api/admin/followup')).json()) as { script: { steps: { active: boolean; purpose: string }[] } };
      const n = editor.script.steps.findIndex((s) => s.active && s.purpose === 'greeting') + 1;
      expect(n).toBeGreaterThan(0);
      expect((await page.request.post('/api/admin/followup/draft/edit', { headers, data: { op: 'hide', step: n } })).ok()).toBe(true);
      expect((await page.request.post('/api/admin/followup/draft/edit', { headers, data: { op: 'show', step: n } })).ok()).toBe(true);
    });
    await page.getByLabel(l.area).selectOption({ label: l.followUp });
    await page.getByRole('button', { name: l.filter, exact: true }).click();
    const hide = page.getByTestId('audit-list').locator('[data-action="followUp.hideStep"]').first();
    await expect(hide).toContainText(l.followUp);
    await expect(hide.getByRole('row').filter({ hasText: l.step }).first()).toContainText(l.hidden);
    await expect(page.getByTestId('audit-list')).not.toContainText(RAW);
    await expectNoHorizontalScroll(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/audit-${lang}-${width}.png`, fullPage: false });
  });
}

const W = {
  de: { data: 'Daten und Betrieb', inChat: 'Im Chat:', persona: 'Ich bin Aki', checkOk: 'Prüfung bestanden: Jeder sichtbare Schritt wird erreicht' },
  en: { data: 'Data and operations', inChat: 'In the chat:', persona: 'I am Aki', checkOk: 'Check passed: every shown step is reached' },
};

for (const width of [390, 1280]) {
  test(`the admin reads the script editor and the data dialog in words, not in developer terms, at ${width} px`, async ({ page, lang }) => {
    const w = W[lang];
    await page.setViewportSize({ width, height: 900 });
    await signInAdmin(page.request);
    await page.goto('/admin');
    await page.getByRole('button', { name: w.data }).click();
    const dialog = page.getByTestId('admin-db-tools');
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText(/npm|DATABASE_URL|prisma|PGlite/);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/data-${lang}-${width}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=followup');
    await expect(page.getByTestId('followup-steps')).toBeVisible();
    // The check in words, not '16 Zustände, 28 Übergänge'; the diagram without event names.
    await expect(page.getByText(w.checkOk)).toBeVisible();
    const diagram = page.getByTestId('followup-diagram');
    await expect(diagram).toBeVisible();
    await expect(diagram).not.toContainText(/[A-Z]{3,}_[A-Z]{3,}|idle|handOff|choosingCategory/);
    // A text with {persona} also reads as the chat shows it.
    await expect(page.getByTestId('followup-step-shown').first()).toContainText(w.inChat);
    await expect(page.getByTestId('followup-steps')).toContainText(w.persona);
    await expectNoHorizontalScroll(page);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/followup-${lang}-${width}.png` });
      await diagram.screenshot({ path: `${process.env.SHOTS_DIR}/diagram-${lang}-${width}.png` });
    }
  });
}
