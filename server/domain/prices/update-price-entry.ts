// An admin changes a price-list entry; the audit log keeps the values before and after (same transaction).
// Unlocks already paid keep the price and rate they were paid at (Unlock.price, Unlock.commissionRateBp).
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';
import { isUniqueViolation } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { refreshCardPrices } from '../matching/refresh-card-prices.ts';
import { checkPriceEntry, toPriceView, type PriceEntryInput, type PriceEntryView } from './price-list.ts';

export async function updatePriceEntry(db: Db, actorId: string, id: string, input: PriceEntryInput, via: AuditVia = 'dashboard'): Promise<PriceEntryView> {
  const data = checkPriceEntry(input);
  try {
    return await db.$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "PriceListEntry" WHERE "id" = ${id} FOR UPDATE`;
      if (!locked) throw new AppError('NOT_FOUND');
      const before = toPriceView(await tx.priceListEntry.findUniqueOrThrow({ where: { id } }));
      const after = toPriceView(await tx.priceListEntry.update({ where: { id }, data }));
      await refreshCardPrices(tx, [before.industryCategory, after.industryCategory]);
      await recordAudit(tx, { actorId, action: 'price.update', entityType: 'price', entityId: id, before, after, via });
      return after;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('PRICE_ENTRY_EXISTS');
    throw e;
  }
}
