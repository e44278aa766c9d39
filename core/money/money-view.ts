// An amount as partners see it: Goints (up to three decimals) and whole euro cents (rounded down).
import { z } from 'zod';
import { milliToCents, toGointsExact } from './money.ts';

export const moneyViewSchema = z.object({
  goints: z.number().describe('Goints, up to three decimals'),
  cents: z.number().int().describe('Euro cents, rounded down'),
});

export type MoneyView = z.output<typeof moneyViewSchema>;

export const moneyView = (milli: bigint): MoneyView => ({ goints: toGointsExact(milli), cents: milliToCents(milli) });
