// An amount as partners see it: Goints (up to three decimals) and whole euro cents (rounded down).
import { milliToCents, toGointsExact } from './money.ts';

export interface MoneyView {
  goints: number;
  cents: number;
}

export const moneyView = (milli: bigint): MoneyView => ({ goints: toGointsExact(milli), cents: milliToCents(milli) });
