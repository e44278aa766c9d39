// Balances as the ledger keeps them (0 for an account that has never moved).
import type { Db, DbTx } from '../../db.ts';
import { account, refKey, type AccountRef } from './accounts.ts';

export async function getBalance(db: Db | DbTx, ref: AccountRef): Promise<bigint> {
  const row = await db.ledgerAccount.findUnique({ where: { kind_ownerId: { kind: ref.kind, ownerId: ref.ownerId } }, select: { balance: true } });
  return row?.balance ?? 0n;
}

export async function getBalances(db: Db | DbTx, refs: readonly AccountRef[]): Promise<Map<string, bigint>> {
  const rows = refs.length
    ? await db.ledgerAccount.findMany({
        where: { OR: refs.map((r) => ({ kind: r.kind, ownerId: r.ownerId })) },
        select: { kind: true, ownerId: true, balance: true },
      })
    : [];
  const found = new Map(rows.map((r) => [`${r.kind}:${r.ownerId}`, r.balance]));
  return new Map(refs.map((r) => [refKey(r), found.get(refKey(r)) ?? 0n]));
}

export interface GointsBalance {
  /** What the provider can spend: paid and promotional together (milli-Goints). */
  total: bigint;
  paid: bigint;
  promo: bigint;
}

/** A provider's Goints: the paid wallet and the promotional one, and their sum (what the provider sees). */
export async function getGointsBalance(db: Db | DbTx, userId: string): Promise<GointsBalance> {
  const b = await getBalances(db, [account.wallet(userId), account.walletPromo(userId)]);
  const paid = b.get(refKey(account.wallet(userId)))!;
  const promo = b.get(refKey(account.walletPromo(userId)))!;
  return { total: paid + promo, paid, promo };
}
