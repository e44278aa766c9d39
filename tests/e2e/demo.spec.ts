// Demo mode (decision 041): the landing page's demo dialog, /demo with its five providers and three deals,
// the provider flow (unlock with demo Goints, offer) and the seeker flow (form and chat, offers, accept,
// confirm), the label on every demo screen, the specification's other addresses, and that nothing in demo
// mode reaches an endpoint that writes or changes a real figure; at 390 and 1280 px in the project's language.
import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll, signInAdmin } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const t = {
  de: {
    banner: 'Demo – alle Daten sind erfunden',
    demoCta: 'Demo ansehen',
    dialogTitle: 'akut ausprobieren',
    fictional: 'Alle Daten in der Demo sind erfunden.',
    seekerCta: 'Suchenden-Demo starten',
    providerCta: 'Anbieter-Demo starten',
    demoH1: 'akut ausprobieren',
    profile: 'Profil ansehen',
    message: 'Nachricht senden',
    save: 'Sanitär Sonnenschein merken',
    unsave: 'Sanitär Sonnenschein nicht mehr merken',
    favourites: '1 Favorit gemerkt',
    messageEmpty: 'Bitte schreib eine Nachricht.',
    messageSent: 'Demo: Die Nachricht wurde nicht verschickt.',
    send: 'Senden',
    examples: 'Beispielzahlen',
    providerH1: 'Anbieter-Dashboard',
    unlock: 'Details freischalten (50 Goints)',
    unlocked: '✓ Details freigeschaltet',
    makeOffer: 'Angebot erstellen',
    price: 'Preis in Euro',
    description: 'Beschreibung',
    sendOffer: 'Angebot senden',
    priceInvalid: 'Bitte gib einen Preis zwischen 1 und 1.000.000 € an.',
    textEmpty: 'Bitte beschreib dein Angebot.',
    offerSent: 'Angebot gesendet: 420 €',
    reset: 'Demo zurücksetzen',
    seekerH1: 'Dein Dashboard',
    postcode: 'Postleitzahl',
    need: 'Meine Waschmaschine verliert Wasser und muss heute noch repariert werden, bitte schnell.',
    submit: 'Anfrage senden (Demo)',
    tooShort: 'Bitte beschreib deinen Bedarf in mindestens 10 Zeichen.',
    postcodeInvalid: 'Bitte gib eine fünfstellige Postleitzahl an.',
    arrived: '3 Demo-Angebote sind eingegangen.',
    accept: 'Angebot annehmen',
    acceptConfirm: 'Annehmen',
    accepted: 'Angebot von Elektro Blitzblank angenommen',
    confirmDeal: 'Deal bestätigen',
    done: 'Deal abgeschlossen',
    share: '7,50 €',
    chatInput: 'Deine Nachricht',
    chatSend: 'Senden',
    chatThanks: 'Danke! Daraus wird eine Demo-Anfrage.',
    dealsH1: 'Erfolgreiche Deals',
    volume: '18.030 €',
    openChat: 'Chat öffnen',
  },
  en: {
    banner: 'Demo – all data is fictional',
    demoCta: 'Try the demo',
    dialogTitle: 'Try akut',
    fictional: 'All data in the demo is fictional.',
    seekerCta: 'Start the seeker demo',
    providerCta: 'Start the provider demo',
    demoH1: 'Try akut',
    profile: 'View profile',
    message: 'Send message',
    save: 'Save Sanitär Sonnenschein',
    unsave: 'Remove Sanitär Sonnenschein from saved',
    favourites: '1 favourite saved',
    messageEmpty: 'Please write a message.',
    messageSent: 'Demo: the message was not sent.',
    send: 'Send',
    examples: 'Sample figures',
    providerH1: 'Provider dashboard',
    unlock: 'Unlock details (50 Goints)',
    unlocked: '✓ Details unlocked',
    makeOffer: 'Make an offer',
    price: 'Price in euros',
    description: 'Description',
    sendOffer: 'Send offer',
    priceInvalid: 'Please enter a price between €1 and €1,000,000.',
    textEmpty: 'Please describe your offer.',
    offerSent: 'Offer sent: €420',
    reset: 'Reset demo',
    seekerH1: 'Your dashboard',
    postcode: 'Postcode',
    need: 'My washing machine is leaking water all over the kitchen floor and needs repairing today, please be quick.',
    submit: 'Send request (demo)',
    tooShort: 'Please describe your need in at least 10 characters.',
    postcodeInvalid: 'Please enter a five-digit postcode.',
    arrived: '3 demo offers have arrived.',
    accept: 'Accept offer',
    acceptConfirm: 'Accept',
    accepted: 'Offer from Elektro Blitzblank accepted',
    confirmDeal: 'Confirm deal',
    done: 'Deal completed',
    share: '€7.50',
    chatInput: 'Your message',
    chatSend: 'Send',
    chatThanks: 'Thank you! This becomes a demo request.',
    dealsH1: 'Successful deals',
    volume: '€18,030',
    openChat: 'Open chat',
  },
} as const;

/** Every request the page sends to the API other than a read: a demo must send none. */
function watchWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method())) writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

/** The real figures as the admin sees them: users, requests, deals, ledger transactions, partners. */
async function realFigures(): Promise<Record<string, number>> {
  const ctx = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  try {
    await signInAdmin(ctx);
    const res = await ctx.get('/api/admin/overview');
    expect(res.ok()).toBe(true);
    const body = (await res.json()) as Record<string, unknown>;
    const deals = await ctx.get('/api/successful-deals');
    expect(deals.ok()).toBe(true);
    const { summary } = (await deals.json()) as { summary: { count: number; volumeCents: number } };
    return {
      ...Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'number') as [string, number][]),
      successfulDeals: summary.count,
      successfulVolumeCents: summary.volumeCents,
    };
  } finally {
    await ctx.dispose();
  }
}

const banner = (page: Page) => page.getByTestId('demo-banner');

async function providerFlow(page: Page, l: (typeof t)['de' | 'en']) {
  // The specification's address, redirected to the real page with the query kept.
  await page.goto('/anbieter-dashboard?demo=true');
  await expect(page).toHaveURL(/\/anbieter\/dashboard\?demo=true$/);
  await expect(banner(page)).toContainText(l.banner);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(l.providerH1);
  await expect(page.getByTestId('demo-balance')).toHaveText('500 Goints');
  const card = page.getByTestId('demo-request-r1');
  // A teaser: the text cut, the postcode masked, no contact.
  await expect(card).toContainText('10***');
  await expect(card).not.toContainText('030 23125 201');
  await expect(card.getByTestId('demo-contact')).toHaveCount(0);
  // The specification's match-2 starts unlocked.
  await expect(page.getByTestId('demo-request-r2').getByTestId('demo-contact')).toContainText('030 23125 202');
  await card.getByRole('button', { name: l.unlock }).click();
  await expect(page.getByTestId('demo-balance')).toHaveText('450 Goints');
  await expect(card.getByTestId('demo-contact')).toContainText(l.unlocked);
  await expect(card.getByTestId('demo-contact')).toContainText('030 23125 201');
  await expect(card.getByTestId('demo-contact')).toContainText('jana@demo-anfrage.example');
  await expect(card).toContainText('10115');

  await card.getByRole('button', { name: l.makeOffer }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Demo');
  await dialog.getByRole('button', { name: l.sendOffer }).click();
  await expect(dialog.getByText(l.priceInvalid)).toBeVisible();
  await expect(dialog.getByText(l.textEmpty)).toBeVisible();
  await dialog.getByLabel(l.price).fill('420');
  await dialog.getByLabel(l.description).fill('Heute ab 16 Uhr, Anfahrt inklusive.');
  await dialog.getByRole('button', { name: l.sendOffer }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(l.offerSent);
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: l.reset }).click();
  await expect(page.getByTestId('demo-balance')).toHaveText('500 Goints');
  await expect(card.getByTestId('demo-contact')).toHaveCount(0);
  // The real chat is not offered on a demo screen.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: l.openChat })).toHaveCount(0);
}

async function acceptAndConfirm(page: Page, l: (typeof t)['de' | 'en']) {
  await expect(page.getByText(l.arrived)).toBeVisible();
  await expect(page.locator('[data-testid^="demo-offer-"]')).toHaveCount(3);
  await page.getByTestId('demo-offer-o2').getByRole('button', { name: l.accept }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Elektro Blitzblank');
  await expect(dialog).toContainText('Demo');
  await dialog.getByRole('button', { name: l.acceptConfirm }).click();
  const deal = page.getByTestId('demo-deal');
  await expect(deal.getByRole('heading')).toHaveText(l.accepted);
  await deal.getByRole('button', { name: l.confirmDeal }).click();
  await expect(deal.getByRole('heading')).toHaveText(l.done);
  await expect(deal).toContainText(l.share);
  await expect(deal.locator('a[href="/auth?mode=seeker"]')).toBeVisible();
}

async function seekerFlow(page: Page, l: (typeof t)['de' | 'en']) {
  await page.goto('/suchende-dashboard?demo=true');
  await expect(banner(page)).toContainText(l.banner);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(l.seekerH1);
  await page.getByRole('button', { name: l.submit }).click();
  await expect(page.getByText(l.tooShort)).toBeVisible();
  await expect(page.getByText(l.postcodeInvalid)).toBeVisible();
  await page.getByLabel(l.description).fill(l.need);
  await page.getByLabel(l.postcode).fill('10115');
  await page.getByRole('button', { name: l.submit }).click();
  const teaser = page.getByTestId('demo-teaser');
  await expect(teaser).toContainText('10***');
  await expect(teaser).toContainText(`${l.need.slice(0, 80)}...`);
  await acceptAndConfirm(page, l);
  await expectNoHorizontalScroll(page);

  // The same by chat, at the chat's own address.
  await page.goto('/search?demo=true');
  await expect(banner(page)).toContainText(l.banner);
  await page.getByLabel(l.chatInput).fill(l.need);
  await page.getByRole('button', { name: l.chatSend }).click();
  await expect(page.getByTestId('demo-chat')).toContainText(l.need);
  await expect(page.getByTestId('demo-chat')).toContainText(l.chatThanks);
  await acceptAndConfirm(page, l);
  await expectNoHorizontalScroll(page);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
    });

    test('the landing page opens the demo dialog: seeker demo, provider demo, all data fictional', async ({ page, lang }) => {
      const l = t[lang];
      await page.goto('/');
      await page.getByRole('button', { name: l.demoCta }).click();
      const dialog = page.getByRole('dialog', { name: l.dialogTitle });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(l.fictional);
      await expect(dialog.getByRole('link', { name: l.seekerCta })).toHaveAttribute('href', '/suchende-dashboard?demo=true');
      await expect(dialog.locator('a[href="/demo"]')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await dialog.getByRole('link', { name: l.providerCta }).click();
      await expect(page).toHaveURL(/\/anbieter\/dashboard\?demo=true$/);
      await expect(banner(page)).toContainText(l.banner);
      await expect(page.getByTestId('demo-balance')).toHaveText('500 Goints');
    });

    test('/demo: labelled, five providers with heart, profile and message, three deals, figures as examples, no serious accessibility violation', async ({
      page,
      lang,
    }) => {
      const l = t[lang];
      const writes = watchWrites(page);
      await page.goto('/demo');
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.demoH1);
      await expect(banner(page)).toContainText(l.banner);
      await expect(page.locator('[data-testid^="demo-provider-p"]')).toHaveCount(5);
      await expect(page.getByRole('button', { name: l.profile })).toHaveCount(5);
      await expect(page.getByRole('button', { name: l.message })).toHaveCount(5);
      await expect(page.getByTestId('demo-deals-sidebar').locator('[data-testid^="demo-deal-d"]')).toHaveCount(3);
      await expect(page.getByTestId('demo-figures')).toContainText(l.examples);
      await expect(page.getByRole('main').locator('a[href="/auth?mode=provider"]')).toBeVisible();
      await expect(page.getByRole('main').locator('a[href="/auth?mode=seeker"]')).toBeVisible();
      await expectNoHorizontalScroll(page);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual(
        [],
      );

      const first = page.getByTestId('demo-provider-p1');
      await first.getByRole('button', { name: l.save }).click();
      await expect(first.getByRole('button', { name: l.unsave })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('demo-favourites')).toContainText(l.favourites);

      await first.getByRole('button', { name: l.profile }).click();
      let dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('kontakt@sanitaer-sonnenschein.example');
      await expect(dialog).toContainText(l.banner);
      await dialog.getByRole('button', { name: l.message }).click();
      dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: l.send, exact: true }).click();
      await expect(dialog.getByText(l.messageEmpty)).toBeVisible();
      await dialog.getByRole('textbox').fill('Hallo, haben Sie heute noch Zeit?');
      await dialog.getByRole('button', { name: l.send, exact: true }).click();
      await expect(dialog).toContainText(l.messageSent);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(writes).toEqual([]);
    });

    test('provider demo: teasers, unlock with demo Goints, contact after the unlock, an offer; nothing is written', async ({ page, lang }) => {
      const writes = watchWrites(page);
      await providerFlow(page, t[lang]);
      expect(writes).toEqual([]);
    });

    test('seeker demo: describe a need in the form and in the chat, offers arrive, accept one, confirm; nothing is written', async ({ page, lang }) => {
      const writes = watchWrites(page);
      await seekerFlow(page, t[lang]);
      expect(writes).toEqual([]);
    });

    test('successful deals in demo mode, at the specification address too', async ({ page, lang }) => {
      const l = t[lang];
      await page.goto('/successful-deals?demo=true');
      await expect(page).toHaveURL(/\/erfolgreiche-deals\?demo=true$/);
      await expect(banner(page)).toContainText(l.banner);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(l.dealsH1);
      await expect(page.getByTestId('demo-deals-summary')).toContainText(l.volume);
      await expect(page.locator('[data-testid^="demo-deal-d"]')).toHaveCount(6);
      await expectNoHorizontalScroll(page);
      // The real page is not the demo.
      await page.goto('/erfolgreiche-deals');
      await expect(banner(page)).toHaveCount(0);
      await page.goto('/affiliate-anbieter');
      await expect(page).toHaveURL(/\/affiliate\/anbieter$/);
    });
  });
}

test('nothing in demo mode changes real data: the real figures are the same before and after both demos @after-all', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const before = await realFigures();
  expect(Object.keys(before).length).toBeGreaterThanOrEqual(5);
  const writes = watchWrites(page);
  await providerFlow(page, t[lang]);
  await seekerFlow(page, t[lang]);
  expect(writes).toEqual([]);
  expect(await realFigures()).toEqual(before);
});

test('demo dashboards: no serious accessibility violation', async ({ page }) => {
  for (const p of ['/anbieter/dashboard?demo=true', '/suchende-dashboard?demo=true', '/search?demo=true', '/erfolgreiche-deals?demo=true']) {
    await page.goto(p);
    await expect(banner(page)).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`),
      p,
    ).toEqual([]);
  }
});
