// The person's mail when a payout ends (paid, failed, rejected), written in the transaction of that step
// (decision 082).
import type { AppDeps } from '../../deps.ts';
import type { DbTx } from '../../db.ts';
import { formatEuro as euro } from '../../../core/money/format-money.ts';
import { appLink, queueNotices } from '../notifications/notify.ts';
import { payoutMethodLabel } from './payout-methods.ts';

/**
 * Inside the transaction that moved a payout: when it was paid, failed or rejected, the person's mail, written
 * with the step (decision 082). Every step that ends a payout calls it.
 */
export async function queuePayoutMail(tx: DbTx, deps: Pick<AppDeps, 'mailer' | 'config'>, payoutId: string): Promise<void> {
  const p = await tx.payout.findUniqueOrThrow({ where: { id: payoutId }, include: { method: true } });
  const url = appLink(deps, '/suchende-dashboard?tab=payouts');
  if (p.status === 'paid') {
    await queueNotices(tx, deps, [
      {
        userId: p.userId,
        event: { type: 'payout.paid' },
        // What Stripe reversals took back was not paid (decision 088).
        mail: {
          template: 'payoutPaid',
          key: `payoutPaid:${payoutId}`,
          params: (lang) => ({ amount: euro(p.amountCents - p.stripeReversedCents, lang), method: payoutMethodLabel(p.method, lang), url }),
        },
      },
    ]);
  } else if (p.status === 'failed' || p.status === 'rejected') {
    await queueNotices(tx, deps, [
      {
        userId: p.userId,
        event: { type: `payout.${p.status}` },
        mail: {
          template: 'payoutFailed',
          key: `payoutFailed:${payoutId}`,
          params: (lang) => ({ amount: euro(p.amountCents - p.stripeReversedCents, lang), reason: p.failureReason ?? '', url }),
        },
      },
    ]);
  }
}
