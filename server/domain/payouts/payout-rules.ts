// How much may be paid out, once (decision 052): the payout command and the chat's checks before the
// confirmation card refuse with the same codes and the same minimum, written as the person reads money.
import { AppError } from '../../../core/errors.ts';
import { MIN_PAYOUT_CENTS } from '../../../core/money/money.ts';
import { formatEuro } from '../../../core/money/format-money.ts';
import { payoutMachine, type PayoutEvent } from '../../../machines/payout.machine.ts';
import { stepEntity } from '../../machines/entity.ts';

/** Throws PAYOUT_BELOW_MINIMUM (with the minimum in the person's language) or INSUFFICIENT_EARNINGS (when `availableCents` is known). */
export function checkPayoutAmount(amountCents: number, availableCents: number | null, lang: 'de' | 'en'): void {
  if (amountCents < MIN_PAYOUT_CENTS) throw new AppError('PAYOUT_BELOW_MINIMUM', { params: { min: formatEuro(MIN_PAYOUT_CENTS, lang) } });
  if (availableCents !== null && amountCents > availableCents) throw new AppError('INSUFFICIENT_EARNINGS');
}

export { payoutRejectReason } from '../../../core/contract/admin-payouts.ts';

/** Whether the payout machine takes this admin step from the stored snapshot: null, or PAYOUT_NOT_POSSIBLE. */
export function payoutStepRefusal(snapshot: unknown, type: Extract<PayoutEvent['type'], 'APPROVED' | 'REJECTED'>): 'PAYOUT_NOT_POSSIBLE' | null {
  const event: PayoutEvent = type === 'APPROVED' ? { type } : { type, reason: 'check' };
  return stepEntity(payoutMachine, snapshot, event).accepted ? null : 'PAYOUT_NOT_POSSIBLE';
}
