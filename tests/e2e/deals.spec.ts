// The public successful-deals page (/erfolgreiche-deals), in German and English: deals completed through the
// real API, free-text search and category filter kept in the URL, summary figures, the empty states with
// their reset, a load failure, and 'Nachfragen' (signed out, validation, sent and e-mailed).
import type { Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, expectNoHorizontalScroll, latestMail, signUpVerified, type Lang } from './fixtures.ts';
import { completedDeal, providerAccount, uniqueToken } from './seeker-helpers.ts';

const T = {
  de: {
    title: 'akut – Erfolgreiche Deals',
    heading: 'Erfolgreiche Deals',
    categories: ['Alle', 'Auto', 'Handwerk', 'Gastronomie', 'Elektronik', 'Immobilien', 'Dienstleistungen'],
    all: 'Alle',
    auto: 'Auto',
    handwerk: 'Handwerk',
    search: 'Deals durchsuchen',
    emptyFiltered: 'Keine Deals gefunden, die deinen Filterkriterien entsprechen.',
    reset: 'Filter zurücksetzen',
    emptyNone: 'Noch keine erfolgreichen Deals verfügbar.',
    loadError: 'Erfolgreiche Deals konnten nicht geladen werden',
    anonymous: 'Anonym',
    ask: 'Nachfragen',
    email: 'Deine E-Mail-Adresse',
    message: 'Deine Nachricht',
    send: 'Anfrage senden',
    signInTitle: 'Anmeldung erforderlich',
    signInText: 'Du musst angemeldet sein, um Nachfragen zu stellen.',
    sent: 'Anfrage gesendet',
    volume: '930,00 €',
  },
  en: {
    title: 'akut – Successful deals',
    heading: 'Successful deals',
    categories: ['All', 'Cars', 'Trades & Repairs', 'Catering & Hospitality', 'Electronics', 'Real estate', 'Services'],
    all: 'All',
    auto: 'Cars',
    handwerk: 'Trades & Repairs',
    search: 'Search deals',
    emptyFiltered: 'No deals found that match your filter criteria.',
    reset: 'Reset filters',
    emptyNone: 'No successful deals available yet.',
    loadError: 'Successful deals could not be loaded',
    anonymous: 'Anonymous',
    ask: 'Ask a question',
    email: 'Your e-mail address',
    message: 'Your message',
    send: 'Send question',
    signInTitle: 'Sign-in required',
    signInText: 'You must be signed in to send questions',
    sent: 'Question sent',
    volume: '€930.00',
  },
} as const;

interface Fixture {
  token: string;
  /** Its seeker is contactable; rated 5, first name shown. */
  open: { provider: string; providerId: string; seekerEmail: string; dealId: string };
  /** Not contactable, rated 4, anonymous. */
  closed: { provider: string; dealId: string };
}

// Two completed deals per language, made once per worker (each takes a handful of API calls).
const made = new Map<Lang, Promise<Fixture>>();
function deals(lang: Lang): Promise<Fixture> {
  let p = made.get(lang);
  if (!p) {
    p = (async () => {
      const token = uniqueToken();
      const a = await providerAccount(lang, `Blitzblank ${token} Elektro`);
      const b = await providerAccount(lang, `Stromfix ${token} Service`);
      try {
        const open = await completedDeal(lang, a, {
          firstName: 'Jonas',
          price: 480,
          rating: 5,
          testimonial: 'Pünktlich, freundlich und sauber gearbeitet.',
          showFirstName: true,
          contactVisible: true,
        });
        const closed = await completedDeal(lang, b, {
          firstName: 'Greta',
          price: 450,
          rating: 4,
          testimonial: 'Gute Arbeit, etwas später als geplant.',
          showFirstName: false,
          contactVisible: false,
        });
        return {
          token,
          open: { provider: a.firmenname, providerId: a.id, seekerEmail: open.seekerEmail, dealId: open.dealId },
          closed: { provider: b.firmenname, dealId: closed.dealId },
        };
      } finally {
        await a.api.dispose();
        await b.api.dispose();
      }
    })();
    made.set(lang, p);
  }
  return p;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const cards = (page: Page) => page.getByTestId('deal-card');
const category = (page: Page, name: string) => page.getByTestId('deal-category-filter').getByRole('button', { name, exact: true });

test('shows completed deals with their figures; search and category filter live in the URL; reset', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  const f = await deals(lang);
  await page.goto('/erfolgreiche-deals');
  await expect(page).toHaveTitle(t.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
  await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
  await expect(page.getByTestId('deal-category-filter').getByRole('button')).toHaveText([...t.categories]);
  await expect(category(page, t.all)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).first()).toBeVisible();

  // Search (debounced) by the token both providers share: exactly our two deals and their figures.
  await page.getByRole('searchbox', { name: t.search }).fill(f.token);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${f.token}`));
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('summary-count')).toHaveText('2');
  await expect(page.getByTestId('summary-volume')).toHaveText(t.volume);
  await expect(page.getByTestId('summary-locations')).toHaveText('1');

  const open = page.locator(`[data-deal-id="${f.open.dealId}"]`);
  await expect(open.getByTestId('deal-category')).toHaveText(t.handwerk);
  await expect(open.getByTestId('deal-provider')).toHaveText(f.open.provider);
  await expect(open.getByTestId('deal-provider')).toHaveAttribute('href', `/anbieter/${f.open.providerId}`);
  await expect(open.getByRole('img', { name: /5/ })).toBeVisible();
  await expect(open.getByTestId('deal-customer')).toHaveText('Jonas');
  await expect(open.getByTestId('deal-location')).toHaveText('Köln');
  await expect(open.getByTestId('deal-date')).toHaveText(lang === 'de' ? /^\d{2}\.\d{2}\.\d{4}$/ : /^\d{1,2} \w{3} \d{4}$/);
  await expect(open).toContainText('Pünktlich, freundlich und sauber gearbeitet.');
  await expect(open.getByRole('button', { name: T[lang].ask })).toBeVisible();
  const closed = page.locator(`[data-deal-id="${f.closed.dealId}"]`);
  await expect(closed.getByTestId('deal-customer')).toHaveText(t.anonymous);
  await expect(closed.getByRole('button', { name: T[lang].ask })).toHaveCount(0);

  // Narrower search by one provider's name.
  await page.getByRole('searchbox', { name: t.search }).fill(f.open.provider);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByTestId('summary-count')).toHaveText('1');

  // Category filter together with the search.
  await page.getByRole('searchbox', { name: t.search }).fill(f.token);
  await expect(cards(page)).toHaveCount(2);
  await category(page, t.handwerk).click();
  await expect(page).toHaveURL(/category=handwerk/);
  await expect(cards(page)).toHaveCount(2);
  await category(page, t.auto).click();
  await expect(page).toHaveURL(/category=auto/);
  await expect(category(page, t.auto)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('deals-empty-filtered')).toContainText(t.emptyFiltered);
  await expect(page.getByTestId('summary-count')).toHaveText('0');

  // The URL keeps the filter over a reload.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: t.search })).toHaveValue(f.token);
  await expect(page.getByTestId('deals-empty-filtered')).toBeVisible();

  await page.getByRole('button', { name: t.reset }).click();
  await expect(page).toHaveURL(/\/erfolgreiche-deals$/);
  await expect(page.getByRole('searchbox', { name: t.search })).toHaveValue('');
  await expect(category(page, t.all)).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page).filter({ hasText: f.open.provider })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
});

test('without any completed deal it says so; a load failure shows the toast', async ({ page, lang }) => {
  const t = T[lang];
  // A fresh database shared with other journeys may or may not hold deals: answer this page's query as
  // the server does when there are none.
  await page.route('**/api/successful-deals*', (route) =>
    route.fulfill({ json: { deals: [], summary: { count: 0, volumeCents: 0, locations: 0 }, total: 0 } }),
  );
  await page.goto('/erfolgreiche-deals');
  await expect(page.getByTestId('deals-empty-none')).toContainText(t.emptyNone);
  await expect(page.getByRole('button', { name: t.reset })).toHaveCount(0);

  await page.unroute('**/api/successful-deals*');
  allowConsoleErrors(/500|Internal Server Error/);
  await page.route('**/api/successful-deals*', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'kaputt' } } }));
  await page.reload();
  await expect(toast(page, t.loadError)).toBeVisible();
});

test('Nachfragen: signed out asks to sign in; empty fields keep it disabled; signed in it is sent and mailed', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  const f = await deals(lang);
  await page.goto(`/erfolgreiche-deals?q=${encodeURIComponent(f.open.provider)}`);
  const card = page.locator(`[data-deal-id="${f.open.dealId}"]`);
  await card.getByRole('button', { name: t.ask }).click();
  const dialog = page.getByRole('dialog');
  const email = dialog.getByLabel(t.email);
  const message = dialog.getByLabel(t.message);
  const send = dialog.getByRole('button', { name: t.send });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(send).toBeDisabled();
  await email.fill('frage@example.com');
  await expect(send).toBeDisabled();
  await message.fill('   ');
  await expect(send).toBeDisabled();
  await message.fill(lang === 'de' ? 'Wie lange hat die Arbeit gedauert?' : 'How long did the work take?');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(toast(page, t.signInTitle)).toContainText(t.signInText);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');

  // Signed in: the e-mail field is prefilled with the account's address.
  const { email: mine } = await signUpVerified(page, 'seeker', lang);
  await page.reload();
  await card.getByRole('button', { name: t.ask }).click();
  await expect(email).toHaveValue(mine);
  await email.fill('');
  await message.fill(lang === 'de' ? 'Würdest du die Firma weiterempfehlen?' : 'Would you recommend them?');
  await expect(send).toBeDisabled();
  await email.fill(mine);
  await send.click();
  await expect(toast(page, t.sent)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The seeker of that deal chose to be reachable: the question reaches them by e-mail.
  const mail = await latestMail(f.open.seekerEmail, 'dealInquiry');
  expect(mail.text).toContain(mine);
});
