// A provider's two wallets, locked for the rest of the transaction: an unlock decides how much of its price
// comes from promotional Goints, and a concurrent unlock or bonus must not change that meanwhile.
import type { DbTx } from '../../db.ts';
import { account, ensureAccounts } from './accounts.ts';

export async function lockGointsBalance(tx: DbTx, userId: string): Promise<{ paid: bigint; promo: bigint }> {
  await ensureAccounts(tx, [account.wallet(userId), account.walletPromo(userId)]);
  // In id order, like postTransaction's updates, so two transactions never wait for each other in a circle.
  const rows = await tx.$queryRaw<{ kind: string; balance: bigint }[]>`
    SELECT "kind", "balance" FROM "LedgerAccount" WHERE "ownerId" = ${userId} AND "kind" IN ('wallet', 'wallet_promo') ORDER BY "id" FOR UPDATE`;
  const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.balance ?? 0n);
  return { paid: of('wallet'), promo: of('wallet_promo') };
}
