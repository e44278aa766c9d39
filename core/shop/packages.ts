// The Goints packages of the shop. Prices are total prices including VAT (euro cents); the number of
// requests a package covers is its Goints divided by the unlock price (the price list's cheapest and dearest
// category, decision 032); savings are against 10 Goints = 1 €.
import { GOINTS_PER_EUR, UNLOCK_PRICE_GOINTS } from '../money/money.ts';

export const PACKAGE_IDS = ['small', 'medium', 'large'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

const RAW: Record<PackageId, { goints: number; grossCents: number; popular: boolean }> = {
  small: { goints: 1000, grossCents: 10_000, popular: false },
  medium: { goints: 5000, grossCents: 45_000, popular: true },
  large: { goints: 10_000, grossCents: 85_000, popular: false },
};

export interface ShopPackage {
  id: PackageId;
  goints: number;
  priceCents: number;
  /** Unlocks the package pays for at the cheapest category's price. */
  requests: number;
  /** At the dearest category's price (the same as requests while every category costs the same). */
  requestsMin: number;
  popular: boolean;
  savingsCents: number;
  savingsPercent: number;
}

export function shopPackage(
  id: PackageId,
  unlockPrice: { minGoints: number; maxGoints: number } = { minGoints: UNLOCK_PRICE_GOINTS, maxGoints: UNLOCK_PRICE_GOINTS },
): ShopPackage {
  const p = RAW[id];
  const listCents = (p.goints / GOINTS_PER_EUR) * 100;
  const savingsCents = Math.max(0, listCents - p.grossCents);
  return {
    id,
    goints: p.goints,
    priceCents: p.grossCents,
    requests: Math.floor(p.goints / unlockPrice.minGoints),
    requestsMin: Math.floor(p.goints / unlockPrice.maxGoints),
    popular: p.popular,
    savingsCents,
    savingsPercent: Math.round((savingsCents / listCents) * 100),
  };
}

export const listPackages = (unlockPrice?: { minGoints: number; maxGoints: number }): ShopPackage[] => PACKAGE_IDS.map((id) => shopPackage(id, unlockPrice));

/** Net and VAT of a gross price (VAT included), in cents; the VAT is what the net leaves over. */
export function splitVat(grossCents: number, ratePercent: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 100) / (100 + ratePercent));
  return { netCents, vatCents: grossCents - netCents };
}
