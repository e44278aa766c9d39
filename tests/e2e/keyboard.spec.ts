// Keyboard only (issue 25, WCAG 2.1.1, 2.1.2, 2.4.1, 2.4.3, 2.4.7): whole journeys done with Tab, Shift+Tab,
// Enter, Space, Escape and typing, no mouse click. Every element the keyboard passes shows its focus; the first Tab
// reaches the skip link, which moves the focus to the main content; a dialog keeps the focus inside while open
// and gives it back when closed; the floating chat gives it back to its open button.
// - a seeker writes a request in the chat and confirms it;
// - a provider unlocks a request (after trying the dialog's trap and Escape) and sends an offer;
// - an admin decides a report.
import type { Locator, Page } from '@playwright/test';
import { test, expect, signInAdmin, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import { focusInside, focusIsVisible, tabTo } from './a11y-helpers.ts';
import { onboardedProvider, postRequestThroughChat, providerWithProfile } from './market-helpers.ts';
import { uniqueToken } from './seeker-helpers.ts';

const T = {
  de: {
    skip: 'Zum Inhalt springen',
    need: 'Ich brauche dringend einen Elektriker in 50667 Köln, Budget 300-500 Euro',
    followUps: ['Kein fester Termin', 'Dringend', 'Budget offen'],
  },
  en: {
    skip: 'Skip to main content',
    need: 'I urgently need an electrician in 50667 Köln, budget 300-500 euros',
    followUps: ['No fixed date', 'Urgent', 'Budget open'],
  },
};

const RUNNING = /^(Einen Moment|One moment) …$/m;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

/** The first Tab on a fresh page reaches the skip link; Enter puts the focus on the main content. */
async function skipToMain(page: Page, lang: Lang) {
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expect(skip).toHaveText(T[lang].skip);
  expect(await focusIsVisible(page)).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#inhalt')).toBeFocused();
}

/** While the dialog is open, Tab and Shift+Tab (each more often than it has stops) keep the focus inside it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  expect(await focusInside(dialog), 'the focus moved into the dialog').toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key);
      expect(await focusInside(dialog), `${key} × ${i + 1} stays in the dialog`).toBe(true);
      expect(await focusIsVisible(page)).toBe(true);
    }
  }
}

for (const width of [390, 1280]) {
  test(`seeker, keyboard only (${width} px): skip link, the chat opened and closed, a request written and confirmed`, async ({ page, lang }) => {
    test.setTimeout(180_000);
    const l = T[lang];
    await page.setViewportSize({ width, height: 900 });
    await signUpVerified(page, 'seeker', lang);
    await page.goto('/suchende-dashboard');
    await page.waitForLoadState('networkidle');
    await skipToMain(page, lang);

    // The floating chat: reached by Tab, opened with Enter (the focus goes to its field), closed with Escape
    // (the focus comes back to its button).
    const open = page.getByTestId('chat-open');
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(open).toBeFocused();

    // The request: written on the request page's chat, confirmed with the card's button.
    await page.goto('/search');
    await page.waitForLoadState('networkidle');
    await skipToMain(page, lang);
    const input = page.getByTestId('chat-input');
    await tabTo(page, input);
    const assistant = page.getByTestId('chat-messages').locator('[data-role="assistant"]');
    // The summary card's 'Anfrage absenden' / 'Submit request' (the newest card's).
    const confirm = () => page.getByTestId('chat-messages').getByTestId('intake-summary-confirm').last();
    const say = async (text: string) => {
      const before = await assistant.count();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST', { timeout: 30_000 });
      await expect(input).toBeFocused();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await (await answered).finished();
      await expect.poll(() => assistant.count(), { timeout: 20_000 }).toBeGreaterThan(before);
      await expect(assistant.last()).not.toContainText(RUNNING);
    };
    await say(l.need);
    for (const answer of l.followUps) {
      if (await confirm().count()) break;
      // The field keeps the focus after sending; the next answer is typed straight away.
      await expect(input).toBeEnabled();
      await say(answer);
    }
    await expect(confirm()).toBeVisible();
    // The card's button is above the field: Shift+Tab back to it, Space presses it.
    await expect(input).toBeEnabled();
    await tabTo(page, confirm(), { back: true, max: 30 });
    await page.keyboard.press('Space');
    await expect
      .poll(async () => ((await (await page.request.get('/api/seeker/dashboard')).json()) as { requests: unknown[] }).requests.length, { timeout: 20_000 })
      .toBe(1);
  });
}

test('provider, keyboard only: a request unlocked (dialog trap, Escape, focus returned) and an offer sent', async ({ page, lang }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await providerWithProfile(page, lang);
  const { requestId } = await postRequestThroughChat(lang);
  await page.goto('/anbieter/dashboard');
  await page.waitForLoadState('networkidle');
  const card = page.locator(`[data-testid="match-card"][data-request-id="${requestId}"]`);
  await expect(card).toHaveAttribute('data-unlocked', 'false');
  await skipToMain(page, lang);

  const unlock = card.getByTestId('unlock-match');
  await tabTo(page, unlock);
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('unlock-dialog');
  await expect(dialog.getByTestId('unlock-confirm')).toBeEnabled();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(unlock, 'the focus is back on the button that opened the dialog').toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('unlock-confirm')).toBeEnabled();
  await tabTo(page, dialog.getByTestId('unlock-confirm'), { max: 12 });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveAttribute('data-unlocked', 'true');

  // The unlock button is gone with the dialog: the focus is on the main content, and Tab goes on from there.
  const create = card.getByTestId('create-offer');
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const offer = page.getByTestId('offer-dialog');
  await expect(offer).toBeVisible();
  expect(await focusInside(offer)).toBe(true);
  await tabTo(page, offer.locator('#offer-price'), { max: 12 });
  await page.keyboard.type('450');
  await page.keyboard.press('Tab');
  await expect(offer.locator('#offer-beschreibung')).toBeFocused();
  await page.keyboard.type('Drei Steckdosen tauschen inklusive Material und Anfahrt.');
  await page.keyboard.press('Tab');
  await expect(offer.locator('#offer-verfuegbarkeit')).toBeFocused();
  await page.keyboard.type(lang === 'de' ? 'ab morgen' : 'from tomorrow');
  // Enter in a field sends the form.
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  await expect(card.getByTestId('offer-price')).toContainText('450');
  await expect(card.getByTestId('create-offer')).toHaveCount(0);
});

test('admin, keyboard only: a report decided (radio by arrow key, reason typed, sent with Enter)', async ({ page, lang }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const provider = await onboardedProvider(lang, { firmenname: `Tastatur ${lang.toUpperCase()} ${uniqueToken()}` });
  const r = await page.request.post('/api/reports', {
    headers: { origin: E2E_URL },
    data: {
      contentType: 'provider',
      contentId: provider.id,
      ground: 'terms',
      category: 'fake',
      explanation: `Tastatur-Meldung ${provider.firmenname}: die Firma gibt es nicht.`,
      goodFaith: true,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  await provider.api.dispose();
  await signInAdmin(page.request);
  await page.goto('/admin?tab=reports');
  await page.waitForLoadState('networkidle');
  const card = page.getByTestId('admin-report').filter({ hasText: provider.firmenname });
  await expect(card).toBeVisible();
  await skipToMain(page, lang);

  const decide = card.getByTestId('report-decide');
  await tabTo(page, decide, { max: 200 });
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('report-decide-dialog');
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(decide).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // The decisions are one radio group: Tab to it, arrow keys to 'keep' (the last), which needs no provision.
  // (Tab stops on the checked one, 'remove', the first.)
  await tabTo(page, dialog.getByTestId('report-decision-remove'), { max: 12 });
  const keep = dialog.getByTestId('report-decision-keep');
  for (let i = 0; i < 4 && !(await keep.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(keep).toBeChecked();
  await tabTo(page, dialog.getByTestId('report-decision-reason'), { max: 6 });
  await page.keyboard.type('Die Angaben im Impressum stimmen mit dem Handelsregister überein; die Seite bleibt.');
  await tabTo(page, dialog.getByTestId('report-decision-submit'), { max: 4 });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Decided, the card leaves the open list with its button: the focus goes to the tab, not the page's start.
  await expect(page.getByTestId('admin-report').filter({ hasText: provider.firmenname })).toHaveCount(0);
  await expect(page.getByTestId('admin-reports')).toBeFocused();
});
