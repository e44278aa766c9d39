// The payout amount as people type it: euros with a comma or a point, at most two decimals.
import { parseEuroCents } from '../../../core/money/parse-money.ts';
import { formatEuroInput } from '../../../core/money/format-money.ts';

/** '12,50' / '12.50' / '12,50 €' → 1250 cents; null when it is not an amount (the shared parser, decision 049). */
export const parseEuroInput = (value: string): number | null => parseEuroCents(value);

/** 1250 → '12,50' (de) / '12.50' (en), without grouping, for the amount field. */
export const amountInputValue = (cents: number, lang: string) => formatEuroInput(cents, lang);
