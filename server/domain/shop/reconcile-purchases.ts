// A safety net for Stripe purchases whose webhook never arrived (or arrived while the app was down): the
// session is read back from Stripe and completed or expired through the same code as the webhook. Checkouts
// nobody finished are marked expired after a day, so no purchase stays 'created' for ever.
import type { AppDeps } from '../../deps.ts';
import { fulfillPurchase, markPurchaseUnpaid } from './fulfill-purchase.ts';

/** Checkouts nobody finished within a day (Stripe's sessions expire after 24 hours too) are marked expired. */
export const STALE_CHECKOUT_MS = 24 * 60 * 60_000;

export async function reconcileStripePurchases(deps: AppDeps, olderThanMs = 10 * 60_000): Promise<{ credited: number; expired: number }> {
  const stripe = deps.money.stripe;
  const out = { credited: 0, expired: 0 };
  // Test checkouts, and Stripe checkouts whose session was never stored (a crash right after the purchase row), stay unpaid: after a day they say so.
  const stale = await deps.db.prisma.purchase.updateMany({
    where: { status: 'created', createdAt: { lt: new Date(Date.now() - STALE_CHECKOUT_MS) }, OR: [{ provider: 'test' }, { checkoutSessionId: null }] },
    data: { status: 'expired' },
  });
  out.expired += stale.count;
  if (!stripe) return out;
  const due = await deps.db.prisma.purchase.findMany({
    where: {
      provider: 'stripe',
      status: { in: ['created', 'processing'] },
      checkoutSessionId: { not: null },
      createdAt: { lt: new Date(Date.now() - olderThanMs) },
    },
    take: 50,
  });
  for (const p of due) {
    try {
      const s = await stripe.checkout.sessions.retrieve(p.checkoutSessionId!);
      if (s.payment_status === 'paid') {
        if (
          (await fulfillPurchase(deps, p.id, { paymentIntentId: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null) }))
            .credited
        )
          out.credited++;
      } else if (s.status === 'expired') {
        await markPurchaseUnpaid(deps, p.id, 'expired');
        out.expired++;
      }
    } catch (err) {
      deps.logger.warn({ purchaseId: p.id, err: err instanceof Error ? err.message : String(err) }, 'stripe session could not be read');
    }
  }
  return out;
}
