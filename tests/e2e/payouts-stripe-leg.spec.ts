// The Stripe leg of a payout after onboarding, in the browser (decisions 081, 088), German and English: the
// person at 390 px, the admin at 1280 px. Like payouts-stripe.spec.ts this runs an app of its own in production
// mode against a local fake of Stripe's API; its database is seeded before it starts with an admin who has
// TOTP and a seeker with 60,00 € of deal earnings, whose Stripe account Stripe has checked (account.updated).
// The seeker asks for 25,00 € on the payout screen; the admin signs in with the TOTP code and approves it in the
// payout tab, which sends the transfer to Stripe at once; Stripe's payout.paid marks it paid on the seeker's
// open page. A second payout of 30,00 € is approved, then Stripe takes 12,00 € of its transfer back: the
// seeker's history shows the reversal, the earnings grow by 12,00 €, and the admin's payout row says so.
// Webhook events are signed with the Stripe library's own test helper, as Stripe signs them.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import type { Browser, Page } from '@playwright/test';
import { test, expect, adminTotpUri, expectNoHorizontalScroll, totpFromUri, type Lang } from './fixtures.ts';
import { E2E_PASSWORD } from './e2e-env.ts';
import { APP_PROCESS_SECRETS, startAppProcess, type AppProcess } from '../helpers/app-process.ts';
import { startFakeStripeServer, type FakeStripeServer } from '../helpers/fake-stripe-server.ts';

const WEBHOOK_SECRET = 'whsec_akut_test';
const signer = new Stripe('sk_test_akut');
/** A time as the admin area writes it: date and time in German time (formatDateTimeBerlin, decision 071). */
const berlinTime = (lang: Lang, ms: number) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(ms);
const euro = (lang: Lang, cents: number) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const T = {
  de: {
    amountInput: (cents: number) => (cents / 100).toFixed(2).replace('.', ','),
    requested: 'Auszahlung erfolgreich beantragt',
    pending: 'In Bearbeitung',
    waiting: 'Wartet auf Freigabe',
    transferring: 'Überweisung läuft',
    paidOut: 'Ausgezahlt',
    paidOn: /Ausgezahlt am \d{2}\.\d{2}\.\d{4}/,
    livePaid: (a: string) => `Deine Auszahlung über ${a} wurde ausgezahlt.`,
    livePaidPart: (paid: string, of: string, back: string) => `${paid} deiner Auszahlung über ${of} wurden ausgezahlt; ${back} hat Stripe zurückgebucht.`,
    liveReversed: (back: string, of: string) => `Stripe hat ${back} deiner Auszahlung über ${of} zurückgebucht. Der Betrag ist wieder in deinem Guthaben.`,
    reversed: (a: string) => `Stripe hat ${a} zurückgebucht – wieder auf deinem Guthaben`,
    email: /E-Mail/i,
    password: /^Passwort/i,
    signIn: /^Anmelden$/i,
    code: /Code/i,
    verify: /Bestätigen|Prüfen|Weiter/i,
    approved: 'Auszahlung freigegeben',
    adminProcessing: 'In Ausführung',
    adminPaid: 'Ausgezahlt',
    adminReversed: (a: string) => `Stripe hat ${a} zurückgebucht (wieder im Guthaben der Person)`,
    stripeAccount: (last4: string) => `Stripe-Konto •••• ${last4}`,
    adminPaidAt: (when: string) => `Ausgezahlt am ${when}`,
  },
  en: {
    amountInput: (cents: number) => (cents / 100).toFixed(2),
    requested: 'Payout requested',
    pending: 'Processing',
    waiting: 'Waiting for approval',
    transferring: 'Transfer in progress',
    paidOut: 'Paid out',
    paidOn: /Paid out on \d{1,2} \w{3} \d{4}/,
    livePaid: (a: string) => `Your payout of ${a} has been paid out.`,
    livePaidPart: (paid: string, of: string, back: string) => `${paid} of your ${of} payout has been paid out; Stripe took ${back} back.`,
    liveReversed: (back: string, of: string) => `Stripe took ${back} of your ${of} payout back. It is in your balance again.`,
    reversed: (a: string) => `Stripe took ${a} back – it is in your balance again`,
    email: /E-mail|Email/i,
    password: /^Password/i,
    signIn: /^Sign in$/i,
    code: /Code/i,
    verify: /Verify|Confirm|Continue/i,
    approved: 'Payout approved',
    adminProcessing: 'In progress',
    adminPaid: 'Paid out',
    adminReversed: (a: string) => `Stripe took ${a} back (in the person’s balance again)`,
    stripeAccount: (last4: string) => `Stripe account •••• ${last4}`,
    adminPaidAt: (when: string) => `Paid out ${when}`,
  },
} as const;

let stripe: FakeStripeServer;
let app: AppProcess;
let people: { admin: { email: string; totpRawSecret: string }; seeker: { email: string; id: string } };
let eventNo = 0;

test.beforeAll(async ({}, info) => {
  test.setTimeout(240_000);
  const lang = (info.project.metadata as { lang: Lang }).lang;
  stripe = await startFakeStripeServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-e2e-stripe-leg-'));
  const token = crypto.randomBytes(4).toString('hex');
  const admin = { email: `admin-${token}@example.com`, totpRawSecret: crypto.randomBytes(24).toString('base64url').slice(0, 32) };
  const seekerEmail = `stripe-leg-${lang}-${token}@example.com`;
  // The app's database before the app: PGlite is one process's at a time.
  const seeded = spawnSync(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      path.resolve(import.meta.dirname, '../helpers/seed-stripe-leg.ts'),
      JSON.stringify({
        pgliteDir: path.join(dataDir, 'pglite'),
        authSecret: APP_PROCESS_SECRETS.AUTH_SECRET,
        password: E2E_PASSWORD,
        admin: { ...admin, backupCodes: [] },
        seeker: { email: seekerEmail, name: 'Stefanie Stripe', locale: lang, earningsCents: 6000 },
      }),
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const ids = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as { seekerId: string };
  people = { admin, seeker: { email: seekerEmail, id: ids.seekerId } };
  app = await startAppProcess(
    'e2e-stripe-leg',
    {
      NODE_ENV: 'production',
      // This app's own PGlite database (seeded above), whatever database the shared test server uses.
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: 'sk_test_akut',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SECURE_COOKIES: 'false',
    },
    { timeoutMs: 120_000, dataDir },
  );
});
test.afterAll(async () => {
  await app?.stop();
  await stripe?.close();
});

/** A Stripe event as Stripe sends it to the webhook endpoint, signed with the endpoint's secret. */
async function deliver(type: string, object: object, connectedAccount?: string): Promise<string> {
  eventNo += 1;
  const payload = JSON.stringify({
    id: `evt_leg_${eventNo}_${crypto.randomBytes(4).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    ...(connectedAccount ? { account: connectedAccount } : {}),
    data: { object },
  });
  // From outside any browser, as Stripe posts it: no cookies, no origin.
  const res = await fetch(`${app.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    body: payload,
  });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { outcome: string }).outcome;
}

const bankPayout = (id: string) => ({
  id,
  object: 'payout',
  status: 'paid',
  created: Math.floor(Date.now() / 1000) + 1,
  failure_message: null,
  failure_code: null,
});

/** The admin's window at 1280 px, signed in through the sign-in page with the password and the TOTP code. */
async function adminSignsIn(browser: Browser, lang: Lang) {
  const l = T[lang];
  const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB', baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
  await context.addInitScript((lng) => localStorage.setItem('i18nextLng', lng), lang);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/auth?next=/admin');
  await page.getByLabel(l.email).fill(people.admin.email);
  await page.getByLabel(l.password).fill(E2E_PASSWORD);
  await page.getByRole('button', { name: l.signIn }).click();
  await page.getByLabel(l.code).fill(totpFromUri(adminTotpUri(people.admin)));
  await page.getByRole('button', { name: l.verify }).click();
  // Not /\/admin$/: the sign-in page's own address (/auth?next=/admin) ends so too.
  await page.waitForURL((u) => u.pathname === '/admin');
  return { page, errors, close: () => context.close() };
}

test('a seeker is paid out through Stripe: request, the admin’s approval, the transfer, payout.paid, then a partial reversal', async ({
  page,
  browser,
  lang,
}, info) => {
  test.setTimeout(240_000);
  const l = T[lang];
  // The person's payout area as an element (a full-page picture of a scrolled page draws the sticky header
  // and the hidden skip link mid-page); the admin's page whole.
  const shot = (p: Page, name: string) =>
    p === page
      ? page.getByTestId('payouts-panel').screenshot({ path: info.outputPath(`${name}-${lang}.png`) })
      : p.screenshot({ path: info.outputPath(`${name}-${lang}.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const signIn = await page.request.post(`${app.baseUrl}/api/auth/sign-in/email`, {
    data: { email: people.seeker.email, password: E2E_PASSWORD },
    headers: { origin: app.baseUrl },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  // Onboarding is behind the person already (payouts-stripe.spec.ts walks it): the Express account exists and
  // Stripe's account.updated says it is checked.
  const started = await page.request.post(`${app.baseUrl}/api/payout-methods/stripe`, {
    data: { returnPath: '/suchende-dashboard?tab=payouts' },
    headers: { origin: app.baseUrl },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const accountId = [...stripe.accounts.values()].find((a) => a.metadata.akutUserId === people.seeker.id)!.id;
  expect(await deliver('account.updated', stripe.completeOnboarding(accountId), accountId)).toBe('status enabled');

  // 1. The request on the payout screen.
  await page.goto(`${app.baseUrl}/suchende-dashboard?tab=payouts`);
  await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 6000));
  await expect(page.getByTestId('payout-method-select')).toContainText('Stripe');
  await expect(page.getByTestId('payout-history-empty')).toBeVisible();
  await page.getByTestId('payout-amount').fill(l.amountInput(2500));
  await shot(page, '1-request');
  await page.getByTestId('payout-submit').click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: l.requested })).toContainText(euro(lang, 2500));
  await expect(page.getByTestId('payout-row')).toHaveCount(1);
  const firstId = (await page.getByTestId('payout-row').getAttribute('data-payout-id'))!;
  const payoutRow = (id: string) => page.locator(`[data-testid="payout-row"][data-payout-id="${id}"]`);
  const first = payoutRow(firstId);
  await expect(first.getByTestId('payout-amount-cell')).toContainText(euro(lang, 2500));
  await expect(first.getByTestId('payout-status')).toHaveText(l.pending);
  await expect(first.getByTestId('payout-row-method')).toContainText(l.stripeAccount(accountId.slice(-4)));
  await expect(first.getByTestId('payout-details')).toHaveText(l.waiting);
  await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 3500));
  await expectNoHorizontalScroll(page);
  await shot(page, '2-requested');

  // 2. The admin approves it; the approval sends the transfer to Stripe with the payout's id.
  const admin = await adminSignsIn(browser, lang);
  try {
    const a = admin.page;
    await a.goto('/admin?tab=payouts');
    const queued = a.locator(`[data-testid="payout-queue"] [data-payout-id="${firstId}"]`);
    await expect(queued).toContainText(people.seeker.email);
    await expect(queued).toContainText(euro(lang, 2500));
    // Where it goes: the Stripe account, with no empty holder before it.
    // One wording of a Stripe account everywhere (payouts:stripe.account).
    await expect(queued.getByTestId('admin-payout-method')).toHaveText(new RegExp(`^${l.stripeAccount(accountId.slice(-4))}`));
    await shot(a, '3-admin-queue');
    await queued.getByTestId('payout-approve').click();
    await expect(a.locator('[data-sonner-toast]').filter({ hasText: l.approved })).toBeVisible();
    await expect(queued).toHaveCount(0);
    await expect
      .poll(() =>
        [...stripe.transfers.values()].filter((t) => t.metadata.akutPayoutId === firstId).map((t) => ({ amount: t.amount, destination: t.destination })),
      )
      .toEqual([{ amount: 2500, destination: accountId }]);
    const listed = a.locator(`[data-testid="payout-all"] [data-payout-id="${firstId}"]`);
    await expect(listed.getByTestId('admin-payout-status')).toHaveText(l.adminProcessing);

    // 3. The seeker's open page follows: the transfer runs, then Stripe's payout.paid to the bank.
    await expect(first.getByTestId('payout-details')).toHaveText(l.transferring);
    await shot(page, '4-transferring');
    const paidFrom = Date.now();
    expect(await deliver('payout.paid', bankPayout(`po_leg_${lang}_1`), accountId)).toBe('paid 1');
    const paidTo = Date.now();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: l.livePaid(euro(lang, 2500)) })).toBeVisible();
    await expect(first.getByTestId('payout-status')).toHaveText(l.paidOut);
    await expect(first.getByTestId('payout-details')).toHaveText(l.paidOn);
    await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 3500));
    await shot(page, '5-paid');

    // 4. A second payout; Stripe takes 12,00 € of its transfer back (an admin in Stripe's dashboard).
    await page.getByTestId('payout-amount').fill(l.amountInput(3000));
    await page.getByTestId('payout-submit').click();
    await expect(page.getByTestId('payout-row')).toHaveCount(2);
    // Newest first.
    const secondId = (await page.getByTestId('payout-row').first().getAttribute('data-payout-id'))!;
    expect(secondId).not.toBe(firstId);
    const second = payoutRow(secondId);
    await expect(second.getByTestId('payout-amount-cell')).toContainText(euro(lang, 3000));
    await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 500));

    await a.reload();
    const queued2 = a.locator(`[data-testid="payout-queue"] [data-payout-id="${secondId}"]`);
    await expect(queued2).toContainText(euro(lang, 3000));
    await queued2.getByTestId('payout-approve').click();
    await expect(queued2).toHaveCount(0);
    await expect.poll(() => [...stripe.transfers.values()].filter((t) => t.metadata.akutPayoutId === secondId).length).toBe(1);
    const transfer = [...stripe.transfers.values()].find((t) => t.metadata.akutPayoutId === secondId)!;
    await expect(second.getByTestId('payout-details')).toHaveText(l.transferring);

    stripe.reverseTransfer(transfer.id, 1200);
    expect(await deliver('transfer.reversed', transfer)).toBe('reversed 1200');
    // The notice names what came back, in the page's language.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: l.liveReversed(euro(lang, 1200), euro(lang, 3000)) })).toBeVisible();
    await expect(second.getByTestId('payout-reversed')).toHaveText(l.reversed(euro(lang, 1200)));
    await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 1700));
    await expect(second.getByTestId('payout-status')).toHaveText(l.pending);
    await expectNoHorizontalScroll(page);
    await shot(page, '6-reversed');

    // The rest reaches the bank: paid, the reversal still shown, the earnings unchanged.
    expect(await deliver('payout.paid', bankPayout(`po_leg_${lang}_2`), accountId)).toBe('paid 1');
    // What reached the bank, not the amount asked for.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: l.livePaidPart(euro(lang, 1800), euro(lang, 3000), euro(lang, 1200)) })).toBeVisible();
    await expect(second.getByTestId('payout-status')).toHaveText(l.paidOut);
    await expect(second.getByTestId('payout-reversed')).toHaveText(l.reversed(euro(lang, 1200)));
    await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 1700));

    // After a reload too, and on the admin's payout row.
    await page.reload();
    await expect(page.getByTestId('payout-row')).toHaveCount(2);
    await expect(second.getByTestId('payout-reversed')).toHaveText(l.reversed(euro(lang, 1200)));
    await expect(second.getByTestId('payout-details')).toContainText(l.paidOn);
    await expect(first.getByTestId('payout-reversed')).toHaveCount(0);
    await expect(page.getByTestId('payout-available')).toHaveText(euro(lang, 1700));
    await expectNoHorizontalScroll(page);
    await shot(page, '7-history-reload');

    await a.reload();
    const row = a.locator(`[data-testid="payout-all"] [data-payout-id="${secondId}"]`);
    await expect(row.getByTestId('admin-payout-status')).toHaveText(l.adminPaid);
    await expect(row.getByTestId('payout-reversed')).toHaveText(l.adminReversed(euro(lang, 1200)));
    await expect(a.locator(`[data-testid="payout-all"] [data-payout-id="${firstId}"]`).getByTestId('payout-reversed')).toHaveCount(0);
    // When each was paid, in German time as every admin time (decision 071), in the page's language.
    const paidAt = a.locator(`[data-testid="payout-all"] [data-payout-id="${firstId}"]`).getByTestId('admin-payout-paid-at');
    const minutes = [paidFrom, paidTo].map((ms) => ` · ${l.adminPaidAt(berlinTime(lang, ms))}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(paidAt).toHaveText(new RegExp(`^(${minutes.join('|')})$`));
    await expect(row.getByTestId('admin-payout-paid-at')).toBeVisible();
    await expectNoHorizontalScroll(a);
    await shot(a, '8-admin-row');
    expect(admin.errors, 'console errors in the admin window').toEqual([]);
  } finally {
    await admin.close();
  }
});
