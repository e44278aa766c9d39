// Paying out a seeker's earnings, in German and English. Earnings come only from a completed deal paid
// with paid Goints: five providers with bought Goints unlock the seeker's request (5 × 50 Goints), one offer
// is accepted and both confirm, so the seeker's half is 125 Goints = 12,50 € (welcome-bonus Goints would
// earn nothing, decision 019). The seeker adds a bank account and asks for a payout; an admin
// approves it, puts it into a SEPA file, marks the file sent and paid; the seeker sees 'Ausgezahlt' live.
// Below the 10 € minimum the button stays disabled; adding PayPal needs an e-mail.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, adminWindow, allowConsoleErrors, exclusive, expectNoHorizontalScroll, signUpVerified, type Lang } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import { paidProviderAccount, providerConfirms, requestByChat, uniqueToken, unlockAndOffer, unlockOnly } from './seeker-helpers.ts';

const WRITE = { origin: E2E_URL };

const T = {
  de: {
    tab: 'Auszahlungen',
    euro: (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100),
    amountInput: '12,50',
    error: 'Fehler',
    paypalRequired: 'Bitte gib deine PayPal-E-Mail-Adresse ein.',
    paypalInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein.',
    paypalAdded: 'PayPal-Konto hinzugefügt',
    bankRequired: 'Bitte fülle alle Pflichtfelder aus.',
    ibanInvalid: 'Die IBAN ist ungültig.',
    bankAdded: 'Bankkonto hinzugefügt',
    holder: 'Kontoinhaber',
    bankName: 'Name der Bank',
    requested: 'Auszahlung erfolgreich beantragt',
    pending: 'In Bearbeitung',
    paidOut: 'Ausgezahlt',
    paidOn: /Ausgezahlt am \d{2}\.\d{2}\.\d{4}/,
    verified: 'Verifiziert',
    approved: 'Auszahlung freigegeben',
    batchCreated: /SEPA-Datei erstellt/,
    sentStatus: 'An die Bank gesendet',
    paidStatus: 'Bezahlt',
    processing: 'In Ausführung',
  },
  en: {
    tab: 'Payouts',
    euro: (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100),
    amountInput: '12.50',
    error: 'Error',
    paypalRequired: 'Please enter your PayPal e-mail address.',
    paypalInvalid: 'Please enter a valid e-mail address.',
    paypalAdded: 'PayPal account added',
    bankRequired: 'Please fill in all required fields.',
    ibanInvalid: 'The IBAN is invalid.',
    bankAdded: 'Bank account added',
    holder: 'Account holder',
    bankName: 'Bank name',
    requested: 'Payout requested successfully',
    pending: 'Processing',
    paidOut: 'Paid out',
    paidOn: /Paid out on \d{1,2} \w{3} \d{4}/,
    verified: 'Verified',
    approved: 'Payout approved',
    batchCreated: /SEPA file created/,
    sentStatus: 'Sent to the bank',
    paidStatus: 'Paid',
    processing: 'In progress',
  },
} as const;

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Gives the page's seeker a completed deal on a new request that `unlocks` providers unlocked: the seeker
 * earns half of their 50 Goints each.
 */
async function earnFromDeal(page: Page, lang: Lang, unlocks: number) {
  const token = uniqueToken();
  const providers = await Promise.all(Array.from({ length: unlocks }, (_, i) => paidProviderAccount(lang, i, `Elektro Auszahlung ${token} ${i + 1}`)));
  try {
    const { requestId, status } = await requestByChat(page.request, lang, 'Sam');
    expect(status).toBe('open');
    for (const p of providers.slice(1)) await unlockOnly(p, requestId);
    const offerId = await unlockAndOffer(providers[0]!, requestId, {
      price: 180,
      beschreibung: 'Austausch der Steckdosen im Bad inklusive Material.',
      verfuegbarkeit: 'Morgen ab 8 Uhr',
    });
    const accepted = await page.request.post(`/api/seeker/offers/${offerId}/accept`, { headers: WRITE });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    const { dealId } = (await accepted.json()) as { dealId: string };
    await providerConfirms(providers[0]!, dealId);
    const done = await page.request.post(`/api/deals/${dealId}/confirm`, { headers: WRITE });
    expect(((await done.json()) as { completed: boolean }).completed).toBe(true);
  } finally {
    await Promise.all(providers.map((p) => p.api.dispose()));
  }
}

test('a seeker pays out deal earnings by bank transfer: the admin approves, files it in a SEPA batch, marks it sent and paid', async ({
  page,
  browser,
  lang,
}) => {
  test.setTimeout(240_000);
  const l = T[lang];
  const { email } = await signUpVerified(page, 'seeker', lang);

  // Nothing earned yet: the payout button is disabled.
  await page.goto('/suchende-dashboard?tab=payouts');
  await expect(page.getByRole('tab', { name: l.tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('payout-available')).toHaveText(l.euro(0));
  await expect(page.getByTestId('payout-submit')).toBeDisabled();
  await expect(page.getByTestId('payout-below-minimum')).toContainText(l.euro(1000));

  await earnFromDeal(page, lang, 5);
  // The completed deal reaches the open page live: 5 × 25 Goints = 12,50 €, all of it by default.
  await expect(page.getByTestId('payout-available')).toHaveText(l.euro(1250));
  await expect(page.getByTestId('payout-amount')).toHaveValue(l.amountInput);
  await expect(page.getByTestId('payout-no-method')).toBeVisible();
  await expect(page.getByTestId('payout-submit')).toBeDisabled();

  // A bank account: required fields first, then the server's IBAN check, then the real one in blocks of four.
  await page.getByTestId('add-bank').click();
  const dialog = page.getByTestId('add-bank-dialog');
  await dialog.getByTestId('add-bank-submit').click();
  await expect(toast(page, l.error)).toContainText(l.bankRequired);
  await dialog.getByLabel(l.holder).fill('Sam Seeker');
  const iban = dialog.getByLabel(/^IBAN/);
  await iban.pressSequentially('de02120300000000202052');
  await expect(iban).toHaveValue('DE02 1203 0000 0000 2020 52');
  allowConsoleErrors(/400 \(Bad Request\)/);
  await dialog.getByTestId('add-bank-submit').click();
  await expect(dialog.getByText(l.ibanInvalid)).toBeVisible();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await iban.fill('');
  await iban.pressSequentially('DE02120300000000202051');
  await expect(iban).toHaveValue('DE02 1203 0000 0000 2020 51');
  await dialog.getByLabel(/^BIC/).fill('BYLADEM1001');
  await dialog.getByLabel(l.bankName).fill('Deutsche Kreditbank');
  await dialog.getByTestId('add-bank-submit').click();
  await expect(toast(page, l.bankAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  const method = page.getByTestId('payout-method');
  await expect(method).toHaveCount(1);
  await expect(method.getByTestId('payout-method-iban')).toHaveText('DE02 1203 0000 0000 2020 51');
  await expect(method).toContainText('BYLADEM1001');
  await expect(method).toContainText('Deutsche Kreditbank');
  await expect(method.getByTestId('payout-method-verified')).toHaveCount(0);

  // The payout of everything.
  await page.getByTestId('payout-submit').click();
  await expect(toast(page, l.requested)).toBeVisible();
  const row = page.getByTestId('payout-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payout-amount-cell')).toContainText(l.euro(1250));
  await expect(row.getByTestId('payout-status')).toHaveText(l.pending);
  await expect(page.getByTestId('payout-available')).toHaveText(l.euro(0));
  await expect(page.getByTestId('payout-submit')).toBeDisabled();
  await expectNoHorizontalScroll(page);
  const payoutId = await row.getAttribute('data-payout-id');

  await exclusive('sepa', async () => {
    const admin = await adminWindow(browser, lang);
    try {
      const a = admin.page;
      await a.goto('/admin?tab=payouts');
      const queued = a.locator(`[data-testid="payout-queue"] [data-payout-id="${payoutId}"]`);
      await expect(queued).toContainText(email);
      await expect(queued).toContainText(l.euro(1250));
      await expect(queued).toContainText('IBAN •••• 2051');
      await queued.getByTestId('payout-approve').click();
      await expect(toast(a, l.approved)).toBeVisible();
      await expect(queued).toHaveCount(0);

      await a.getByTestId('admin-tab-sepa').click();
      await expect(a.locator(`[data-testid="sepa-ready"] [data-payout-id="${payoutId}"]`)).toBeVisible();
      await a.getByTestId('sepa-create').click();
      await expect(toast(a, l.batchCreated)).toBeVisible();
      const batch = a.getByTestId('sepa-batch').filter({ has: a.locator(`[data-payout-id="${payoutId}"]`) });
      await expect(batch).toHaveCount(1);
      await expect(batch.getByTestId('sepa-batch-status')).not.toHaveText(l.sentStatus);

      // The file is a pain.001 credit transfer with the seeker's IBAN and amount.
      const download = a.waitForEvent('download');
      await batch.getByTestId('sepa-download').click();
      const xml = fs.readFileSync((await (await download).path())!, 'utf8');
      expect(xml).toContain('pain.001');
      expect(xml).toContain('DE02120300000000202051');
      expect(xml).toContain('12.50');

      await batch.getByTestId('sepa-mark-sent').click();
      await a.getByTestId('confirm-submit').click();
      await expect(batch.getByTestId('sepa-batch-status')).toHaveText(l.sentStatus);
      await expect(batch.locator(`[data-payout-id="${payoutId}"]`).getByTestId('admin-payout-status')).toHaveText(l.processing);
      await expect(row.getByTestId('payout-status')).toHaveText(l.pending);

      await batch.getByTestId('sepa-mark-paid').click();
      await a.getByTestId('confirm-submit').click();
      await expect(batch.getByTestId('sepa-batch-status')).toHaveText(l.paidStatus);
      await expectNoHorizontalScroll(a);
      expect(admin.errors, 'console errors in the admin window').toEqual([]);
    } finally {
      await admin.close();
    }
  });

  // The seeker's open page follows live: paid out with the date, and the account now counts as verified.
  await expect(row.getByTestId('payout-status')).toHaveText(l.paidOut);
  await expect(row.getByTestId('payout-details')).toHaveText(l.paidOn);
  await expect(method.getByTestId('payout-method-verified')).toHaveText(l.verified);
});

test('below 10 € the payout button stays disabled; adding PayPal needs a valid e-mail', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const l = T[lang];
  await signUpVerified(page, 'seeker', lang);
  await earnFromDeal(page, lang, 1);
  await page.goto('/suchende-dashboard');
  await page.getByRole('tab', { name: l.tab }).click();
  // One unlock: 25 Goints = 2,50 €.
  await expect(page.getByTestId('payout-available')).toHaveText(l.euro(250));
  await expect(page.getByTestId('payout-below-minimum')).toContainText(l.euro(1000));
  await expect(page.getByTestId('payout-submit')).toBeDisabled();

  await page.getByTestId('add-paypal').click();
  const dialog = page.getByTestId('add-paypal-dialog');
  await dialog.getByTestId('add-paypal-submit').click();
  await expect(toast(page, l.error)).toContainText(l.paypalRequired);
  const field = dialog.getByRole('textbox');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  allowConsoleErrors(/400 \(Bad Request\)/);
  await field.fill('keine-adresse');
  await dialog.getByTestId('add-paypal-submit').click();
  await expect(dialog.getByText(l.paypalInvalid)).toBeVisible();
  await field.fill('sam.seeker@example.com');
  await dialog.getByTestId('add-paypal-submit').click();
  await expect(toast(page, l.paypalAdded)).toBeVisible();
  await expect(page.getByTestId('payout-method')).toContainText('sam.seeker@example.com');
  // A method does not lift the minimum.
  await expect(page.getByTestId('payout-submit')).toBeDisabled();
  await expect(page.getByTestId('payout-history-empty')).toBeVisible();
});
