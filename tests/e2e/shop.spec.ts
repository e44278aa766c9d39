// Buying Goints without a payment provider, in German and English: the shop dialog opens the built-in test
// checkout in a new window, clearly labelled as a test; paying credits the package once and the dashboard
// shows the new balance live; the receipt has the German invoice fields and prints without the site around
// it; the purchase history lists it. Also: cancelling in the test checkout, and the thank-you page that
// waits for the payment's confirmation.
import type { Page } from '@playwright/test';
import { test, expect, expectNoHorizontalScroll } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import { providerWithProfile } from './market-helpers.ts';

const T = {
  de: {
    balance: (n: string) => new RegExp(`(^|\\D)${n} Goints$`),
    start: '50',
    after: '5.050',
    credited: '5.000 Goints',
    creditedToast: 'Goints gutgeschrieben',
    testNotice: 'Testmodus',
    banner: 'Testzahlung – kein echtes Geld',
    package: 'Business-Paket',
    price: '450,00 €',
    pay: 'Test-Zahlung abschließen',
    cancel: 'Abbrechen',
    paid: 'Zahlung erfolgreich',
    closeHint: /kann jetzt geschlossen werden/,
    receiptLink: 'Quittung ansehen',
    receiptTitle: 'Quittung',
    vat: 'zzgl. 19 % USt.',
    net: 'Nettobetrag',
    gross: 'Gesamtbetrag',
    testReceipt: 'Testzahlung – es wurde kein echtes Geld bewegt.',
    print: 'Drucken',
    purchasesTab: 'Käufe',
    paidStatus: 'Bezahlt',
    cancelled: 'Kauf abgebrochen',
    cancelledStatus: 'Abgebrochen',
    confirming: 'Zahlung wird bestätigt …',
    confirmed: 'Zahlung bestätigt',
    euro: (cents: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100),
  },
  en: {
    balance: (n: string) => new RegExp(`(^|\\D)${n} Goints$`),
    start: '50',
    after: '5,050',
    credited: '5,000 Goints',
    creditedToast: 'Goints credited',
    testNotice: 'Test mode',
    banner: 'Test payment – no real money',
    package: 'Business package',
    price: '€450.00',
    pay: 'Complete test payment',
    cancel: 'Cancel',
    paid: 'Payment successful',
    closeHint: /can be closed now/,
    receiptLink: 'View receipt',
    receiptTitle: 'Receipt',
    vat: 'plus 19 % VAT',
    net: 'Net amount',
    gross: 'Total',
    testReceipt: 'Test payment – no real money was moved.',
    print: 'Print',
    purchasesTab: 'Purchases',
    paidStatus: 'Paid',
    cancelled: 'Purchase cancelled',
    cancelledStatus: 'Cancelled',
    confirming: 'Confirming payment …',
    confirmed: 'Payment confirmed',
    euro: (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100),
  },
} as const;

interface ReceiptJson {
  number: string;
  seller: { name: string; address: string; vatId: string };
  buyer: { name: string; email: string };
  netCents: number;
  vatCents: number;
  grossCents: number;
  vatRatePercent: number;
  test: boolean;
}

/** Console errors of a page the fixture does not watch (the checkout window). */
function trapErrors(p: Page): string[] {
  const errors: string[] = [];
  p.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  p.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('a provider buys the Business package in the test checkout window: +5,000 Goints live, a receipt, the purchase history', async ({
  page,
  context,
  lang,
}) => {
  test.setTimeout(90_000);
  const l = T[lang];
  const { email } = await providerWithProfile(page, lang);
  await page.goto('/anbieter/dashboard');
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(l.start));

  await page.getByTestId('buy-goints').click();
  const shop = page.getByTestId('goints-shop');
  await expect(shop.getByTestId('shop-test-notice')).toContainText(l.testNotice);
  const opened = context.waitForEvent('page');
  await shop.getByTestId('buy-medium').click();
  const checkout = await opened;
  const checkoutErrors = trapErrors(checkout);
  await expect(checkout).toHaveURL(/\/shop\/test-checkout\/[0-9a-f-]{36}$/);
  const purchaseId = checkout.url().split('/').pop()!;

  // Clearly a test, with the package, its Goints and the price including VAT.
  await expect(checkout.getByTestId('test-checkout-banner')).toContainText(l.banner);
  await expect(checkout.getByTestId('checkout-package')).toHaveText(l.package);
  await expect(checkout.getByTestId('checkout-goints')).toHaveText(l.credited);
  await expect(checkout.getByTestId('checkout-price')).toHaveText(l.price);
  // The toast stays four seconds: watched from the click on, so that a slow machine checking the checkout window
  // meanwhile does not miss it.
  const toastSeen = expect(page.locator('[data-sonner-toast]').filter({ hasText: l.creditedToast })).toContainText(`+${l.credited}`, {
    timeout: 60_000,
  });
  await checkout.getByRole('button', { name: l.pay }).click();
  await expect(checkout.getByRole('heading', { name: l.paid })).toBeVisible();
  await expect(checkout.getByTestId('checkout-credited')).toHaveText(`+${l.credited}`);
  // Opened by the dashboard: the window says it may be closed.
  await expect(checkout.getByTestId('checkout-close-hint')).toContainText(l.closeHint);

  // The dashboard in the first window shows the new balance without a reload.
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(l.after));
  // The shop has done its job and closes; a toast says what arrived.
  await expect(shop).toBeHidden();
  await toastSeen;

  // The receipt: German invoice fields, the figures as the server computed them.
  await checkout.getByRole('link', { name: l.receiptLink }).click();
  await expect(checkout).toHaveURL(new RegExp(`/quittung/${purchaseId}$`));
  const receipt = (await (await checkout.request.get(`/api/shop/purchases/${purchaseId}/receipt`)).json()) as ReceiptJson;
  expect(receipt.netCents + receipt.vatCents).toBe(receipt.grossCents);
  expect(receipt.grossCents).toBe(45_000);
  const doc = checkout.getByTestId('receipt');
  await expect(doc.getByRole('heading', { name: l.receiptTitle, level: 1 })).toBeVisible();
  await expect(checkout.getByTestId('receipt-number')).toHaveText(receipt.number);
  expect(receipt.number).toMatch(/^AK-\d{4}-\d{6}$/);
  await expect(checkout.getByTestId('receipt-seller')).toContainText(receipt.seller.name);
  await expect(checkout.getByTestId('receipt-seller')).toContainText(receipt.seller.vatId);
  await expect(checkout.getByTestId('receipt-buyer')).toContainText(email);
  await expect(checkout.getByTestId('receipt-item')).toContainText(l.package);
  await expect(checkout.getByTestId('receipt-net')).toHaveText(l.euro(receipt.netCents));
  await expect(checkout.getByTestId('receipt-vat')).toHaveText(l.euro(receipt.vatCents));
  await expect(checkout.getByTestId('receipt-gross')).toHaveText(l.price);
  await expect(checkout.getByTestId('receipt-totals')).toContainText(l.vat);
  await expect(checkout.getByTestId('receipt-totals')).toContainText(l.net);
  await expect(checkout.getByTestId('receipt-totals')).toContainText(l.gross);
  await expect(checkout.getByTestId('receipt-test-notice')).toHaveText(l.testReceipt);
  await expectNoHorizontalScroll(checkout);

  // Printed: only the receipt, without the site's header, footer and buttons.
  await checkout.emulateMedia({ media: 'print' });
  await expect(checkout.getByRole('button', { name: l.print })).toBeHidden();
  await expect(checkout.locator('header').first()).toBeHidden();
  await expect(checkout.locator('footer').first()).toBeHidden();
  await expect(doc).toBeVisible();
  await checkout.emulateMedia({ media: 'screen' });
  await expect(checkout.getByRole('button', { name: l.print })).toBeVisible();
  await checkout.close();
  expect(checkoutErrors, 'console errors in the checkout window').toEqual([]);

  // The purchase history lists it as paid, with its receipt.
  await page.getByRole('tab', { name: l.purchasesTab }).click();
  const row = page.locator(`[data-testid="purchase-row"][data-purchase-id="${purchaseId}"]`);
  await expect(row).toContainText(l.package);
  await expect(row).toContainText(l.credited);
  await expect(row).toContainText(l.price);
  await expect(row.getByTestId('purchase-status').filter({ visible: true })).toHaveText(l.paidStatus);
  await expect(row.getByTestId('purchase-receipt-link')).toHaveAttribute('href', `/quittung/${purchaseId}`);
  await expectNoHorizontalScroll(page);
});

test('cancelling in the test checkout credits nothing; the thank-you page waits for the payment and then shows the Goints', async ({ page, lang }) => {
  const l = T[lang];
  await providerWithProfile(page, lang);
  const start = async (packageId: string) => {
    const r = await page.request.post('/api/shop/checkout', { headers: { origin: E2E_URL }, data: { packageId } });
    expect(r.ok(), await r.text()).toBe(true);
    return ((await r.json()) as { purchaseId: string }).purchaseId;
  };

  const cancelled = await start('small');
  await page.goto(`/shop/test-checkout/${cancelled}`);
  await expect(page.getByTestId('test-checkout-banner')).toContainText(l.banner);
  await page.getByRole('button', { name: l.cancel, exact: true }).click();
  await expect(page.getByRole('heading', { name: l.cancelled })).toBeVisible();
  // Not opened by the shop dialog: no hint about closing the window.
  await expect(page.getByTestId('checkout-close-hint')).toHaveCount(0);

  // Stripe's success page for a purchase whose payment is not confirmed yet, then confirmed elsewhere.
  const waiting = await start('large');
  await page.goto(`/shop/danke?purchase=${waiting}`);
  await expect(page.getByRole('heading', { name: l.confirming })).toBeVisible();
  const paid = await page.request.post(`/api/shop/test-checkout/${waiting}/pay`, { headers: { origin: E2E_URL } });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect(page.getByRole('heading', { name: l.confirmed })).toBeVisible();
  await expect(page.getByTestId('thanks-credited')).toContainText(lang === 'de' ? '10.000 Goints' : '10,000 Goints');

  await page.goto('/anbieter/dashboard?tab=purchases');
  await expect(page.getByTestId('goints-balance')).toHaveText(l.balance(lang === 'de' ? '10.050' : '10,050'));
  const row = (id: string) => page.locator(`[data-testid="purchase-row"][data-purchase-id="${id}"]`);
  await expect(row(cancelled).getByTestId('purchase-status').filter({ visible: true })).toHaveText(l.cancelledStatus);
  await expect(row(cancelled).getByTestId('purchase-receipt-link')).toHaveCount(0);
  await expect(row(waiting).getByTestId('purchase-status').filter({ visible: true })).toHaveText(l.paidStatus);
});
