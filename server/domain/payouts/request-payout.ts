// A seeker (deal earnings) or partner (commissions) asks for a payout: at least 10 €, to one of their
// payout methods. One transaction moves the amount from the earnings to payout clearing and records the
// payout; the same idempotency key always answers the same payout.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { payoutMachine } from '../../../machines/payout.machine.ts';
import { initialEntity, stepEntity } from '../../machines/entity.ts';
import { payoutHoldReasons } from './payout-hold.ts';
import { account } from '../ledger/accounts.ts';
import { centsToMilli } from '../../../core/money/money.ts';
import { checkPayoutAmount } from './payout-rules.ts';
import { isInsufficientFunds, postTransaction } from '../ledger/post-transaction.ts';
import { sourceAccount } from './payout-transition.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { requirePayoutRail } from './payout-rails.ts';
import { payoutMethodLabel, stripeAccountLast4 } from './payout-methods.ts';
import type { PayoutView } from '../../../core/api/payouts.ts';
import type { Lang } from '../../i18n.ts';
import type { requestPayoutInput } from '../../../core/contract/payouts.ts';
export type { PayoutView } from '../../../core/api/payouts.ts';

export type RequestPayoutInput = z.infer<typeof requestPayoutInput>;

export async function requestPayout(
  deps: AppDeps,
  userId: string,
  input: RequestPayoutInput,
  lang: 'de' | 'en' = 'de',
): Promise<{ payoutId: string; repeated: boolean }> {
  const prisma = deps.db.prisma;
  const key = `${userId}:${input.idempotencyKey}`;
  const existing = await prisma.payout.findUnique({ where: { idempotencyKey: key }, select: { id: true } });
  if (existing) return { payoutId: existing.id, repeated: true };
  checkPayoutAmount(input.amountCents, null, lang);
  const method = await prisma.payoutMethod.findFirst({
    where: { id: input.methodId, userId, deletedAt: null },
    select: { id: true, type: true, stripeStatus: true },
  });
  if (!method) throw new AppError('PAYOUT_METHOD_REQUIRED');
  requirePayoutRail(deps, method.type);
  if (method.type === 'stripe' && method.stripeStatus !== 'enabled') throw new AppError('STRIPE_ONBOARDING_INCOMPLETE');
  const init = initialEntity(payoutMachine);
  try {
    const created = await inTransaction(prisma, async (tx) => {
      // Deal earnings whose deal looks like one person on both sides wait for an admin (decision 019).
      const holdReasons = input.source === 'seeker_earnings' ? await payoutHoldReasons(tx, userId) : [];
      const start = holdReasons.length ? stepEntity(payoutMachine, init.snapshot, { type: 'HELD' }) : init;
      const payout = await tx.payout.create({
        data: {
          userId,
          methodId: method.id,
          source: input.source,
          amountCents: input.amountCents,
          idempotencyKey: key,
          status: start.state,
          machineSnapshot: start.snapshot as never,
          holdReasons,
        },
      });
      await postTransaction(tx, {
        idempotencyKey: `payout_request:${payout.id}`,
        kind: 'payout_request',
        reference: payout.id,
        lines: [
          { account: sourceAccount(input.source, userId), amount: -centsToMilli(input.amountCents) },
          { account: account.payoutClearing(), amount: centsToMilli(input.amountCents) },
        ],
      });
      return { payoutId: payout.id, repeated: false };
    });
    await tellOwnChange(deps, userId, 'payout.requested', { payoutId: created.payoutId });
    return created;
  } catch (e) {
    if (isInsufficientFunds(e)) throw new AppError('INSUFFICIENT_EARNINGS');
    if (isUniqueViolation(e)) {
      const again = await prisma.payout.findUnique({ where: { idempotencyKey: key }, select: { id: true } });
      if (again) return { payoutId: again.id, repeated: true };
    }
    throw e;
  }
}

/** The person's payouts, newest first; the methods' labels in `lang` (without it, see payoutMethodLabel). */
export async function listPayouts(prisma: AppDeps['db']['prisma'], userId: string, lang?: Lang): Promise<PayoutView[]> {
  const rows = await prisma.payout.findMany({ where: { userId }, orderBy: { requestedAt: 'desc' }, take: 100, include: { method: true } });
  return rows.map((p) => toPayoutView(p, lang));
}

export function toPayoutView(
  p: {
    id: string;
    amountCents: number;
    source: string;
    status: string;
    requestedAt: Date;
    paidAt: Date | null;
    failedAt: Date | null;
    rejectedAt: Date | null;
    failureReason: string | null;
    stripeReversedCents: number;
    method: { id: string; type: string; paypalEmail: string | null; ibanLast4: string | null; stripeAccountId: string | null };
  },
  lang?: Lang,
): PayoutView {
  return {
    id: p.id,
    amountCents: p.amountCents,
    method: {
      id: p.method.id,
      type: p.method.type,
      label: p.method.type === 'paypal' ? (p.method.paypalEmail ?? '') : payoutMethodLabel(p.method, lang),
      stripeAccountLast4: stripeAccountLast4(p.method.stripeAccountId),
    },
    source: p.source,
    status: p.status,
    requestedAt: p.requestedAt.toISOString(),
    processedAt: (p.paidAt ?? p.rejectedAt ?? p.failedAt)?.toISOString() ?? null,
    failureReason: p.failureReason,
    stripeReversedCents: p.stripeReversedCents,
  };
}
