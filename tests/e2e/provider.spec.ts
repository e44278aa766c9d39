// The provider's screens: onboarding with the welcome bonus, the match feed with locked teasers, unlocking
// through the dialog, not enough Goints, an offer, 'Kein Interesse', and the public provider page with
// favourites; in German and English. Requests come from fresh seekers through the real chat API.
import type { Locator, Page } from '@playwright/test';
import { test, expect, adminWindow, allowConsoleErrors, expectNoHorizontalScroll, signUpVerified } from './fixtures.ts';
import { onboardedProvider, postRequestThroughChat, providerWithProfile } from './market-helpers.ts';

const T = {
  de: {
    title: 'akut – Anbieter-Dashboard',
    heading: 'Anbieter-Dashboard',
    subtitle: 'Passende Anfragen aus deinen Kategorien',
    onboarding: 'Willkommen bei akut',
    firmenname: 'Firmenname',
    postcode: 'Postleitzahl',
    radius: 'Umkreis in km',
    description: 'Beschreibung',
    phone: 'Telefon',
    email: 'E-Mail',
    submitProfile: 'Profil anlegen',
    categoryError: 'Bitte wähle mindestens eine Kategorie.',
    postcodeError: 'Bitte gib eine fünfstellige Postleitzahl ein.',
    unknownPostcode: 'Diese Postleitzahl kennen wir nicht.',
    bonus: 'Willkommen bei akut!',
    bonusText: /50 Goints/,
    balance: (n: number) => new RegExp(`(^|\\D)${n} Goints$`),
    unlockButton: 'Details freischalten (50 Goints)',
    // Other tests' providers near Köln may unlock the same request in a full run: the count is checked loosely.
    unlockedOf: (n: number, min = 0) => new RegExp(`^[${min}-${n}] von ${n} freigeschaltet$`),
    confirmUnlock: 'Für 50 Goints freischalten',
    unlocked: 'Details freigeschaltet',
    unlockedText: 'Du kannst nun alle Details einsehen und ein Angebot erstellen.',
    unlockedNote: '✓ Details freigeschaltet',
    insufficient: 'Nicht genügend Goints',
    insufficientText: 'Du benötigst 50 Goints, um diese Anfrage freizuschalten.',
    createOffer: 'Angebot erstellen',
    price: 'Preis in €',
    offerDescription: 'Beschreibung',
    availability: 'Verfügbarkeit',
    sendOffer: 'Angebot senden',
    priceError: /Bitte gib einen Preis/,
    offerSent: 'Angebot gesendet',
    offerStatus: 'Versendet',
    offerPrice: '450,00 €',
    withdraw: 'Angebot zurückziehen',
    dismiss: 'Kein Interesse',
    empty: 'Keine passenden Anfragen gefunden.',
    noAccess: 'Nur für Anbieter',
    home: 'Zur Startseite',
    signInRequired: 'Anmeldung erforderlich',
    signInText: 'Bitte melde dich an, um Favoriten zu verwalten.',
    favAdd: 'Als Favorit merken',
    favRemove: 'Aus Favoriten entfernen',
    favAdded: 'Favorit hinzugefügt',
    favRemoved: 'Favorit entfernt',
    noOffers: 'noch keine Angebote',
    area: /Umkreis 50 km · PLZ-Gebiet 50…/,
    category: 'Handwerk',
    notFound: 'Anbieter nicht gefunden',
    profileTab: 'Profil & Verifizierung',
    file: 'Datei',
    fileType: 'Erlaubt sind PDF, JPEG und PNG.',
    upload: 'Hochladen',
    uploaded: 'Dokument hochgeladen',
    pending: 'Wird geprüft',
    verified: 'Verifiziert',
    adminTab: 'Nachweise',
    approved: 'Nachweis von Elektro Blitz Köln bestätigt',
    docApproved: 'Bestätigt',
  },
  en: {
    title: 'akut – Provider dashboard',
    heading: 'Provider dashboard',
    subtitle: 'Matching requests from your categories',
    onboarding: 'Welcome to akut',
    firmenname: 'Company name',
    postcode: 'Postcode',
    radius: 'Radius in km',
    description: 'Description',
    phone: 'Phone',
    email: 'E-mail',
    submitProfile: 'Create profile',
    categoryError: 'Please choose at least one category.',
    postcodeError: 'Please enter a five-digit postcode.',
    unknownPostcode: 'We do not know this postcode.',
    bonus: 'Welcome to akut!',
    bonusText: /50 Goints/,
    balance: (n: number) => new RegExp(`(^|\\D)${n} Goints$`),
    unlockButton: 'Unlock details (50 Goints)',
    unlockedOf: (n: number, min = 0) => new RegExp(`^[${min}-${n}] of ${n} unlocked$`),
    confirmUnlock: 'Unlock for 50 Goints',
    unlocked: 'Details unlocked',
    unlockedText: 'You can now see all details and create an offer.',
    unlockedNote: '✓ Details unlocked',
    insufficient: 'Not enough Goints',
    insufficientText: 'You need 50 Goints to unlock this request.',
    createOffer: 'Create offer',
    price: 'Price in €',
    offerDescription: 'Description',
    availability: 'Availability',
    sendOffer: 'Send offer',
    priceError: /Please enter a price/,
    offerSent: 'Offer sent',
    offerStatus: 'Sent',
    offerPrice: '€450.00',
    withdraw: 'Withdraw offer',
    dismiss: 'Not interested',
    empty: 'No matching requests found.',
    noAccess: 'For providers only',
    home: 'Go to the home page',
    signInRequired: 'Sign-in required',
    signInText: 'Please sign in to manage favourites.',
    favAdd: 'Save as favourite',
    favRemove: 'Remove from favourites',
    favAdded: 'Favourite added',
    favRemoved: 'Favourite removed',
    noOffers: 'no offers yet',
    area: /radius 50 km · postcode area 50…/,
    category: 'Trades & Repairs',
    notFound: 'Provider not found',
    profileTab: 'Profile & verification',
    file: 'File',
    fileType: 'Allowed are PDF, JPEG and PNG.',
    upload: 'Upload',
    uploaded: 'Document uploaded',
    pending: 'Being checked',
    verified: 'Verified',
    adminTab: 'Documents',
    approved: 'Document of Elektro Blitz Köln approved',
    docApproved: 'Approved',
  },
} as const;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const card = (page: Page, requestId: string): Locator => page.locator(`[data-testid="match-card"][data-request-id="${requestId}"]`);

test('a signed-out visitor is sent to sign in as a provider; a seeker sees a clear message', async ({ page, lang }) => {
  const l = T[lang];
  await page.goto('/anbieter/dashboard');
  await expect(page).toHaveURL(/\/auth\?mode=provider&next=%2Fanbieter%2Fdashboard$/);
  await signUpVerified(page, 'seeker', lang);
  await page.goto('/anbieter/dashboard');
  await expect(page.getByRole('heading', { name: l.noAccess })).toBeVisible();
  await expect(page.getByRole('link', { name: l.home })).toHaveAttribute('href', '/');
});

test('onboarding: the form shows errors from the browser and the server, then the profile brings 50 Goints; an approved trade document gives the badge', async ({
  page,
  browser,
  lang,
}) => {
  const l = T[lang];
  const { email } = await signUpVerified(page, 'provider', lang);
  await page.goto('/anbieter/dashboard');
  await expect(page).toHaveTitle(l.title);
  await expect(page.getByRole('heading', { name: l.onboarding })).toBeVisible();
  await expect(page.getByLabel(l.email, { exact: true })).toHaveValue(email);

  // Nothing chosen: the browser's checks, next to their fields.
  await page.getByRole('button', { name: l.submitProfile }).click();
  await expect(page.getByText(l.categoryError)).toBeVisible();
  await expect(page.getByText(l.postcodeError)).toBeVisible();
  await expect(page.getByLabel(l.firmenname)).toBeFocused();

  await page.getByLabel(l.firmenname).fill('Elektro Blitz Köln');
  await page.getByTestId('category-handwerk').click();
  await page.locator('#onboarding-postcode').fill('00000');
  await page.getByLabel(l.radius).fill('50');
  await page.getByLabel(l.description, { exact: true }).fill('Elektroinstallationen, Steckdosen und Sicherungskästen in Köln und Umgebung.');
  await page.getByLabel(l.phone).fill('+49 221 5550123');
  // The trader details (DSA Art. 30) are part of onboarding: the company's name is taken over, the rest is asked.
  const trader = page.getByTestId('onboarding-trader');
  await expect(trader.getByTestId('trader-legalName')).toHaveValue('Elektro Blitz Köln');
  await trader.getByTestId('trader-street').fill('Hohe Straße 1');
  await trader.getByTestId('trader-postcode').fill('50667');
  await trader.getByTestId('trader-city').fill('Köln');
  await trader.getByTestId('trader-registerNumber').fill('Gewerbeanmeldung 0815/2026, Stadt Köln');
  await trader.getByTestId('trader-selfCertified').click();
  // The browser logs the API's deliberate 400 for the unknown postcode.
  allowConsoleErrors(/400 \(Bad Request\).*\/api\/provider\/profile/);
  await page.getByRole('button', { name: l.submitProfile }).click();
  // A five-digit postcode that does not exist: only the server knows, and says so next to the field.
  const postcode = page.locator('#onboarding-postcode');
  await expect(page.getByText(l.unknownPostcode)).toBeVisible();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(l.categoryError)).toHaveCount(0);

  await postcode.fill('50667');
  await page.getByRole('button', { name: l.submitProfile }).click();
  await expect(toast(page, l.bonus)).toContainText(l.bonusText);
  await expect(page.getByRole('heading', { name: l.heading, level: 1 })).toBeVisible();
  await expect(page.getByText(l.subtitle)).toBeVisible();
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(50));
  await expectNoHorizontalScroll(page);

  // Verification: the browser refuses other file types; a PDF is listed as being checked.
  await page.getByRole('tab', { name: l.profileTab }).click();
  const file = page.getByLabel(l.file, { exact: true });
  await file.setInputFiles({ name: 'bild.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByTestId('upload-error')).toHaveText(l.fileType);
  await file.setInputFiles({ name: 'gewerbeschein.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%test\n') });
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  await page.getByRole('button', { name: l.upload }).click();
  await expect(toast(page, l.uploaded)).toBeVisible();
  const docs = page.getByTestId('verification-documents');
  await expect(docs).toContainText('gewerbeschein.pdf');
  await expect(docs).toContainText(l.pending);
  await expect(page.getByTestId('verification-status')).toHaveText(l.pending);
  const { id: providerId } = ((await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } }).user;
  await page.goto(`/anbieter/${providerId}`);
  await expect(page.getByTestId('provider-badge')).toHaveCount(0);

  // An admin approves the document in 'Nachweise': the provider gets the 'Verifiziert' badge, also on the public page.
  const admin = await adminWindow(browser, lang);
  try {
    await admin.page.goto('/admin?tab=verifications');
    await expect(admin.page.getByRole('tab', { name: l.adminTab })).toHaveAttribute('aria-selected', 'true');
    const card = admin.page.getByTestId('verification-doc').filter({ has: admin.page.locator(`a[href="/anbieter/${providerId}"]`) });
    await expect(card).toContainText('gewerbeschein.pdf');
    await card.getByTestId('verification-approve').click();
    await admin.page.getByTestId('reason-submit').click();
    await expect(toast(admin.page, l.approved)).toBeVisible();
    // The list shows the documents waiting: the approved one leaves it.
    await expect(card).toHaveCount(0);
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
  await expect(page.getByTestId('provider-badge')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('provider-badge')).toHaveText(l.verified);
  await page.goto('/anbieter/dashboard');
  await expect(page.getByTestId('provider-badge')).toHaveText(l.verified);
  await page.getByRole('tab', { name: l.profileTab }).click();
  const profile = page.getByRole('tabpanel', { name: l.profileTab });
  await expect(profile.getByTestId('provider-badge')).toHaveText(l.verified);
  await expect(page.getByTestId('verification-documents')).toContainText(l.docApproved);
});

test('a locked card shows no contact data; unlocking takes 50 Goints and shows the details; the next request needs more Goints; an offer follows', async ({
  page,
  lang,
}) => {
  test.setTimeout(120_000);
  const l = T[lang];
  await providerWithProfile(page, lang);
  const first = await postRequestThroughChat(lang);
  await page.goto('/anbieter/dashboard');
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(50));

  const locked = card(page, first.requestId);
  await expect(locked).toHaveAttribute('data-unlocked', 'false');
  await expect(locked.getByTestId('match-unlocked-of')).toHaveText(l.unlockedOf(5));
  await expect(locked.getByTestId('match-budget')).toHaveText(lang === 'de' ? '300 € – 500 €' : '€300 – €500');
  await expect(locked.getByTestId('match-place')).toHaveText('50*** · Köln (****)');
  await expect(locked).not.toContainText(first.seekerEmail);
  await expect(locked).not.toContainText(first.seekerName);
  await expect(locked.locator('a[href^="mailto:"]')).toHaveCount(0);

  await locked.getByRole('button', { name: l.unlockButton }).click();
  const dialog = page.getByTestId('unlock-dialog');
  await expect(dialog.getByTestId('unlock-price')).toHaveText(l.balance(50));
  await expect(dialog.getByTestId('unlock-balance')).toHaveText(l.balance(50));
  await expect(dialog.getByTestId('unlock-progress')).toHaveText(l.unlockedOf(5));
  await dialog.getByRole('button', { name: l.confirmUnlock }).click();
  await expect(toast(page, l.unlocked)).toContainText(l.unlockedText);
  await expect(dialog).toHaveCount(0);

  const open = card(page, first.requestId);
  await expect(open).toHaveAttribute('data-unlocked', 'true');
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(0));
  await expect(open).toContainText(l.unlockedNote);
  await expect(open.locator(`a[href="mailto:${first.seekerEmail}"]`)).toBeVisible();
  await expect(open).toContainText(first.seekerName);
  await expect(open.getByTestId('match-place')).toHaveText('50667 Köln');
  await expect(open.getByTestId('match-unlocked-of')).toHaveText(l.unlockedOf(5, 1));

  // A second request arrives live; with 0 Goints the dialog says so and offers the shop.
  const second = await postRequestThroughChat(lang);
  const next = card(page, second.requestId);
  await expect(next).toHaveAttribute('data-unlocked', 'false', { timeout: 15_000 });
  await next.getByRole('button', { name: l.unlockButton }).click();
  await expect(toast(page, l.insufficient)).toContainText(l.insufficientText);
  await expect(dialog.getByRole('heading', { name: l.insufficient })).toBeVisible();
  await expect(dialog.getByTestId('unlock-buy-goints')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(next).toHaveAttribute('data-unlocked', 'false');
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(0));

  // The offer on the unlocked request: checked in the browser, then sent.
  await open.getByRole('button', { name: l.createOffer }).click();
  const offer = page.getByTestId('offer-dialog');
  await offer.getByRole('button', { name: l.sendOffer }).click();
  await expect(offer.getByText(l.priceError)).toBeVisible();
  await offer.getByLabel(l.price).fill('450');
  await offer.getByLabel(l.offerDescription).fill('Drei Steckdosen tauschen inklusive Material und Anfahrt.');
  await offer.getByLabel(l.availability).fill(lang === 'de' ? 'ab morgen' : 'from tomorrow');
  await offer.getByRole('button', { name: l.sendOffer }).click();
  await expect(toast(page, l.offerSent)).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(open.getByTestId('offer-status')).toHaveText(l.offerStatus);
  await expect(open.getByTestId('offer-price')).toHaveText(l.offerPrice);
  await expect(open.getByRole('button', { name: l.withdraw })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("'Kein Interesse' hides a card for good", async ({ page, lang }) => {
  const l = T[lang];
  await providerWithProfile(page, lang);
  const req = await postRequestThroughChat(lang);
  await page.goto('/anbieter/dashboard');
  const c = card(page, req.requestId);
  await expect(c).toBeVisible();
  await c.getByRole('button', { name: l.dismiss }).click();
  await expect(c).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(50));
  await expect(card(page, req.requestId)).toHaveCount(0);
});

test('the public provider page shows the profile; favourites need a sign-in, then add and remove', async ({ page, lang }) => {
  const l = T[lang];
  const provider = await onboardedProvider(lang);
  await provider.api.dispose();
  await page.goto(`/anbieter/${provider.id}`);
  await expect(page.getByRole('heading', { name: provider.firmenname, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(provider.firmenname));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Elektroinstallationen/);
  await expect(page.getByTestId('provider-response')).toHaveText(l.noOffers);
  await expect(page.getByTestId('provider-deals')).toHaveText('0');
  await expect(page.getByText(l.area).first()).toBeVisible();
  await expect(page.getByText(l.category, { exact: true }).first()).toBeVisible();
  // Phone and e-mail stay private.
  await expect(page.getByTestId('public-provider')).not.toContainText('5550123');
  await expect(page.getByTestId('public-provider')).not.toContainText(provider.email);

  await page.getByRole('button', { name: l.favAdd }).click();
  await expect(toast(page, l.signInRequired)).toContainText(l.signInText);

  await signUpVerified(page, 'seeker', lang);
  await page.reload();
  await page.getByRole('button', { name: l.favAdd }).click();
  await expect(toast(page, l.favAdded)).toBeVisible();
  await expect(page.getByRole('button', { name: l.favRemove })).toBeVisible();
  const favs = (await (await page.request.get('/api/favorites')).json()) as { favorites: { providerId: string }[] };
  expect(favs.favorites.map((f) => f.providerId)).toContain(provider.id);
  await page.reload();
  await page.getByRole('button', { name: l.favRemove }).click();
  await expect(toast(page, l.favRemoved)).toBeVisible();
  await expect(page.getByRole('button', { name: l.favAdd })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('a favourite set while the page still loads its own copy stays set (the older answer does not undo it)', async ({ page, lang }) => {
  const l = T[lang];
  const provider = await onboardedProvider(lang);
  await provider.api.dispose();
  await signUpVerified(page, 'seeker', lang);
  // The page's own reload of the provider is answered by the server at once but reaches the page only after
  // the favourite was set: the reply it carries (not a favourite) is older than the click.
  let favouriteSet!: () => void;
  const afterClick = new Promise<void>((resolve) => {
    favouriteSet = resolve;
  });
  await page.route(`**/api/providers/${provider.id}`, async (route) => {
    const response = await route.fetch();
    await afterClick;
    await route.fulfill({ response });
  });
  const isProvider = (url: string) => url.endsWith(`/api/providers/${provider.id}`);
  const asked = page.waitForRequest((r) => isProvider(r.url()));
  await page.goto(`/anbieter/${provider.id}`);
  await asked;
  await page.getByRole('button', { name: l.favAdd }).click();
  await expect(toast(page, l.favAdded)).toBeVisible();
  const answered = page.waitForResponse((r) => isProvider(r.url()));
  favouriteSet();
  await answered;
  await expect(page.getByRole('button', { name: l.favRemove })).toBeVisible();
  await expect(page.getByRole('button', { name: l.favAdd })).toHaveCount(0);
});

test('an unknown provider id shows a translated not-found state with a link home', async ({ page, lang }) => {
  const l = T[lang];
  // The browser logs the API's deliberate 404 for the unknown provider.
  allowConsoleErrors(/404/);
  await page.goto('/anbieter/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: l.notFound })).toBeVisible();
  await expect(page.getByTestId('provider-not-found').getByRole('link')).toHaveAttribute('href', '/');
});
