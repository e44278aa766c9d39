// The price on the cards of open requests follows the price list (decision 077): a price-list change writes
// the category's price in force into its open requests' matches, in the change's own transaction.
import type { DbTx } from '../../db.ts';
import { getUnlockPrices } from '../prices/get-unlock-price.ts';

export async function refreshCardPrices(tx: DbTx, categories: readonly string[]): Promise<number> {
  let changed = 0;
  for (const [kategorie, price] of await getUnlockPrices(tx, categories)) {
    changed += await tx.$executeRaw`
      UPDATE "Match" m SET "unlockPrice" = ${price.goints}
        FROM "Request" r
       WHERE r."kategorie" = ${kategorie} AND r."status" = 'open' AND m."requestId" = r."id" AND m."unlockPrice" <> ${price.goints}`;
  }
  return changed;
}
