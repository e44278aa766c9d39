// The chat shows a person's own data as cards, in German and English on a phone (390 px): a seeker's deals
// (value, the other side, who must confirm, 'Bestätigen' that runs through the confirm card), requests, all
// offers, payout methods (IBAN masked), payouts and favourites; a provider's profile, deals, Goints purchases
// with the receipt link and trade documents. Each asked for in the chat like a person would.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_URL, traderFor } from './e2e-env.ts';
import { apiAccount, providerAccount, providerConfirms, requestByChat, uniqueToken, unlockAndOffer } from './seeker-helpers.ts';

const WRITE = { origin: E2E_URL };

const T = {
  de: {
    deals: 'Zeig meine Deals',
    requests: 'Zeig meine Anfragen',
    offers: 'Zeig mir alle Angebote',
    methods: 'Zeig meine Auszahlungsmethoden',
    payouts: 'Status meiner Auszahlungen',
    favorites: 'Zeig meine Favoriten',
    profile: 'Zeig mein Profil',
    purchases: 'Zeig meine Käufe',
    documents: 'Zeig meine Nachweise',
    urgent: 'Zeig mir nur dringende Anfragen',
    filtered: 'Gefiltert: nur dringende',
    value: /^240,00\s€$/,
    yourTurn: 'Wartet auf deine Bestätigung',
    offers1: '1 Angebot',
    noPayouts: 'Du hast noch keine Auszahlung beantragt.',
    bank: 'Bankkonto',
    area: '50667 Köln, Umkreis 50 km',
    matchesOn: 'an',
    noMinBudget: 'keins',
    notVerified: 'Noch nicht verifiziert.',
    price: /^100,00\s€$/,
    receipt: /^Quittung /,
    noDocuments: 'Noch kein Nachweis hochgeladen.',
  },
  en: {
    deals: 'Show my deals',
    requests: 'Show my requests',
    offers: 'Show me all offers',
    methods: 'Show my payout methods',
    payouts: 'Status of my payouts',
    favorites: 'Show my favourites',
    profile: 'Show my profile',
    purchases: 'Show my purchases',
    documents: 'Show my documents',
    urgent: 'Show me only urgent requests',
    filtered: 'Filtered: urgent only',
    value: /^€240\.00$/,
    yourTurn: 'Waiting for your confirmation',
    offers1: '1 offer',
    noPayouts: 'You have not requested a payout yet.',
    bank: 'Bank account',
    area: '50667 Köln, radius 50 km',
    matchesOn: 'on',
    noMinBudget: 'none',
    notVerified: 'Not verified yet.',
    price: /^€100\.00$/,
    receipt: /^Receipt /,
    noDocuments: 'No document uploaded yet.',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

test.use({ viewport: { width: 390, height: 844 } });

async function say(page: Page, text: string) {
  await page.getByTestId('chat-input').fill(text);
  await page.getByTestId('chat-send').click();
}

async function shoot(page: Page, lang: Lang, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${lang}.png`) });
}

test('a seeker asks the chat for deals, requests, offers, payout methods, payouts and favourites, and confirms a deal from its card', async ({
  page,
  lang,
}) => {
  test.setTimeout(180_000);
  const l = T[lang];
  await page.addInitScript(() => localStorage.setItem('akut.typing', '0'));
  await signUpVerified(page, 'seeker', lang);
  const { requestId } = await requestByChat(page.request, lang, 'Sam');
  const firm = `Renderer ${lang.toUpperCase()} ${uniqueToken()}`;
  const provider = await providerAccount(lang, firm);
  const offerId = await unlockAndOffer(provider, requestId, {
    price: 240,
    beschreibung: 'Austausch der Steckdosen im Bad.',
    verfuegbarkeit: 'Morgen ab 8 Uhr',
  });
  const accepted = await page.request.post(`/api/seeker/offers/${offerId}/accept`, { headers: WRITE });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { dealId } = (await accepted.json()) as { dealId: string };
  await providerConfirms(provider, dealId);
  const method = await page.request.post('/api/payout-methods', {
    headers: WRITE,
    data: { type: 'bank', iban: 'DE89 3704 0044 0532 0130 00', accountHolder: 'Sam Seeker' },
  });
  expect(method.ok(), await method.text()).toBe(true);
  const favorite = await page.request.put(`/api/favorites/${provider.id}`, { headers: WRITE });
  expect(favorite.ok(), await favorite.text()).toBe(true);
  await provider.api.dispose();

  await page.goto('/search');

  // Deals: value, the provider, whose turn it is; 'Bestätigen' opens the confirm card, which confirms.
  await say(page, l.deals);
  const deal = page
    .getByTestId('chat-deals')
    .last()
    .locator(`[data-testid="chat-deal"][data-ref="${dealId.slice(0, 6)}"]`);
  await expect(deal.getByTestId('chat-deal-value')).toHaveText(l.value);
  await expect(deal.getByTestId('chat-deal-counterpart')).toContainText(firm);
  await expect(deal.getByTestId('chat-deal-status')).toHaveText(l.yourTurn);
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'seeker-deals');
  await deal.getByTestId('chat-deal-confirm').click();
  const confirm = page.getByTestId('chat-confirm').last();
  await expect(confirm).toContainText(firm);
  await confirm.getByTestId('chat-confirm-accept').click();
  await expect(confirm).toHaveAttribute('data-status', 'confirmed');

  // Requests: the open request with its one offer.
  await say(page, l.requests);
  const request = page
    .getByTestId('chat-my-requests')
    .last()
    .locator(`[data-testid="chat-my-request"][data-ref="${requestId.slice(0, 6)}"]`);
  await expect(request.getByTestId('chat-my-request-offers')).toHaveText(l.offers1);
  await shoot(page, lang, 'seeker-requests');

  // All offers: the existing offer card, with the deal on it.
  await say(page, l.offers);
  await expect(page.getByTestId('chat-offer').filter({ hasText: firm }).last()).toBeVisible();

  // Payout methods: the IBAN masked to its last four digits, never in full.
  await say(page, l.methods);
  const methods = page.getByTestId('chat-payout-methods').last();
  await expect(methods.getByTestId('chat-payout-method-label')).toHaveText('IBAN •••• 3000');
  await expect(methods).toContainText(l.bank);
  await expect(methods).not.toContainText('0532 0130');
  await shoot(page, lang, 'seeker-payout-methods');

  // Payouts: none yet.
  await say(page, l.payouts);
  await expect(page.getByTestId('chat-payouts').last()).toContainText(l.noPayouts);

  // Favourites: the provider, linked to its public page.
  await say(page, l.favorites);
  const fav = page.getByTestId('chat-favorites').last().getByTestId('chat-favorite');
  await expect(fav).toHaveCount(1);
  await expect(fav.getByRole('link', { name: firm })).toHaveAttribute('href', `/anbieter/${provider.id}`);
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'seeker-favorites');
  // The same cards on a desktop.
  await page.setViewportSize({ width: 1280, height: 900 });
  await say(page, l.deals);
  await expect(page.getByTestId('chat-deals').last().getByTestId('chat-deal')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'seeker-deals-1280');
});

test('a provider asks the chat for the profile, deals, Goints purchases with the receipt, and trade documents', async ({ page, lang }) => {
  test.setTimeout(180_000);
  const l = T[lang];
  await page.addInitScript(() => localStorage.setItem('akut.typing', '0'));
  const { email } = await signUpVerified(page, 'provider', lang);
  const firm = `Profil ${lang.toUpperCase()} ${uniqueToken()}`;
  const profile = await page.request.put('/api/provider/profile', {
    headers: WRITE,
    data: {
      firmenname: firm,
      categories: ['handwerk', 'elektronik'],
      postcode: '50667',
      radiusKm: 50,
      description: 'Elektroinstallationen, Reparaturen und Notdienst in Köln und Umgebung.',
      phone: '0221 555 0199',
      email,
      trader: traderFor(firm),
    },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const checkout = await page.request.post('/api/shop/checkout', { headers: WRITE, data: { packageId: 'small' } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { purchaseId } = (await checkout.json()) as { purchaseId: string };
  const paid = await page.request.post(`/api/shop/test-checkout/${purchaseId}/pay`, { headers: WRITE });
  expect(paid.ok(), await paid.text()).toBe(true);
  // An urgent request in the provider's area, for the filtered match list.
  const seeker = await apiAccount('seeker', lang, 'Mia Beispiel');
  const { requestId } = await requestByChat(seeker.api, lang, 'Mia');
  await seeker.api.dispose();

  await page.goto('/search');

  // The match list asked with a filter says so above its cards.
  await say(page, l.urgent);
  await expect(page.locator(`[data-testid="chat-match"][data-ref="${requestId.slice(0, 6)}"]`).last()).toBeVisible();
  await expect(page.getByTestId('chat-match-filter').last()).toHaveText(l.filtered);
  await shoot(page, lang, 'provider-matches-filtered');

  await say(page, l.profile);
  const card = page.getByTestId('chat-provider-profile').last();
  await expect(card.getByTestId('chat-provider-profile-company')).toHaveText(firm);
  await expect(card.getByTestId('chat-provider-profile-area')).toHaveText(l.area);
  await expect(card.getByTestId('chat-provider-profile-matches')).toHaveText(l.matchesOn);
  await expect(card.getByTestId('chat-provider-profile-minBudget')).toHaveText(l.noMinBudget);
  await expect(card.getByTestId('chat-provider-profile-verification')).toHaveText(l.notVerified);
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'provider-profile');

  await say(page, l.purchases);
  const purchase = page
    .getByTestId('chat-purchases')
    .last()
    .locator(`[data-testid="chat-purchase"][data-ref="${purchaseId.slice(0, 6)}"]`);
  await expect(purchase.getByTestId('chat-purchase-price')).toHaveText(l.price);
  await expect(purchase.getByTestId('chat-purchase-receipt')).toHaveText(l.receipt);
  await expect(purchase.getByTestId('chat-purchase-receipt')).toHaveAttribute('href', `/quittung/${purchaseId}`);
  await shoot(page, lang, 'provider-purchases');

  await say(page, l.documents);
  const documents = page.getByTestId('chat-documents').last();
  await expect(documents).toContainText(l.noDocuments);
  await expect(documents.getByTestId('chat-documents-verification')).toHaveText(l.notVerified);

  await say(page, l.deals);
  await expect(page.getByTestId('chat-deals').last()).toHaveAttribute('data-count', '0');
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'provider-documents');
  await page.setViewportSize({ width: 1280, height: 900 });
  await say(page, l.profile);
  await expect(page.getByTestId('chat-provider-profile').last().getByTestId('chat-provider-profile-company')).toHaveText(firm);
  await expectNoHorizontalScroll(page);
  await shoot(page, lang, 'provider-profile-1280');
});
