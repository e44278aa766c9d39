// Accessibility as the law asks (BFSG, EN 301 549, WCAG 2.1 AA; issue 25): axe on every screen, signed out and
// signed in as each role (seeker, provider, partner, admin: dashboards, every tab, every dialog of src/, the demo's
// screens, the chat panel open, a toast shown), in the project's language, at 390 and 1280 px. A test fails on any
// serious or critical finding, and on the moderate ones no screen has any more (a heading level skipped, two
// landmarks with one name: ENFORCED_MODERATE_RULES), and lists them all; with A11Y_REPORT set every finding is
// written for scripts/a11y-report.ts (the figures in docs/accessibility.md). The toast must not cover the floating
// chat's button at either width.
import { request as playwrightRequest, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { test, expect, allowConsoleErrors, signInAdmin, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_ADMIN_2, E2E_URL } from './e2e-env.ts';
import { axeScreen } from './a11y-helpers.ts';
import { onboardedProvider, postRequestThroughChat, providerWithProfile } from './market-helpers.ts';
import { completedDeal, providerAccount, providerConfirms, requestByChat, uniqueToken, unlockAndOffer, type E2eProvider } from './seeker-helpers.ts';

const WIDTHS = [390, 1280] as const;

const PUBLIC_PAGES = [
  '/',
  '/suchende',
  '/anbieter',
  '/erfolgreiche-deals',
  '/affiliate',
  '/affiliate/suchende',
  '/affiliate/anbieter',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/hilfe',
  '/kontakt',
  '/search',
  '/auth',
  '/demo',
  '/gibt-es-nicht',
];

const ADMIN_TABS = [
  'overview',
  'followup',
  'requests',
  'deals',
  'provision',
  'content',
  'preise',
  'users',
  'payouts',
  'sepa',
  'held',
  'moderation',
  'reports',
  'verifications',
  'settings',
  'support',
  'outbox',
  'audit',
  'jobs',
];

/** The screens one test checked and their findings that fail it (serious, critical and the enforced moderate rules). */
function collector(lang: Lang) {
  const found: string[] = [];
  let screens = 0;
  return {
    async check(page: Page, screen: string) {
      found.push(...(await axeScreen(page, screen, lang)));
      screens++;
    },
    done() {
      expect(screens).toBeGreaterThan(0);
      expect(found, `accessibility findings on ${screens} screens (serious, critical, heading-order, landmark-unique)`).toEqual([]);
    },
  };
}

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
}

async function openDialog(page: Page, opener: Locator, testId: string): Promise<Locator> {
  await opener.click();
  const dialog = page.getByTestId(testId);
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** Opens a dialog that has no test id of its own (the demo's), by its role. */
async function openRoleDialog(page: Page, opener: Locator): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  return dialog;
}

/** A window signed in as a provider made through the API (its session cookie), at the page's width and language. */
async function providerWindow(browser: Browser, lang: Lang, provider: E2eProvider, width: number) {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    locale: lang === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height: 900 },
    storageState: await provider.api.storageState(),
  });
  await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  await context.addInitScript(() => localStorage.setItem('akut.typing', '0'));
  return { page: await context.newPage(), close: () => context.close() };
}

/** A seeker's offer accepted through the API: a deal both sides still have to confirm. */
async function acceptOffer(api: APIRequestContext, offerId: string): Promise<string> {
  const r = await api.post(`/api/seeker/offers/${offerId}/accept`, { headers: { origin: E2E_URL } });
  expect(r.ok(), await r.text()).toBe(true);
  return ((await r.json()) as { dealId: string }).dealId;
}

async function withChatOpen(page: Page, fn: () => Promise<void>) {
  await page.getByTestId('chat-open').click();
  await expect(page.getByTestId('chat-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await fn();
  await page.getByTestId('chat-close').click();
  await expect(page.getByTestId('chat-open')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // The assistant's replies appear at once (no typewriter), as in the other chat specs.
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

test('public pages, signed out: no serious accessibility finding at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(600_000);
  const axe = collector(lang);
  // The page that does not exist answers 404, which the browser logs.
  allowConsoleErrors(/404 \(Not Found\) @ .*\/gibt-es-nicht$/);
  const provider = await onboardedProvider(lang, { firmenname: `Barrierefrei ${lang.toUpperCase()} ${uniqueToken()}` });
  // A completed deal whose seeker shows a way to ask them: the successes page's inquiry dialog.
  const dealer = await providerAccount(lang, `Erfolg Zugang ${lang.toUpperCase()} ${uniqueToken()}`);
  await completedDeal(lang, dealer, {
    firstName: 'Lea',
    price: 380,
    rating: 5,
    testimonial: 'Schnell da, sauber gearbeitet.',
    showFirstName: true,
    contactVisible: true,
  });
  await dealer.api.dispose();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [...PUBLIC_PAGES, `/anbieter/${provider.id}`]) {
      await ready(page, path);
      await axe.check(page, path === `/anbieter/${provider.id}` ? '/anbieter/:id' : path);
    }
    await ready(page, `/anbieter/${provider.id}`);
    const report = await openDialog(page, page.getByTestId('report-provider'), 'report-dialog');
    await axe.check(page, '/anbieter/:id – report dialog');
    await closeDialog(page, report);
    await ready(page, '/erfolgreiche-deals');
    const inquiry = await openDialog(page, page.getByTestId('deal-ask').first(), 'inquiry-dialog');
    await axe.check(page, '/erfolgreiche-deals – inquiry dialog');
    await closeDialog(page, inquiry);
    await ready(page, '/');
    await withChatOpen(page, () => axe.check(page, '/ – chat open'));
    const demo = await openDialog(page, page.getByRole('button', { name: DEMO[lang].cta }), 'demo-dialog');
    await axe.check(page, '/ – demo dialog');
    await closeDialog(page, demo);
    await demoScreens(page, lang, axe);
  }
  await provider.api.dispose();
  axe.done();
});

const DEMO = {
  de: {
    cta: 'Demo ansehen',
    profile: 'Profil ansehen',
    message: 'Nachricht senden',
    unlock: 'Details freischalten (50 Goints)',
    offer: 'Angebot erstellen',
    description: 'Beschreibung',
    postcode: 'Postleitzahl',
    need: 'Meine Waschmaschine verliert Wasser und muss heute noch repariert werden, bitte schnell.',
    submit: 'Anfrage senden (Demo)',
    accept: 'Angebot annehmen',
  },
  en: {
    cta: 'Try the demo',
    profile: 'View profile',
    message: 'Send message',
    unlock: 'Unlock details (50 Goints)',
    offer: 'Make an offer',
    description: 'Description',
    postcode: 'Postcode',
    need: 'My washing machine is leaking water all over the kitchen floor and needs repairing today, please be quick.',
    submit: 'Send request (demo)',
    accept: 'Accept offer',
  },
};

/** The demo's screens (decision 041) and their dialogs: a provider's profile and message, the provider demo's offer, the seeker demo's acceptance. */
async function demoScreens(page: Page, lang: Lang, axe: ReturnType<typeof collector>) {
  const l = DEMO[lang];
  await ready(page, '/demo');
  const card = page.getByTestId('demo-provider-p1');
  const profile = await openRoleDialog(page, card.getByRole('button', { name: l.profile }));
  await axe.check(page, '/demo – provider profile dialog');
  await closeDialog(page, profile);
  const message = await openRoleDialog(page, card.getByRole('button', { name: l.message }));
  await axe.check(page, '/demo – message dialog');
  await closeDialog(page, message);

  await ready(page, '/anbieter/dashboard?demo=true');
  await axe.check(page, 'provider demo');
  const request = page.getByTestId('demo-request-r1');
  await request.getByRole('button', { name: l.unlock }).click();
  const offer = await openRoleDialog(page, request.getByRole('button', { name: l.offer }));
  await axe.check(page, 'provider demo – offer dialog');
  await closeDialog(page, offer);

  await ready(page, '/suchende-dashboard?demo=true');
  await axe.check(page, 'seeker demo');
  await page.getByLabel(l.description).fill(l.need);
  await page.getByLabel(l.postcode).fill('10115');
  await page.getByRole('button', { name: l.submit }).click();
  await expect(page.locator('[data-testid^="demo-offer-"]')).toHaveCount(3);
  await axe.check(page, 'seeker demo – offers');
  const accept = await openRoleDialog(page, page.getByTestId('demo-offer-o2').getByRole('button', { name: l.accept }));
  await axe.check(page, 'seeker demo – accept dialog');
  await closeDialog(page, accept);

  await ready(page, '/erfolgreiche-deals?demo=true');
  await axe.check(page, 'successful deals demo');
}

test('a toast: readable (contrast) and never over the floating chat button, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(180_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // The success toast of signing out, on the landing page with the chat's open button.
    await ready(page, '/');
    if (width < 1024) await page.getByRole('button', { name: /Menü|Menu/ }).click();
    await page.getByRole('button', { name: lang === 'de' ? 'Abmelden' : 'Sign out' }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const button = page.getByTestId('chat-open');
    await expect(button).toBeVisible();
    const t = (await toast.boundingBox())!;
    const b = (await button.boundingBox())!;
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlaps, `toast ${JSON.stringify(t)} and chat button ${JSON.stringify(b)} at ${width} px`).toBe(false);
    // The pointer on the toast holds it (sonner pauses) while axe reads the page.
    await toast.hover();
    await axe.check(page, 'toast (success)');
    await expect(toast).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`toast-${lang}-${width}.png`) });
    await page.mouse.move(0, 0);
    await expect(toast).toHaveCount(0, { timeout: 15_000 });
    await signUpVerified(page, 'seeker', lang);
  }
  axe.done();
});

test('seeker: dashboard tabs, dialogs, account pages and the chat open, at 390 and 1280 px', async ({ page, browser, lang }) => {
  test.setTimeout(600_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  const offer = { price: 420, beschreibung: 'Steckdosen im Bad tauschen, Material inklusive.', verfuegbarkeit: 'Morgen ab 8 Uhr' };
  // Needs in other words than the first (a request that reads like an earlier one waits for moderation).
  const needs = {
    de: [
      'Im Keller fliegt ständig die Sicherung raus, bitte heute einen Elektriker nach 50667 Köln, Budget bis 400 Euro',
      'Die Deckenlampe im Wohnzimmer flackert und summt, Elektriker in 50667 Köln gesucht, Budget 200 Euro',
    ],
    en: [
      'The fuse in my cellar keeps tripping, please send an electrician to 50667 Köln today, budget up to 400 euros',
      'The ceiling lamp in the living room flickers and hums, looking for an electrician in 50667 Köln, budget 200 euros',
    ],
  }[lang];
  // Three requests: one with an offer to accept, one whose deal waits for both sides (the cancel dialogs of both),
  // one whose deal is done and not yet reviewed (the review dialog).
  const { requestId } = await requestByChat(page.request, lang, 'Sam');
  const provider = await providerAccount(lang, `Elektro Zugang ${lang.toUpperCase()} ${uniqueToken()}`);
  await unlockAndOffer(provider, requestId, offer);
  await provider.api.dispose();
  const open = await requestByChat(page.request, lang, 'Sam', needs[0]);
  expect(open.status).toBe('open');
  const dealer = await providerAccount(lang, `Elektro Handschlag ${lang.toUpperCase()} ${uniqueToken()}`);
  await acceptOffer(page.request, await unlockAndOffer(dealer, open.requestId, offer));
  const done = await requestByChat(page.request, lang, 'Sam', needs[1]);
  expect(done.status).toBe('open');
  const finisher = await providerAccount(lang, `Elektro Fertig ${lang.toUpperCase()} ${uniqueToken()}`);
  const dealId = await acceptOffer(page.request, await unlockAndOffer(finisher, done.requestId, offer));
  await providerConfirms(finisher, dealId);
  const confirmed = await page.request.post(`/api/deals/${dealId}/confirm`, { headers: { origin: E2E_URL } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await finisher.api.dispose();
  // A bank account to remove (the removal's dialog).
  const bank = await page.request.post('/api/payout-methods', {
    headers: { origin: E2E_URL },
    data: { type: 'bank', iban: 'DE89370400440532013000', accountHolder: 'Sam Seeker', bic: 'COBADEFFXXX' },
  });
  expect(bank.status(), await bank.text()).toBe(201);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['requests', 'best', 'all', 'payouts']) {
      await ready(page, `/suchende-dashboard?tab=${tab}`);
      await axe.check(page, `seeker dashboard – ${tab}`);
      if (tab === 'best') {
        const accept = await openDialog(page, page.getByTestId('accept-offer').first(), 'accept-dialog');
        await axe.check(page, 'seeker dashboard – accept offer dialog');
        await closeDialog(page, accept);
        const details = await openDialog(page, page.getByTestId('offer-details').first(), 'offer-details-dialog');
        await axe.check(page, 'seeker dashboard – offer details dialog');
        await closeDialog(page, details);
        const cancel = await openDialog(page, page.getByTestId('cancel-deal').first(), 'cancel-deal-dialog');
        await axe.check(page, 'seeker dashboard – cancel deal dialog');
        await closeDialog(page, cancel);
        const review = await openDialog(page, page.getByTestId('review-deal').first(), 'review-dialog');
        await axe.check(page, 'seeker dashboard – review dialog');
        await closeDialog(page, review);
      }
      if (tab === 'requests') {
        await withChatOpen(page, () => axe.check(page, 'seeker dashboard – chat open'));
        const close = await openDialog(page, page.getByTestId('close-request').first(), 'close-request-dialog');
        await axe.check(page, 'seeker dashboard – close request dialog');
        await closeDialog(page, close);
      }
      if (tab === 'payouts') {
        const bank = await openDialog(page, page.getByTestId('add-bank'), 'add-bank-dialog');
        await axe.check(page, 'seeker payouts – add bank account dialog');
        await closeDialog(page, bank);
        // PayPal only where this installation offers it.
        if ((await page.getByTestId('add-paypal').count()) > 0) {
          const paypal = await openDialog(page, page.getByTestId('add-paypal'), 'add-paypal-dialog');
          await axe.check(page, 'seeker payouts – add PayPal dialog');
          await closeDialog(page, paypal);
        }
        const remove = await openDialog(page, page.getByTestId('remove-method').first(), 'remove-method-dialog');
        await axe.check(page, 'seeker payouts – remove method dialog');
        await closeDialog(page, remove);
      }
    }
    // The provider's side of the open deal: its cancel dialog.
    const other = await providerWindow(browser, lang, dealer, width);
    try {
      await ready(other.page, '/anbieter/dashboard');
      const cancel = await openDialog(other.page, other.page.getByTestId('cancel-deal').first(), 'cancel-deal-dialog');
      await axe.check(other.page, 'provider dashboard – cancel deal dialog');
      await closeDialog(other.page, cancel);
    } finally {
      await other.close();
    }
    for (const path of ['/konto/datenschutz', '/konto/entscheidungen', '/melden']) {
      await ready(page, path);
      await axe.check(page, path);
    }
  }
  await dealer.api.dispose();
  axe.done();
});

test('provider: dashboard tabs, unlock and offer dialogs and the chat open, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  await providerWithProfile(page, lang);
  // Two requests: the welcome bonus unlocks one (at 390 px); the other's dialog then says the Goints are short.
  await postRequestThroughChat(lang);
  await postRequestThroughChat(lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['matches', 'profile', 'purchases']) {
      await ready(page, `/anbieter/dashboard?tab=${tab}`);
      if (tab === 'matches') await expect(page.getByTestId('match-card').first()).toBeVisible();
      await axe.check(page, `provider dashboard – ${tab}`);
    }
    await ready(page, '/anbieter/dashboard');
    const unlock = await openDialog(page, page.getByTestId('unlock-match').first(), 'unlock-dialog');
    if (width === WIDTHS[0]) {
      await expect(unlock.getByTestId('unlock-confirm')).toBeEnabled();
      await axe.check(page, 'provider – unlock dialog');
      await unlock.getByTestId('unlock-confirm').click();
      await expect(unlock).toHaveCount(0);
    } else {
      await expect(unlock.getByTestId('unlock-buy-goints')).toBeVisible();
      await axe.check(page, 'provider – unlock dialog, Goints short');
      await closeDialog(page, unlock);
    }
    const offer = await openDialog(page, page.getByTestId('create-offer').first(), 'offer-dialog');
    await axe.check(page, 'provider – offer dialog');
    await closeDialog(page, offer);
    const shop = await openDialog(page, page.getByTestId('buy-goints'), 'goints-shop');
    await axe.check(page, 'provider – Goints shop dialog');
    await closeDialog(page, shop);
    await withChatOpen(page, () => axe.check(page, 'provider dashboard – chat open'));
  }
  axe.done();
});

test('partner: dashboard tabs and sub-tabs, support dialog, lesson, profile page, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(420_000);
  const axe = collector(lang);
  await signUpVerified(page, 'seeker', lang);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['dashboard', 'profile', 'marketing', 'academy']) {
      await ready(page, `/affiliate/dashboard?tab=${tab}`);
      await axe.check(page, `partner dashboard – ${tab}`);
    }
    for (const sub of ['methods', 'payouts']) {
      await ready(page, `/affiliate/dashboard?tab=profile&sub=${sub}`);
      await axe.check(page, `partner dashboard – profile/${sub}`);
    }
    await ready(page, '/affiliate/dashboard?tab=academy');
    const lesson = await openDialog(page, page.getByTestId('academy-lesson').first().getByRole('button').first(), 'academy-lesson-dialog');
    await axe.check(page, 'partner academy – lesson dialog');
    await closeDialog(page, lesson);
    await ready(page, '/affiliate/dashboard?tab=marketing');
    const material = await openDialog(page, page.getByTestId('material-open').first(), 'material-dialog');
    await axe.check(page, 'partner marketing – material dialog');
    await closeDialog(page, material);
    await ready(page, '/affiliate/dashboard');
    const invite = await openDialog(page, page.getByTestId('partner-invite'), 'invite-dialog');
    await axe.check(page, 'partner – invite dialog');
    await closeDialog(page, invite);
    const support = await openDialog(page, page.getByTestId('floating-support'), 'support-dialog');
    await axe.check(page, 'partner – support dialog');
    await closeDialog(page, support);
    await ready(page, '/affiliate/profile');
    await axe.check(page, '/affiliate/profile');
  }
  axe.done();
});

test('admin: every tab, the dialogs and the chat open, at 390 and 1280 px', async ({ page, lang }) => {
  test.setTimeout(600_000);
  const axe = collector(lang);
  // A report waiting for a decision, so the reports tab has a card and its dialog.
  const provider = await onboardedProvider(lang, { firmenname: `Gemeldet ${lang.toUpperCase()} ${uniqueToken()}` });
  const r = await page.request.post('/api/reports', {
    headers: { origin: E2E_URL },
    data: {
      contentType: 'provider',
      contentId: provider.id,
      ground: 'terms',
      category: 'fake',
      explanation: 'Die Firma gibt es unter dieser Adresse nicht.',
      goodFaith: true,
    },
  });
  expect(r.status(), await r.text()).toBe(201);
  await provider.api.dispose();
  // Another report, decided by the second admin and objected to by the provider: this admin decides the objection.
  const objector = await onboardedProvider(lang, { firmenname: `Widerspruch ${lang.toUpperCase()} ${uniqueToken()}` });
  const second = await page.request.post('/api/reports', {
    headers: { origin: E2E_URL },
    data: {
      contentType: 'provider',
      contentId: objector.id,
      ground: 'terms',
      category: 'fake',
      explanation: 'Unter dieser Adresse gibt es keinen Betrieb.',
      goodFaith: true,
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const { reportId } = (await second.json()) as { reportId: string };
  const admin2 = await playwrightRequest.newContext({ baseURL: E2E_URL });
  try {
    await signInAdmin(admin2, E2E_ADMIN_2);
    const decided = await admin2.post(`/api/admin/reports/${reportId}/decide`, {
      headers: { origin: E2E_URL },
      data: {
        decision: 'restrict',
        ground: 'terms',
        provision: 'AGB § 5',
        reason: 'Die Adresse gehört zu keinem Betrieb; bis zur Klärung wird die Seite nicht gelistet.',
      },
    });
    expect(decided.ok(), await decided.text()).toBe(true);
  } finally {
    await admin2.dispose();
  }
  const objected = await objector.api.post(`/api/me/report-decisions/${reportId}/objection`, {
    headers: { origin: E2E_URL },
    data: { text: 'Wir sind unter dieser Adresse im Handelsregister eingetragen (HRB 4711).' },
  });
  expect(objected.ok(), await objected.text()).toBe(true);
  await objector.api.dispose();
  await signInAdmin(page.request);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ADMIN_TABS) {
      await ready(page, `/admin?tab=${tab}`);
      await expect(page.getByTestId('admin-page')).toHaveAttribute('data-tab', tab);
      await axe.check(page, `admin – ${tab}`);
    }
    await ready(page, '/admin?tab=reports');
    const decide = await openDialog(page, page.getByTestId('report-decide').first(), 'report-decide-dialog');
    await axe.check(page, 'admin – report decision dialog');
    await closeDialog(page, decide);
    const objection = await openDialog(
      page,
      page.locator(`[data-testid="admin-report"][data-report-id="${reportId}"]`).getByTestId('report-decide-objection'),
      'report-objection-dialog',
    );
    await axe.check(page, 'admin – objection dialog');
    await closeDialog(page, objection);
    await withChatOpen(page, () => axe.check(page, 'admin – chat open'));

    await ready(page, '/admin?tab=overview');
    const db = await openDialog(page, page.getByTestId('admin-db-open'), 'admin-db-tools');
    await axe.check(page, 'admin – database tools dialog');
    await closeDialog(page, db);
    await ready(page, '/admin?tab=users');
    const user = await openDialog(page, page.getByTestId('user-open').first(), 'user-dialog');
    await expect(user.getByTestId('user-suspend')).toBeVisible();
    await axe.check(page, 'admin – user dialog');
    // The reason dialog over the user's (not sent: Escape closes the top one only).
    const reason = await openDialog(page, user.getByTestId('user-suspend'), 'reason-dialog');
    await axe.check(page, 'admin – reason dialog (suspend)');
    await closeDialog(page, reason);
    await closeDialog(page, user);
    await ready(page, '/admin?tab=preise');
    const price = await openDialog(page, page.getByTestId('price-add'), 'price-dialog');
    await axe.check(page, 'admin – price dialog');
    await closeDialog(page, price);
    await ready(page, '/admin?tab=content');
    const material = await openDialog(page, page.getByTestId('content-material-new'), 'content-material-dialog');
    await axe.check(page, 'admin – content material dialog');
    await closeDialog(page, material);
    const remove = await openDialog(page, page.getByTestId('content-delete').first(), 'confirm-dialog');
    await axe.check(page, 'admin – confirm dialog (delete material)');
    await closeDialog(page, remove);
    await page.getByTestId('content-tab-videos').click();
    const video = await openDialog(page, page.getByTestId('content-video-new'), 'content-video-dialog');
    await axe.check(page, 'admin – content video dialog');
    await closeDialog(page, video);
  }
  axe.done();
});
