// An admin adds a price-list entry (one per category and service type), recorded in the audit log in the same
// transaction. From the next unlock on, requests of that category cost its price, and their cards say so.
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { refreshCardPrices } from '../matching/refresh-card-prices.ts';
import { checkPriceEntry, toPriceView, type PriceEntryInput, type PriceEntryView } from './price-list.ts';

export async function createPriceEntry(db: Db, actorId: string, input: PriceEntryInput, via: AuditVia = 'dashboard'): Promise<PriceEntryView> {
  const data = checkPriceEntry(input);
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.priceListEntry.create({ data });
      const view = toPriceView(row);
      await refreshCardPrices(tx, [row.industryCategory]);
      await recordAudit(tx, { actorId, action: 'price.create', entityType: 'price', entityId: row.id, after: view, via });
      return view;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('PRICE_ENTRY_EXISTS');
    throw e;
  }
}
