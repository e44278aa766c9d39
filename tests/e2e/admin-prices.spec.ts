// The price list sets unlock prices (decision 032): the admin changes the Beauty price to 8 € in the tab
// 'Preisliste verwalten', and a provider's next Beauty unlock costs 80 Goints in the dashboard while the
// unlock paid before the change stays at 50. Beauty is a category no other browser test uses, so the specs
// that count on the default 50 Goints (Handwerk requests) never see the change. The price is shared by the
// two languages take turns, and the price is set back to the default at the end.
import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect, exclusive, signInAdmin, type Lang } from './fixtures.ts';
import { E2E_PASSWORD, E2E_URL } from './e2e-env.ts';
import { onboardedProvider, postRequestThroughChat, unlockAtQuotedPrice } from './market-helpers.ts';

const BEAUTY_REQUEST: Record<Lang, string> = {
  de: 'Ich brauche dringend eine Kosmetikerin in 50667 Köln für eine Wimpernverlängerung, Budget 100-150 Euro',
  en: 'I urgently need a beautician in 50667 Köln for eyelash extensions, budget 100-150 euros',
};

const T = {
  de: {
    tab: 'Preisliste',
    title: 'Preisliste verwalten',
    add: 'Eintrag hinzufügen',
    preview: 'Eine Freischaltung kostet 80 Goints.',
    saved: 'Preis-Eintrag hinzugefügt',
    base: '8,00 €',
    unlockButton: 'Details freischalten (80 Goints)',
    confirmUnlock: 'Für 80 Goints freischalten',
    tooLow: 'Bitte gib einen Grundpreis zwischen 0,10 € und 500 € in Schritten von 0,10 € ein.',
  },
  en: {
    tab: 'Price list',
    title: 'Manage price list',
    add: 'Add entry',
    preview: 'An unlock costs 80 Goints.',
    saved: 'Price entry added',
    base: '€8.00',
    unlockButton: 'Unlock details (80 Goints)',
    confirmUnlock: 'Unlock for 80 Goints',
    tooLow: 'Please enter a base price between €0.10 and €500 in steps of €0.10.',
  },
} as const;

/** '1.000 Goints' (de) / '1,000 Goints' (en), as the Goints amount shows it. */
const gointsOf = (lang: Lang) => (n: number) => new RegExp(`(^|\\D)${n.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB').replace(/[.,]/g, '\\$&')} Goints$`);

interface Entry {
  id: string;
  industryCategory: string;
  serviceType: string;
}

/** Removes the Beauty entry (back to the default 5 € / 50 Goints). */
async function resetBeauty(api: APIRequestContext) {
  const list = (await (await api.get('/api/admin/prices')).json()) as { entries: Entry[] };
  for (const e of list.entries.filter((x) => x.industryCategory === 'beauty' && x.serviceType === '')) {
    const r = await api.delete(`/api/admin/prices/${e.id}`, { headers: { origin: E2E_URL } });
    expect(r.ok(), await r.text()).toBe(true);
  }
}

/** A browser window signed in as the provider; fails on console errors like the fixture. */
async function providerWindow(browser: Browser, lang: Lang, email: string) {
  const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB', baseURL: E2E_URL });
  await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  const s = await context.request.post('/api/auth/sign-in/email', { headers: { origin: E2E_URL }, data: { email, password: E2E_PASSWORD } });
  expect(s.ok(), await s.text()).toBe(true);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

test('the admin sets Beauty to 8 €: the next Beauty unlock costs 80 Goints, the earlier one stays at 50', async ({ page, browser, lang }) => {
  test.setTimeout(180_000);
  const l = T[lang];
  const goints = gointsOf(lang);
  // Made before the price changes hands: a provider with Goints from the test checkout, two Beauty requests.
  const provider = await onboardedProvider(lang, { categories: ['beauty'] });
  const checkout = await provider.api.post('/api/shop/checkout', { data: { packageId: 'small' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { purchaseId } = (await checkout.json()) as { purchaseId: string };
  expect((await provider.api.post(`/api/shop/test-checkout/${purchaseId}/pay`)).ok()).toBe(true);
  const first = await postRequestThroughChat(lang, { text: BEAUTY_REQUEST[lang] });
  const second = await postRequestThroughChat(lang, { text: BEAUTY_REQUEST[lang] });
  await signInAdmin(page.request);

  await exclusive('beauty-price', async () => {
    await resetBeauty(page.request);
    try {
      // Before the change: the default price.
      const early = await unlockAtQuotedPrice(provider.api, first.requestId);
      expect(early.ok(), await early.text()).toBe(true);

      await page.goto('/admin');
      await page.getByTestId('admin-tab-preise').click();
      await expect(page).toHaveURL(/\/admin(\/preise|\?tab=preise)/);
      await expect(page.getByRole('heading', { name: l.title })).toBeVisible();
      await expect(page.getByTestId('current-price-beauty')).toContainText('50 Goints');

      await page.getByRole('button', { name: l.add }).click();
      const dialog = page.getByTestId('price-dialog');
      await dialog.getByTestId('price-industryCategory').selectOption('beauty');
      // A price the list does not allow is refused in words, and nothing is saved.
      await dialog.getByTestId('price-basePrice').fill('8,05');
      await dialog.getByTestId('price-save').click();
      await expect(dialog.getByTestId('price-error')).toHaveText(l.tooLow);
      await dialog.getByTestId('price-basePrice').fill(lang === 'de' ? '8' : '8.00');
      await expect(dialog.getByTestId('price-preview')).toHaveText(l.preview);
      await dialog.getByTestId('price-save').click();
      await expect(page.getByText(l.saved)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const row = page.getByTestId('price-row-beauty');
      await expect(row.getByTestId('price-base')).toHaveText(l.base);
      await expect(row.getByTestId('price-goints')).toHaveText('80 Goints');
      await expect(page.getByTestId('current-price-beauty')).toContainText('80 Goints');

      // The provider's dashboard: the new request costs 80, the one unlocked before stays unlocked.
      const p = await providerWindow(browser, lang, provider.email);
      try {
        await p.page.goto('/anbieter/dashboard');
        await expect(p.page.getByTestId('goints-balance')).toHaveText(goints(1000));
        const card = (id: string) => p.page.locator(`[data-testid="match-card"][data-request-id="${id}"]`);
        await expect(card(first.requestId)).toHaveAttribute('data-unlocked', 'true');
        const next = card(second.requestId);
        await expect(next).toHaveAttribute('data-unlocked', 'false');
        await next.getByRole('button', { name: l.unlockButton }).click();
        const unlock = p.page.getByTestId('unlock-dialog');
        await expect(unlock.getByTestId('unlock-price')).toHaveText(goints(80));
        await unlock.getByRole('button', { name: l.confirmUnlock }).click();
        await expect(unlock).toHaveCount(0);
        await expect(card(second.requestId)).toHaveAttribute('data-unlocked', 'true');
        await expect(p.page.getByTestId('goints-balance')).toHaveText(goints(920));
        expect(p.errors, 'console errors in the provider window').toEqual([]);
      } finally {
        await p.close();
      }

      // The ledger: each unlock at its own price.
      const wallet = (await (await provider.api.get('/api/wallet')).json()) as { movements: { kind: string; goints: number; reference: string | null }[] };
      const paid = (id: string) => wallet.movements.filter((m) => m.kind === 'unlock' && m.reference === id).reduce((s, m) => s + m.goints, 0);
      expect(paid(first.requestId)).toBe(-50);
      expect(paid(second.requestId)).toBe(-80);
    } finally {
      await resetBeauty(page.request);
    }
  });
  await provider.api.dispose();
});
