import type { Db, DbTx } from '../../db.ts';

/** The price list's entry of a whole category (no service type), or null when the default applies. */
export function findCategoryPriceEntry(db: Db | DbTx, category: string) {
  return db.priceListEntry.findUnique({ where: { industryCategory_serviceType: { industryCategory: category, serviceType: '' } } });
}
