// How much may be paid out, once (decision 052): the payout command and the chat's checks before the
// confirmation card refuse with the same codes and the same minimum, written as the person reads money.
import { AppError } from '../../../core/errors.ts';
import { MIN_PAYOUT_CENTS } from '../../../core/money/money.ts';
import { formatEuro } from '../../../core/money/format-money.ts';

/** Throws PAYOUT_BELOW_MINIMUM (with the minimum in the person's language) or INSUFFICIENT_EARNINGS (when `availableCents` is known). */
export function checkPayoutAmount(amountCents: number, availableCents: number | null, lang: 'de' | 'en'): void {
  if (amountCents < MIN_PAYOUT_CENTS) throw new AppError('PAYOUT_BELOW_MINIMUM', { params: { min: formatEuro(MIN_PAYOUT_CENTS, lang) } });
  if (availableCents !== null && amountCents > availableCents) throw new AppError('INSUFFICIENT_EARNINGS');
}
