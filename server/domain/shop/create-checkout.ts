// Starts a purchase: the Purchase row first (so a crash after this leaves a visible 'created' purchase),
// then Stripe Checkout when configured (its session id stored on the row), otherwise the built-in test
// checkout page when it is on (config.testCheckout; its Goints are promotional). The Goints come only with
// the payment's confirmed event (fulfill-purchase.ts).
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { Lang } from '../../i18n.ts';
import { translator } from '../../i18n.ts';
import { shopPackage, splitVat, type PackageId } from '../../../core/shop/packages.ts';

export interface Checkout {
  purchaseId: string;
  url: string;
  provider: 'stripe' | 'test';
}

export async function createCheckout(deps: AppDeps, user: { id: string; email: string; name: string }, packageId: PackageId, lang: Lang): Promise<Checkout> {
  const prisma = deps.db.prisma;
  const pkg = shopPackage(packageId);
  const { netCents, vatCents } = splitVat(pkg.priceCents, deps.config.seller.vatRatePercent);
  const stripe = deps.money.stripe;
  // No payment provider and the test checkout off (production, unless TEST_CHECKOUT=on): nothing to buy with.
  if (!stripe && !deps.config.testCheckout) throw new AppError('CHECKOUT_UNAVAILABLE');
  const purchase = await prisma.purchase.create({
    data: {
      userId: user.id,
      packageId,
      goints: pkg.goints,
      grossCents: pkg.priceCents,
      netCents,
      vatCents,
      vatRateBp: Math.round(deps.config.seller.vatRatePercent * 100),
      provider: stripe ? 'stripe' : 'test',
      buyerName: user.name,
      buyerEmail: user.email,
    },
  });
  if (!stripe) return { purchaseId: purchase.id, url: `${deps.config.appUrl}/shop/test-checkout/${purchase.id}`, provider: 'test' };
  const t = translator(lang);
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: purchase.id,
        customer_email: user.email,
        locale: lang,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              unit_amount: pkg.priceCents,
              tax_behavior: 'inclusive',
              product_data: { name: `${t(`shop:packages.${packageId}`)} – ${pkg.goints} Goints` },
            },
          },
        ],
        metadata: { purchaseId: purchase.id, userId: user.id, packageId },
        payment_intent_data: { metadata: { purchaseId: purchase.id } },
        success_url: `${deps.config.appUrl}/shop/danke?purchase=${purchase.id}`,
        cancel_url: `${deps.config.appUrl}/anbieter/dashboard?kauf=abgebrochen`,
      },
      { idempotencyKey: `checkout:${purchase.id}` },
    );
    await prisma.purchase.update({ where: { id: purchase.id }, data: { checkoutSessionId: session.id } });
    if (!session.url) throw new Error('Stripe returned no checkout url');
    return { purchaseId: purchase.id, url: session.url, provider: 'stripe' };
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err), purchaseId: purchase.id }, 'stripe checkout could not be created');
    await prisma.purchase.update({ where: { id: purchase.id }, data: { status: 'failed' } });
    throw new AppError('PAYMENT_INIT_FAILED', { cause: err });
  }
}
