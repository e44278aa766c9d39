// The admin's commission plan in the browser: the limits are checked as the admin types (translated), the
// worked example follows the edits live, a preset fills the form, saving changes what /affiliate shows, and
// the history names who changed it. The plan is shared by both language projects: they take turns and the
// default plan is put back at the end.
import { test, expect, adminWindow, exclusive, expectNoHorizontalScroll } from './fixtures.ts';
import { E2E_ADMIN, E2E_URL } from './e2e-env.ts';

const words = {
  de: {
    title: '10-Ebenen-Provisionssystem',
    tab: 'Provisionssystem',
    saved: 'Provisionsplan gespeichert',
    levelTooHigh: 'höchstens 100 % des Topfs erhalten',
    sumTooHigh: 'zusammen höchstens 100 % des Topfs',
    poolTooHigh: 'höchstens 50 % der Plattform-Einnahmen',
    number: 'Bitte eine Zahl',
    example2: '3,00 €',
    exampleTotal: '20,00 €',
    exampleTwo1: '15,00 €',
  },
  en: {
    title: '10-level commission system',
    tab: 'Commission system',
    saved: 'Commission plan saved',
    levelTooHigh: 'at most 100% of the pool',
    sumTooHigh: 'together may add up to at most 100% of the pool',
    poolTooHigh: 'at most 50% of the platform revenue',
    number: 'Please enter a number',
    example2: '€3.00',
    exampleTotal: '€20.00',
    exampleTwo1: '€15.00',
  },
};

const share = (bp: number, lang: 'de' | 'en') =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);

test('the admin edits the commission plan with live checks and example, and /affiliate shows it', async ({ page, lang, browser }, testInfo) => {
  const w = words[lang];
  const admin = await adminWindow(browser, lang);
  try {
    await exclusive('commission-plan', async () => {
      const a = admin.page;
      await a.setViewportSize({ width: 1280, height: 900 });
      await a.goto('/admin?tab=provision');
      await expect(a.getByTestId('admin-tab-provision')).toHaveText(w.tab);
      await expect(a.getByRole('heading', { name: w.title })).toBeVisible();
      await expect(a.getByTestId('commission-preset-ten_levels')).toHaveAttribute('aria-pressed', 'true');
      const level2 = a.getByTestId('commission-level-2');
      await expect(level2).toHaveValue('20');
      await expect(a.getByTestId('commission-example-total')).toHaveText(w.exampleTotal);

      // The server's limits, checked while typing, in the page's language; nothing can be saved.
      await level2.fill('150');
      await expect(a.getByTestId('commission-error').first()).toContainText(w.levelTooHigh);
      await expect(a.getByTestId('commission-save')).toBeDisabled();
      await level2.fill('70');
      await expect(a.getByTestId('commission-error')).toContainText(w.sumTooHigh);
      await expect(a.getByTestId('commission-save')).toBeDisabled();
      await level2.fill('zwanzig');
      await expect(a.getByTestId('commission-error')).toContainText(w.number);
      await a.getByTestId('commission-pool').fill('60');
      await expect(a.getByTestId('commission-error').first()).toContainText(w.poolTooHigh);
      await a.getByTestId('commission-pool').fill('20');

      // The worked example follows the edit: 100 € × 20 % pool × 15 % = 3 €.
      await level2.fill('15');
      await expect(a.getByTestId('commission-example-2')).toContainText(w.example2);
      await expect(a.getByTestId('commission-sum')).toBeVisible();
      await a.screenshot({ path: testInfo.outputPath(`admin-provision-1280-${lang}.png`), fullPage: true });
      await a.getByTestId('commission-save').click();
      await expect(a.getByText(w.saved)).toBeVisible();
      const latest = a.getByTestId('commission-history-entry').first();
      await expect(latest).toContainText(E2E_ADMIN.email);
      await expect(latest).toContainText('15');

      // The partners' page shows the plan in force: level 2 now gets 20 % × 15 % = 3 % of platform revenue.
      await page.goto('/affiliate');
      await expect(page.getByTestId('plan-level-2')).toContainText(share(300, lang));
      await expect(page.getByTestId('plan-level-1')).toContainText(share(800, lang));

      // A preset fills the form; saved, the partners see two levels.
      await a.getByTestId('commission-preset-two_levels').click();
      await expect(a.getByTestId('commission-level-1')).toHaveValue('75');
      await expect(a.getByTestId('commission-level-3')).toHaveValue('0');
      await expect(a.getByTestId('commission-example-1')).toContainText(w.exampleTwo1);
      await a.getByTestId('commission-save').click();
      await expect(a.getByText(w.saved).first()).toBeVisible();
      await expect(a.getByTestId('commission-preset-two_levels')).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(page.getByTestId('plan-level-2')).toContainText(share(500, lang));
      await expect(page.getByTestId('plan-level-3')).toHaveCount(0);

      // Phones: the form fits.
      await a.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalScroll(a);
      await a.screenshot({ path: testInfo.outputPath(`admin-provision-390-${lang}.png`), fullPage: true });

      // Back to the default plan, through the same screen.
      await a.getByTestId('commission-preset-ten_levels').click();
      await a.getByTestId('commission-save').click();
      await expect(a.getByTestId('commission-preset-ten_levels')).toHaveAttribute('aria-pressed', 'true');
      await expect(a.getByTestId('commission-history-entry').first()).toContainText('40');
      await expect(a.getByTestId('commission-save')).toBeDisabled();
    });
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});

const chatWords = {
  de: { say: 'Setze Ebene 2 auf 15 %', subject: 'Provisionsplan', row: 'Ebene 2 (Anteil am Topf)', before: '20 %', after: '15 %' },
  en: { say: 'set level 2 to 15%', subject: 'Commission plan', row: 'Level 2 (share of the pool)', before: '20%', after: '15%' },
};

test('by chat the admin sees the level change as a before/after card and it applies only on the click', async ({ lang, browser }, testInfo) => {
  const w = chatWords[lang];
  const admin = await adminWindow(browser, lang);
  try {
    await exclusive('commission-plan', async () => {
      const a = admin.page;
      await a.goto('/search');
      await expect(a.getByTestId('chat-input')).toBeEnabled({ timeout: 15_000 });
      await a.getByTestId('chat-input').fill(w.say);
      await a.getByTestId('chat-send').click();
      const card = a.getByTestId('chat-confirm').last();
      const change = card.getByTestId('chat-change');
      await expect(change).toContainText(w.subject);
      const row = change.getByRole('row', { name: new RegExp(w.row.replace(/[()]/g, '\\$&')) });
      await expect(row).toContainText(w.before);
      await expect(row).toContainText(w.after);
      await a.screenshot({ path: testInfo.outputPath(`admin-chat-plan-${lang}.png`) });
      // Nothing changed before the click.
      const plan = async () => (await (await a.request.get('/api/affiliate/plan')).json()) as { levelsBp: number[] };
      expect((await plan()).levelsBp[1]).toBe(2000);
      await card.getByTestId('chat-confirm-accept').click();
      await expect(card).toHaveAttribute('data-status', 'confirmed');
      expect((await plan()).levelsBp[1]).toBe(1500);
      // Back to the default plan.
      expect((await a.request.put('/api/admin/affiliate/plan', { data: { preset: 'ten_levels' }, headers: { origin: E2E_URL } })).ok()).toBe(true);
    });
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});
