// An admin removes a price-list entry: its category falls back to the category entry or the default (5 €, 50 %).
// Recorded in the audit log with the values removed, in the same transaction.
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { refreshCardPrices } from '../matching/refresh-card-prices.ts';
import { toPriceView, type PriceEntryView } from './price-list.ts';

export async function deletePriceEntry(db: Db, actorId: string, id: string, via: AuditVia = 'dashboard'): Promise<PriceEntryView> {
  return db.$transaction(async (tx) => {
    const row = await tx.priceListEntry.findUnique({ where: { id } });
    if (!row) throw new AppError('NOT_FOUND');
    const removed = await tx.priceListEntry.deleteMany({ where: { id } });
    if (removed.count !== 1) throw new AppError('NOT_FOUND');
    const before = toPriceView(row);
    await refreshCardPrices(tx, [row.industryCategory]);
    await recordAudit(tx, { actorId, action: 'price.delete', entityType: 'price', entityId: id, before, via });
    return before;
  });
}
