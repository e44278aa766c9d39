// The whole deal, end to end, in German and English: a provider onboards, a seeker posts a request by
// chat, the provider unlocks it and sends an offer, the seeker accepts it, both confirm; balances,
// earnings and the successful deal show correctly. Then the same deal once more through the chat only.
// Each language uses its own place and category, so the two projects never match each other's requests.
import type { Browser, Page } from '@playwright/test';
import { test, expect, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_URL, traderFor } from './e2e-env.ts';

const PLACE = {
  de: { dashboard: { postcode: '04109', city: 'Leipzig' }, chat: { postcode: '01067', city: 'Dresden' } },
  en: { dashboard: { postcode: '28195', city: 'Bremen' }, chat: { postcode: '24103', city: 'Kiel' } },
} as const;

const T = {
  de: {
    need: (plz: string, city: string) => `Mein Fernseher zeigt kein Bild mehr, ich brauche schnell eine Reparatur in ${plz} ${city}, Budget 150-300 Euro`,
    noDate: 'Kein fester Termin',
    published: /Veröffentlicht/,
    unlock: 'Details freischalten (50 Goints)',
    confirmUnlock: 'Für 50 Goints freischalten',
    createOffer: 'Angebot erstellen',
    price: 'Preis in €',
    description: 'Beschreibung',
    availability: 'Verfügbarkeit',
    sendOffer: 'Angebot senden',
    accept: 'Angebot annehmen',
    accepted: 'Angebot angenommen',
    waitProvider: 'Wartet auf Bestätigung des Anbieters',
    completed: 'Abgeschlossen',
    review: 'Deal bewerten',
    confirm: 'Bestätigen',
    showMatches: 'Anfragen zeigen',
    myOffers: 'Zeig mir meine Angebote',
    sendReview: 'Bewertung senden',
    thanks: /Danke für deine Bewertung mit 5 Sternen/,
    euro: /0,00\s€/,
  },
  en: {
    need: (plz: string, city: string) => `My TV shows no picture any more, I need a quick repair in ${plz} ${city}, budget 150-300 euros`,
    noDate: 'No fixed date',
    published: /Published/,
    unlock: 'Unlock details (50 Goints)',
    confirmUnlock: 'Unlock for 50 Goints',
    createOffer: 'Create offer',
    price: 'Price in €',
    description: 'Description',
    availability: 'Availability',
    sendOffer: 'Send offer',
    accept: 'Accept offer',
    accepted: 'Offer accepted',
    waitProvider: "Waiting for the provider's confirmation",
    completed: 'Completed',
    review: 'Rate deal',
    confirm: 'Confirm',
    showMatches: 'Show requests',
    myOffers: 'Show me my offers',
    sendReview: 'Send rating',
    thanks: /Thank you for your 5-star rating/,
    euro: /€0\.00/,
  },
} as const;

/** A second person in their own browser context (cookies, storage), in the same language; its console errors are collected. */
async function secondPage(browser: Browser, lang: Lang): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-US', baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.addInitScript((l) => {
    localStorage.setItem('i18nextLng', l);
    localStorage.setItem('akut.typing', '0');
  }, lang);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { page, errors };
}

async function onboard(page: Page, lang: Lang, firm: string, postcode: string) {
  await signUpVerified(page, 'provider', lang);
  const r = await page.request.put('/api/provider/profile', {
    data: {
      firmenname: firm,
      categories: ['elektronik'],
      postcode,
      radiusKm: 25,
      description: 'Reparatur von Fernsehern, Hi-Fi und Haushaltselektronik, schnell und zuverlässig.',
      phone: '+49 341 5550100',
      email: `service-${Date.now()}@example.com`,
      trader: traderFor(firm),
    },
    headers: { origin: E2E_URL },
  });
  expect(r.ok(), await r.text()).toBe(true);
}

/** The seeker (signed in) tells the chat the whole need, answers what is still asked, and confirms the summary. */
async function postByChat(page: Page, lang: Lang, postcode: string, city: string) {
  const l = T[lang];
  await page.goto('/search');
  // Signed in: no name question; the category step is open.
  await expect(page.getByTestId('intake-category-select')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('chat-input').fill(l.need(postcode, city));
  await page.getByTestId('chat-send').click();
  const summary = page.getByTestId('intake-summary-confirm');
  for (let i = 0; i < 4; i++) {
    const answer = page
      .getByTestId('intake-answer-noDate')
      .or(page.getByTestId('intake-answer-dringend'))
      .or(page.getByTestId('intake-answer-budgetOpen'))
      .or(summary);
    await expect(answer.first()).toBeVisible({ timeout: 15_000 });
    if (await summary.isVisible()) break;
    await answer.first().click();
  }
  await summary.click();
  await expect(page.getByTestId('intake-submitted-status')).toHaveText(l.published);
}

test('a whole deal through the dashboards', async ({ page, browser, lang }) => {
  test.setTimeout(150_000);
  const l = T[lang];
  const place = PLACE[lang].dashboard;
  await page.addInitScript(() => localStorage.setItem('akut.typing', '0'));
  const firm = `TV-Doktor ${lang.toUpperCase()} ${Date.now() % 10000}`;
  await onboard(page, lang, firm, place.postcode);
  await page.goto('/anbieter/dashboard');
  await expect(page.getByTestId('goints-balance')).toHaveText(/(^|\D)50 Goints$/);

  const { page: seeker, errors } = await secondPage(browser, lang);
  await signUpVerified(seeker, 'seeker', lang);
  await postByChat(seeker, lang, place.postcode, place.city);

  // The match reaches the provider live; unlock through the dialog; offer.
  const card = page
    .getByTestId('match-card')
    .filter({ hasText: place.city.slice(0, 3) })
    .first();
  await expect(card).toHaveAttribute('data-unlocked', 'false', { timeout: 20_000 });
  await card.getByRole('button', { name: l.unlock }).click();
  await page.getByTestId('unlock-dialog').getByRole('button', { name: l.confirmUnlock }).click();
  await expect(card).toHaveAttribute('data-unlocked', 'true');
  await expect(page.getByTestId('goints-balance')).toHaveText(/(^|\D)0 Goints$/);
  await card.getByRole('button', { name: l.createOffer }).click();
  const offer = page.getByTestId('offer-dialog');
  await offer.getByLabel(l.price).fill('220');
  await offer.getByLabel(l.description).fill('Fehlersuche und Reparatur des Netzteils, Abholung und Lieferung inklusive.');
  await offer.getByLabel(l.availability).fill(lang === 'de' ? 'Morgen' : 'Tomorrow');
  await offer.getByRole('button', { name: l.sendOffer }).click();
  await expect(card.getByTestId('offer-status')).toBeVisible();

  // The seeker accepts the best offer and confirms the deal.
  await seeker.goto('/suchende-dashboard?tab=best');
  const best = seeker.getByTestId('offer-card').filter({ hasText: firm });
  await expect(best).toBeVisible({ timeout: 15_000 });
  await best.getByRole('button', { name: l.accept }).click();
  await seeker.getByTestId('accept-offer-confirm').click();
  await expect(seeker.locator('[data-sonner-toast]').filter({ hasText: l.accepted })).toBeVisible();
  await best.getByTestId('confirm-deal').click();
  await expect(best).toContainText(l.waitProvider);

  // The provider confirms: the deal is completed on both sides (live).
  await expect(card.getByTestId('confirm-deal')).toBeVisible({ timeout: 15_000 });
  await card.getByTestId('confirm-deal').click();
  await expect(card.getByTestId('match-deal')).toContainText(l.completed);
  await expect(best).toContainText(l.completed, { timeout: 15_000 });

  // 50 Goints in escrow, all of them the provider's welcome bonus: promotional Goints never become the
  // seeker's earnings (decision 019). The seeker rates the deal.
  await seeker.reload();
  await expect(seeker.getByTestId('stat-points')).toContainText('0');
  await expect(seeker.getByTestId('stat-points-euro')).toContainText(l.euro);
  await best.getByRole('button', { name: l.review }).click();
  const dialog = seeker.getByTestId('review-dialog');
  await dialog.getByTestId('star-5').check({ force: true });
  await dialog.getByRole('textbox').fill(lang === 'de' ? 'Am nächsten Tag repariert, top!' : 'Repaired the next day, great!');
  await dialog.getByTestId('review-submit').click();
  await expect(best.getByTestId('deal-reviewed')).toBeVisible();

  // The successful deal is public.
  await seeker.goto(`/erfolgreiche-deals?q=${encodeURIComponent(firm)}`);
  const deal = seeker.getByTestId('deal-card').filter({ hasText: firm });
  await expect(deal).toBeVisible();
  await expect(deal.getByTestId('deal-value')).toHaveText(lang === 'de' ? /220,00\s€|220\s€/ : /€220(\.00)?/);
  await expect(deal.getByTestId('deal-location')).toContainText(place.city);
  expect(errors, "console errors in the seeker's browser").toEqual([]);
  await seeker.context().close();
});

test('the same deal once more through the chat only', async ({ page, browser, lang }) => {
  test.setTimeout(150_000);
  const l = T[lang];
  const place = PLACE[lang].chat;
  await page.addInitScript(() => localStorage.setItem('akut.typing', '0'));
  const firm = `Chat-Service ${lang.toUpperCase()} ${Date.now() % 10000}`;
  await onboard(page, lang, firm, place.postcode);

  const { page: seeker, errors } = await secondPage(browser, lang);
  await signUpVerified(seeker, 'seeker', lang);
  await postByChat(seeker, lang, place.postcode, place.city);

  // Provider: the greeting's choice shows the matches; unlock with the confirm card; the offer form.
  await page.goto('/search');
  await page.getByTestId('chat-option-showMatches').click();
  const match = page
    .getByTestId('chat-match')
    .filter({ hasText: place.city.slice(0, 3) })
    .last();
  await expect(match).toHaveAttribute('data-unlocked', 'false', { timeout: 15_000 });
  await match.getByTestId('chat-unlock').click();
  const confirmUnlock = page.getByTestId('chat-confirm').last();
  await expect(confirmUnlock).toContainText('50 Goints');
  await confirmUnlock.getByTestId('chat-confirm-accept').click();
  const unlocked = page.getByTestId('chat-unlocked').last();
  await expect(unlocked.getByTestId('chat-match')).toHaveAttribute('data-unlocked', 'true');
  await unlocked.getByTestId('chat-start-offer').click();
  const form = page.getByTestId('chat-offer-form');
  await form.getByTestId('chat-offer-price').fill('180');
  await form.getByTestId('chat-offer-availability').fill(lang === 'de' ? 'Heute Nachmittag' : 'This afternoon');
  await form.getByTestId('chat-offer-description').fill(lang === 'de' ? 'Reparatur vor Ort, Ersatzteile inklusive.' : 'Repair on site, parts included.');
  await form.getByTestId('chat-offer-send').click();
  await expect(page.getByTestId('chat-messages')).toContainText(lang === 'de' ? 'ist verschickt' : 'has been sent');

  // Seeker: the offers by chat; accept with the confirm card.
  const input = seeker.getByTestId('chat-input');
  await input.fill(l.myOffers);
  await seeker.getByTestId('chat-send').click();
  const chatOffer = seeker.getByTestId('chat-offer').filter({ hasText: firm }).last();
  await expect(chatOffer).toBeVisible({ timeout: 15_000 });
  await chatOffer.getByTestId('chat-accept-offer').click();
  await seeker.getByTestId('chat-confirm').last().getByTestId('chat-confirm-accept').click();
  await expect(seeker.getByTestId('chat-confirm').last()).toHaveAttribute('data-status', 'confirmed');

  // Both confirm the deal by chat, each with the confirm card.
  await input.fill(l.myOffers);
  await seeker.getByTestId('chat-send').click();
  await seeker.getByTestId('chat-offer').filter({ hasText: firm }).last().getByTestId('chat-confirm-deal').click();
  await seeker.getByTestId('chat-confirm').last().getByTestId('chat-confirm-accept').click();
  await expect(seeker.getByTestId('chat-confirm').last()).toHaveAttribute('data-status', 'confirmed');
  await page.getByTestId('chat-input').fill(l.showMatches);
  await page.getByTestId('chat-send').click();
  await page
    .getByTestId('chat-match')
    .filter({ hasText: place.city.slice(0, 3) })
    .last()
    .getByTestId('chat-confirm-deal')
    .click();
  await page.getByTestId('chat-confirm').last().getByTestId('chat-confirm-accept').click();
  await expect(page.getByTestId('chat-confirm').last()).toHaveAttribute('data-status', 'confirmed');

  // The seeker rates it in the chat's form; no earnings from welcome-bonus Goints.
  await input.fill(l.myOffers);
  await seeker.getByTestId('chat-send').click();
  const review = seeker.getByTestId('chat-review-form').last();
  // The form takes input once the reply is complete.
  await expect(review.getByTestId('chat-review-send')).toBeEnabled();
  await review.locator('label', { has: seeker.getByTestId('star-5') }).click();
  await expect(review.getByTestId('star-5')).toBeChecked();
  await review.getByTestId('chat-review-text').fill(lang === 'de' ? 'Schnell und freundlich.' : 'Quick and friendly.');
  await review.getByTestId('chat-review-send').click();
  await expect(seeker.getByTestId('chat-messages')).toContainText(l.thanks);
  const wallet = (await (await seeker.request.get('/api/wallet')).json()) as { earnings: { goints: number; cents: number } };
  expect(wallet.earnings).toEqual({ goints: 0, cents: 0 });
  const providerWallet = (await (await page.request.get('/api/wallet')).json()) as { goints: number };
  expect(providerWallet.goints).toBe(0);
  expect(errors, "console errors in the seeker's browser").toEqual([]);
  await seeker.context().close();
});
