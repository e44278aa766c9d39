// The seeker dashboard (/suchende-dashboard) of the signed-in seeker, in German and English: figures and
// requests from a real chat request, an offer arriving live from a real provider, accepting it and the
// double confirmation, the contact locked until then, rating, closing a request with refunds, and the
// guards for signed-out visitors and other roles.
import type { Page } from '@playwright/test';
import { test, expect, signUpVerified, expectNoHorizontalScroll, type Lang } from './fixtures.ts';
import { E2E_PASSWORD } from './e2e-env.ts';
import { apiAccount, providerAccount, providerConfirms, providerDealId, requestByChat, uniqueToken, unlockAndOffer, unlockOnly } from './seeker-helpers.ts';

const T = {
  de: {
    title: 'akut – Mein Dashboard',
    heading: 'Mein Dashboard',
    stats: { active: 'Aktive Anfragen', offers: 'Erhaltene Angebote', value: 'Bestes Angebot', points: 'Meine Punkte' },
    tabs: { requests: 'Meine Anfragen', best: 'Beste Angebote', all: 'Alle Angebote' },
    newRequest: 'Neue Anfrage',
    noRequests: 'Du hast noch keine Anfragen gestellt',
    noOffers: 'Noch keine Angebote',
    category: 'Handwerk',
    urgency: 'Dringend',
    unlocked: (n: number) => `${n} von 5 freigeschaltet`,
    offers: (n: number) => (n === 1 ? '1 Angebot' : `${n} Angebote`),
    open: 'Aktiv',
    closed: 'Geschlossen',
    done: 'Erledigt',
    price: '450,00 €',
    value: '450,00 €',
    points: '0 Goints',
    accept: 'Angebot annehmen',
    acceptedToast: 'Angebot angenommen',
    details: 'Details anzeigen',
    providerPage: 'Anbieterprofil ansehen',
    confirm: 'Deal bestätigen',
    waiting: 'Wartet auf Bestätigung des Anbieters',
    completed: 'Abgeschlossen',
    review: 'Deal bewerten',
    showName: 'Vornamen öffentlich zeigen',
    contactVisible: 'Ich bin für Nachfragen erreichbar',
    reviewSent: 'Danke für deine Bewertung!',
    locked: 'Die Kontaktdaten werden freigeschaltet, sobald ein Angebot angenommen und von beiden Seiten bestätigt wurde.',
    close: 'Anfrage schließen',
    closeText: /bekommen ihre Goints automatisch zurück/,
    closedToast: 'Anfrage geschlossen',
    wrongRole: 'Dieses Dashboard ist für Suchende',
    budget: '300 € – 500 €',
  },
  en: {
    title: 'akut – My dashboard',
    heading: 'My dashboard',
    stats: { active: 'Active requests', offers: 'Offers received', value: 'Best offer', points: 'My points' },
    tabs: { requests: 'My requests', best: 'Best offers', all: 'All offers' },
    newRequest: 'New request',
    noRequests: 'You have not made any requests yet',
    noOffers: 'No offers yet',
    category: 'Trades & Repairs',
    urgency: 'Urgent',
    unlocked: (n: number) => `${n} of 5 unlocked`,
    offers: (n: number) => (n === 1 ? '1 offer' : `${n} offers`),
    open: 'Active',
    closed: 'Closed',
    done: 'Done',
    price: '€450.00',
    value: '€450.00',
    points: '0 Goints',
    accept: 'Accept offer',
    acceptedToast: 'Offer accepted',
    details: 'Show details',
    providerPage: 'View provider profile',
    confirm: 'Confirm deal',
    waiting: "Waiting for the provider's confirmation",
    completed: 'Completed',
    review: 'Rate deal',
    showName: 'Show my first name publicly',
    contactVisible: 'I am available for questions',
    reviewSent: 'Thank you for your rating!',
    locked: 'The contact details are unlocked once an offer has been accepted and confirmed by both sides.',
    close: 'Close request',
    closeText: /get their Goints back automatically/,
    closedToast: 'Request closed',
    wrongRole: 'This dashboard is for seekers',
    budget: '€300 – €500',
  },
} as const;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openTab(page: Page, lang: Lang, tab: keyof (typeof T)['de']['tabs']) {
  await page.getByRole('tab', { name: T[lang].tabs[tab] }).click();
}

test('signed out, the dashboard sends to the seeker sign-in and comes back after it', async ({ page, lang }) => {
  const { api, email } = await apiAccount('seeker', lang, 'Tilda Test');
  await api.dispose();
  await page.goto('/suchende-dashboard');
  await expect(page).toHaveURL(/\/auth\?mode=searcher&next=(%2F|\/)suchende-dashboard$/);
  await page.getByLabel(lang === 'de' ? /E-Mail/ : /E-mail/).fill(email);
  await page.getByLabel(lang === 'de' ? /^Passwort/ : /^Password/).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: lang === 'de' ? /^Anmelden$/ : /^Sign in$/ }).click();
  await expect(page).toHaveURL(/\/suchende-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: T[lang].heading })).toBeVisible();
  await expect(page.getByText(lang === 'de' ? 'Hallo Tilda' : 'Hi Tilda')).toBeVisible();
});

test('a provider gets a clear hint instead of a seeker dashboard', async ({ page, lang }) => {
  await signUpVerified(page, 'provider', lang);
  await page.goto('/suchende-dashboard');
  await expect(page.getByRole('heading', { name: T[lang].wrongRole })).toBeVisible();
  await expect(page.getByTestId('stat-activeRequests')).toHaveCount(0);
});

test('a new seeker sees the figures at zero and an invitation to make a request', async ({ page, lang }) => {
  await signUpVerified(page, 'seeker', lang);
  await page.goto('/suchende-dashboard');
  await expect(page).toHaveTitle(T[lang].title);
  await expect(page.getByRole('heading', { level: 1, name: T[lang].heading })).toBeVisible();
  for (const label of Object.values(T[lang].stats)) await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('stat-activeRequests')).toHaveText('0');
  await expect(page.getByTestId('stat-points')).toHaveText(T[lang].points);
  await expect(page.getByTestId('requests-empty')).toContainText(T[lang].noRequests);
  await expect(page.getByTestId('requests-empty').getByRole('link')).toHaveAttribute('href', '/search');
  await expect(page.getByRole('link', { name: T[lang].newRequest })).toHaveAttribute('href', '/search');
  await openTab(page, lang, 'best');
  await expect(page.getByTestId('offers-empty')).toContainText(T[lang].noOffers);
  await openTab(page, lang, 'all');
  await expect(page.getByTestId('all-offers-empty')).toBeVisible();
});

test('request by chat, an offer arrives live, accept, confirm both sides, contact unlocked, rate', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  const provider = await providerAccount(lang, `Elektro Funke ${uniqueToken()}`);
  try {
    await signUpVerified(page, 'seeker', lang);
    const { requestId, status } = await requestByChat(page.request, lang, 'Lena');
    expect(status).toBe('open');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/suchende-dashboard');
    const card = page.locator(`[data-request-id="${requestId}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: t.category })).toBeVisible();
    await expect(card.getByTestId('urgency-badge')).toHaveText(t.urgency);
    await expect(card.getByTestId('request-status')).toHaveText(t.open);
    await expect(card.getByTestId('request-budget')).toHaveText(t.budget);
    await expect(card).toContainText('50667 Köln');
    await expect(card).toContainText(lang === 'de' ? /\d{2}\.\d{2}\.\d{4}/ : /\d{1,2} \w{3} \d{4}/);
    await expect(card.getByTestId('request-offers')).toHaveText(t.offers(0));
    await expect(page.getByTestId('stat-activeRequests')).toHaveText('1');
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The offer arrives while the dashboard is open: the live event refreshes it.
    await openTab(page, lang, 'best');
    await expect(page.getByTestId('offers-empty')).toBeVisible();
    await unlockAndOffer(provider, requestId, {
      price: 450,
      beschreibung: 'Austausch von vier Steckdosen im Bad inklusive Material.',
      verfuegbarkeit: 'Heute ab 16 Uhr',
    });
    const offer = page.getByTestId('offer-card');
    await expect(offer).toHaveCount(1, { timeout: 15_000 });
    await expect(offer.getByTestId('offer-rank')).toHaveText('1');
    await expect(offer.getByTestId('offer-company')).toHaveText(provider.firmenname);
    await expect(offer.getByTestId('offer-company')).toHaveAttribute('href', `/anbieter/${provider.id}`);
    await expect(offer.getByTestId('offer-price')).toHaveText(t.price);
    await expect(offer.getByTestId('offer-availability')).toHaveText('Heute ab 16 Uhr');
    await expect(offer).toContainText('Austausch von vier Steckdosen');
    await expect(page.getByTestId('stat-offersReceived')).toHaveText('1');
    await expect(page.getByTestId('stat-bestOffer')).toHaveText(t.value);

    // Details: the offer, its request and the provider's response times, with a link to the provider.
    await offer.getByRole('button', { name: t.details }).click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText(provider.firmenname);
    await expect(details).toContainText(lang === 'de' ? 'Ich brauche dringend einen Elektriker' : 'I urgently need an electrician');
    await expect(details.getByTestId('details-response')).not.toBeEmpty();
    await expect(details.getByRole('link', { name: t.providerPage })).toHaveAttribute('href', `/anbieter/${provider.id}`);
    await page.keyboard.press('Escape');

    // 'Alle Angebote': the provider's contact is locked.
    await openTab(page, lang, 'all');
    const row = page.getByTestId('all-offer-card');
    await expect(row.getByTestId('contact-locked')).toContainText(t.locked);
    await expect(row).not.toContainText(provider.phone);
    await expect(row).not.toContainText(provider.email);

    // Accept after the confirmation dialog.
    await openTab(page, lang, 'best');
    await offer.getByRole('button', { name: t.accept }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.accept }).click();
    await expect(toast(page, t.acceptedToast)).toBeVisible();
    await expect(offer.getByRole('button', { name: t.accept })).toHaveCount(0);
    // A running deal keeps the request from being closed.
    await openTab(page, lang, 'requests');
    await expect(page.getByTestId('close-request')).toHaveCount(0);
    await openTab(page, lang, 'best');

    await page.getByTestId('confirm-deal').click();
    await expect(offer.getByTestId('deal-waiting')).toHaveText(t.waiting);
    await expect(page.getByTestId('confirm-deal')).toHaveCount(0);

    // The provider confirms: the deal completes and the page updates live.
    await providerConfirms(provider, await providerDealId(provider, requestId));
    await expect(offer.getByTestId('deal-status')).toHaveText(t.completed, { timeout: 15_000 });
    await expect(offer.getByTestId('contact-unlocked')).toContainText(provider.phone);

    await openTab(page, lang, 'all');
    await expect(row.getByTestId('contact-locked')).toHaveCount(0);
    await expect(row.getByTestId('contact-unlocked')).toContainText(provider.phone);
    await expect(row.getByTestId('contact-unlocked')).toContainText(provider.email);

    // The request moved to 'Erledigt'.
    await openTab(page, lang, 'requests');
    await expect(page.getByTestId('requests-done').locator(`[data-request-id="${requestId}"]`)).toBeVisible();

    // Rate the deal.
    await openTab(page, lang, 'best');
    await offer.getByRole('button', { name: t.review }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByTestId('review-submit');
    await expect(submit).toBeDisabled();
    await dialog.getByTestId('star-5').check({ force: true });
    await dialog.getByRole('textbox').fill(lang === 'de' ? 'Schnell da und sauber gearbeitet.' : 'Quick and tidy work.');
    await dialog.getByLabel(t.showName).check();
    await dialog.getByLabel(t.contactVisible).check();
    await submit.click();
    await expect(toast(page, t.reviewSent)).toBeVisible();
    await expect(offer.getByTestId('deal-reviewed')).toBeVisible();
    await expect(offer.getByRole('button', { name: t.review })).toHaveCount(0);
  } finally {
    await provider.api.dispose();
  }
});

test('closing a request refunds the unlocking provider and moves it to Erledigt', async ({ page, lang }) => {
  test.setTimeout(90_000);
  const t = T[lang];
  const provider = await providerAccount(lang, `Elektro Schluss ${uniqueToken()}`);
  try {
    await signUpVerified(page, 'seeker', lang);
    const { requestId } = await requestByChat(page.request, lang, 'Mia');
    await unlockOnly(provider, requestId);
    const balance = async () => ((await (await provider.api.get('/api/wallet')).json()) as { goints: number }).goints;
    expect(await balance()).toBe(0);

    await page.goto('/suchende-dashboard');
    const card = page.locator(`[data-request-id="${requestId}"]`);
    await expect(card.getByTestId('request-unlocked')).toHaveText(t.unlocked(1));
    await card.getByRole('button', { name: t.close }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t.closeText);
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(toast(page, t.closedToast)).toBeVisible();
    const done = page.getByTestId('requests-done').locator(`[data-request-id="${requestId}"]`);
    await expect(done.getByTestId('request-status')).toHaveText(t.closed);
    await expect(done.getByRole('button', { name: t.close })).toHaveCount(0);
    await expect(page.getByTestId('requests-done').getByRole('heading', { name: new RegExp(t.done) })).toBeVisible();
    await expect(page.getByTestId('stat-activeRequests')).toHaveText('0');
    expect(await balance()).toBe(50);
  } finally {
    await provider.api.dispose();
  }
});
