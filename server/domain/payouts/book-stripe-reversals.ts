// Reversals of a payout's Stripe transfer that leave the payout standing (decision 088): part of the transfer,
// or any of it once the payout was paid, came back from the person's connected account to akut's platform
// balance. Each reversal is booked once, keyed by Stripe's reversal id, back to the person's earnings (from
// payout clearing while the payout is in flight, from what was paid out once it was paid); the payout's record
// counts it, the audit log shows it and the person is told in their language.
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { AppError } from '../../../core/errors.ts';
import { centsToMilli } from '../../../core/money/money.ts';
import { formatEuro as euro } from '../../../core/money/format-money.ts';
import { account } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { recordAudit } from '../admin/audit.ts';
import { appLink, queueNotices } from '../notifications/notify.ts';
import { sourceAccount } from './payout-transition.ts';

/** The ledger key of one Stripe reversal: a second delivery, or a second event naming it, books nothing. */
export const stripeReversalLedgerKey = (reversalId: string) => `payout_reversal:${reversalId}`;

/** Books the reversals not booked yet, oldest first; what was booked now (nothing when the payout is no longer in flight or paid). */
export async function bookStripeReversals(
  deps: AppDeps,
  payoutId: string,
  reversals: readonly Pick<Stripe.TransferReversal, 'id' | 'amount'>[],
): Promise<{ count: number; cents: number }> {
  let count = 0;
  let cents = 0;
  for (const r of reversals) {
    if (await bookOne(deps, payoutId, r)) {
      count += 1;
      cents += r.amount;
    }
  }
  return { count, cents };
}

async function bookOne(deps: AppDeps, payoutId: string, r: Pick<Stripe.TransferReversal, 'id' | 'amount'>): Promise<boolean> {
  return inTransaction(deps.db.prisma, async (tx) => {
    const p = await tx.payout.findUniqueOrThrow({ where: { id: payoutId } });
    // A failed or rejected payout returned its whole amount already (less what earlier reversals booked).
    if (p.status !== 'processing' && p.status !== 'paid') return false;
    const rest = p.amountCents - p.stripeReversedCents;
    // In flight, all of what is left comes back only as the whole reversal, which fails the payout (its return books
    // the rest), so a paid or returned payout always moves a positive rest.
    if (r.amount <= 0 || r.amount > rest || (p.status === 'processing' && r.amount === rest)) {
      deps.logger.error(
        { payoutId, reversal: r.id, amount: r.amount, rest },
        'a Stripe reversal of all that is left of the payout in flight, or more: not booked as a part',
      );
      return false;
    }
    const amount = centsToMilli(r.amount);
    const posted = await postTransaction(tx, {
      idempotencyKey: stripeReversalLedgerKey(r.id),
      kind: 'payout_reversed',
      reference: payoutId,
      memo: { stripeReversalId: r.id, stripeTransferId: p.stripeTransferId },
      lines: [
        { account: p.status === 'paid' ? account.payoutsPaid() : account.payoutClearing(), amount: -amount },
        { account: sourceAccount(p.source, p.userId), amount },
      ],
    });
    if (posted.repeated) return false;
    const reversedCents = p.stripeReversedCents + r.amount;
    // The same optimistic check as every payout step: a concurrent paid or failed step books on the old count and loses.
    const done = await tx.payout.updateMany({
      where: { id: payoutId, version: p.version },
      data: { stripeReversedCents: reversedCents, version: { increment: 1 } },
    });
    if (done.count !== 1) throw new AppError('CONFLICT');
    await recordAudit(tx, {
      actorId: null,
      action: 'payout.stripeReversal',
      entityType: 'payout',
      entityId: payoutId,
      before: { status: p.status, amountCents: p.amountCents, stripeReversedCents: p.stripeReversedCents },
      after: { status: p.status, amountCents: p.amountCents, stripeReversedCents: reversedCents, stripeReversalId: r.id },
      reason: null,
      via: 'system',
    });
    const url = appLink(deps, p.source === 'partner_earnings' ? '/affiliate/dashboard?tab=profile&sub=payouts' : '/suchende-dashboard?tab=payouts');
    await queueNotices(tx, deps, [
      {
        userId: p.userId,
        event: { type: 'payout.reversed', payload: { payoutId } },
        mail: {
          template: 'payoutReversed',
          key: `payoutReversed:${r.id}`,
          params: (lang) => ({ amount: euro(r.amount, lang), total: euro(p.amountCents, lang), url }),
        },
      },
    ]);
    return true;
  });
}
