// The price list's numbers and the parsers of what admins type, pure and free of server imports, so the admin
// tab validates with the same limits and the same parsers as the server (decision 032).
import { z } from 'zod';
import { MAX_INPUT_NUMBER } from '../input-bounds.ts';
import { GOINTS_PER_EUR } from '../money/money.ts';
import { parseEuroCents } from '../money/parse-money.ts';

/** A category without an entry: 5 € (50 Goints) per unlock, 50 % of the paid fees to the platform. */
export const DEFAULT_BASE_PRICE_CENTS = 500;
export const DEFAULT_COMMISSION_RATE_BP = 5000;

export const PRICE_LIMITS = {
  /** 0,10 € (1 Goint) … 500 € (5,000 Goints). */
  minCents: 10,
  maxCents: 50_000,
  /** Whole Goints: 1 Goint = 10 cents. */
  stepCents: 100 / GOINTS_PER_EUR,
  minRateBp: 0,
  maxRateBp: 10_000,
  serviceTypeMax: 80,
  descriptionMax: 500,
} as const;

/** What an admin sends to create or change an entry (the HTTP body and the chat tool's input). */
export const priceEntryInput = z.object({
  industryCategory: z.string().trim().min(1).max(40),
  /** '' (or absent): the entry for the whole category. */
  serviceType: z.string().trim().max(PRICE_LIMITS.serviceTypeMax).default(''),
  // Bounded to what the database holds; the price rules' own limits answer PRICE_AMOUNT_INVALID / PRICE_RATE_INVALID.
  basePriceCents: z.number().int().min(-MAX_INPUT_NUMBER).max(MAX_INPUT_NUMBER),
  commissionRateBp: z.number().int().min(-MAX_INPUT_NUMBER).max(MAX_INPUT_NUMBER),
  description: z.string().trim().max(PRICE_LIMITS.descriptionMax).default(''),
});
export type PriceEntryInput = z.infer<typeof priceEntryInput>;

/** Goints of one unlock at a base price: € × 10. */
export const centsToUnlockGoints = (cents: number): number => (cents * GOINTS_PER_EUR) / 100;

/** '8', '8 €', '8,50', '€8.50', '8 Euro' → 800 / 850 euro cents (integers, no float); null when it is not an amount (the shared parser, decision 049). */
export { parseEuroCents };

/** '50', '50 %', '12,5 %', '12.25' → basis points (5000, 1250, 1225); null when it is not a percentage. */
export function parsePercentBp(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s+|%|prozent|percent/gi, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + (m[2] ? Number(m[2].padEnd(2, '0')) : 0);
}
