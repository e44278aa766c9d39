// The price list as admins see it (every entry, by category and service type) and the effective unlock price of
// every category, which providers, the shop and the landing page see.
import type { Db, DbTx } from '../../db.ts';
import { CATEGORY_IDS, type CategoryId } from '../../../core/categories/category-ids.ts';
import { resolvePrice, toPriceView, type PriceEntryView } from './price-list.ts';

export async function listPriceEntries(db: Db | DbTx): Promise<PriceEntryView[]> {
  const rows = await db.priceListEntry.findMany({ orderBy: [{ industryCategory: 'asc' }, { serviceType: 'asc' }] });
  return rows.map(toPriceView);
}

export interface CategoryPrice {
  kategorie: CategoryId;
  goints: number;
  commissionRateBp: number;
  /** false: no entry, the default applies. */
  fromEntry: boolean;
}

export interface CurrentPrices {
  categories: CategoryPrice[];
  /** The cheapest and the dearest unlock now ('ab X Goints'). */
  minGoints: number;
  maxGoints: number;
}

export async function getCurrentPrices(db: Db | DbTx): Promise<CurrentPrices> {
  const entries = await db.priceListEntry.findMany({ where: { serviceType: '' } });
  const categories = CATEGORY_IDS.map((kategorie) => {
    const p = resolvePrice(entries, kategorie);
    return { kategorie, goints: p.goints, commissionRateBp: p.commissionRateBp, fromEntry: p.entryId !== null };
  });
  const all = categories.map((c) => c.goints);
  return { categories, minGoints: Math.min(...all), maxGoints: Math.max(...all) };
}
