// The price list's rules, pure: what an entry may hold, which entry prices a request, and how an entry is
// shown. Money as integers: euro cents (a multiple of 10 cents, so an unlock costs whole Goints) and basis
// points for the platform's share (5000 = 50 %). Decision 032.
import { AppError } from '../../../core/errors.ts';
import { CATEGORY_IDS, type CategoryId } from '../../../core/categories/category-ids.ts';

export {
  DEFAULT_BASE_PRICE_CENTS,
  DEFAULT_COMMISSION_RATE_BP,
  PRICE_LIMITS,
  parseEuroCents,
  parsePercentBp,
  centsToUnlockGoints,
} from '../../../core/prices/price-input.ts';
import {
  DEFAULT_BASE_PRICE_CENTS,
  DEFAULT_COMMISSION_RATE_BP,
  PRICE_LIMITS,
  centsToUnlockGoints,
  type PriceEntryInput,
} from '../../../core/prices/price-input.ts';

export { priceEntryInput, type PriceEntryInput } from '../../../core/prices/price-input.ts';

/** An entry as the doors show it: the response type of the price endpoints (core/contract/admin-prices.ts). */
export type { PriceEntryView } from '../../../core/contract/admin-prices.ts';
import type { PriceEntryView } from '../../../core/contract/admin-prices.ts';

export interface PriceRow {
  id: string;
  industryCategory: string;
  serviceType: string;
  basePriceCents: number;
  commissionRateBp: number;
  description: string;
  updatedAt: Date;
}

export function toPriceView(r: PriceRow): PriceEntryView {
  return {
    id: r.id,
    industryCategory: r.industryCategory as CategoryId,
    serviceType: r.serviceType,
    basePriceCents: r.basePriceCents,
    unlockGoints: centsToUnlockGoints(r.basePriceCents),
    commissionRateBp: r.commissionRateBp,
    description: r.description,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const isCategory = (id: string): id is CategoryId => (CATEGORY_IDS as readonly string[]).includes(id);

/** The checks zod cannot word for people: each a translated error with its limits. Nothing is stored on failure. */
export function checkPriceEntry(input: PriceEntryInput): PriceEntryInput {
  if (!isCategory(input.industryCategory)) throw new AppError('PRICE_CATEGORY_UNKNOWN');
  const { minCents, maxCents, stepCents, minRateBp, maxRateBp } = PRICE_LIMITS;
  if (input.basePriceCents < minCents || input.basePriceCents > maxCents || input.basePriceCents % stepCents !== 0) {
    throw new AppError('PRICE_AMOUNT_INVALID');
  }
  if (input.commissionRateBp < minRateBp || input.commissionRateBp > maxRateBp) throw new AppError('PRICE_RATE_INVALID');
  return input;
}

/** The price of one unlock: Goints, the platform's share, and the entry it came from (null: the default). */
export interface UnlockPrice {
  goints: number;
  commissionRateBp: number;
  entryId: string | null;
}

export const DEFAULT_UNLOCK_PRICE: UnlockPrice = {
  goints: centsToUnlockGoints(DEFAULT_BASE_PRICE_CENTS),
  commissionRateBp: DEFAULT_COMMISSION_RATE_BP,
  entryId: null,
};

/**
 * Which entry prices a request: the entry of its category and service type when the request has one and such an
 * entry exists, otherwise the category's own entry (service type ''), otherwise the default. Requests carry no
 * service type today, so only category entries take effect (decision 032).
 */
export function resolvePrice(
  entries: readonly Pick<PriceRow, 'id' | 'industryCategory' | 'serviceType' | 'basePriceCents' | 'commissionRateBp'>[],
  kategorie: string,
  serviceType?: string | null,
): UnlockPrice {
  const wanted = serviceType?.trim().toLowerCase();
  const specific = wanted ? entries.find((e) => e.industryCategory === kategorie && e.serviceType.toLowerCase() === wanted) : undefined;
  const entry = specific ?? entries.find((e) => e.industryCategory === kategorie && e.serviceType === '');
  return entry ? { goints: centsToUnlockGoints(entry.basePriceCents), commissionRateBp: entry.commissionRateBp, entryId: entry.id } : DEFAULT_UNLOCK_PRICE;
}
