// The price of unlocking one request now: its category's entry (or the default). Read inside the unlock's
// transaction, so the price charged and the rate recorded are the ones in force at that moment.
import type { Db, DbTx } from '../../db.ts';
import { resolvePrice, type UnlockPrice } from './price-list.ts';

export async function getUnlockPrice(db: Db | DbTx, kategorie: string, serviceType?: string | null): Promise<UnlockPrice> {
  const entries = await db.priceListEntry.findMany({ where: { industryCategory: kategorie } });
  return resolvePrice(entries, kategorie, serviceType);
}

/** The prices of several categories at once (a page of teasers). */
export async function getUnlockPrices(db: Db | DbTx, kategorien: readonly string[]): Promise<Map<string, UnlockPrice>> {
  const unique = [...new Set(kategorien)];
  const entries = unique.length ? await db.priceListEntry.findMany({ where: { industryCategory: { in: unique }, serviceType: '' } }) : [];
  return new Map(unique.map((k) => [k, resolvePrice(entries, k)]));
}
