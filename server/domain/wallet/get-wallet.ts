// A person's money as the ledger has it: the provider's Goints (paid and promotional), the seeker's and partner's earnings (in
// Goints and euros), and the latest movements of those accounts.
import type { Db } from '../../db.ts';
import { account, refKey } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/get-balance.ts';
import { milliToCents, toGoints, toGointsExact } from '../../../core/money/money.ts';
import type { Wallet } from '../../../core/api/shop.ts';
export type { Wallet } from '../../../core/api/shop.ts';

export async function getWallet(prisma: Db, userId: string, opts: { movements?: number } = {}): Promise<Wallet> {
  const refs = [account.wallet(userId), account.walletPromo(userId), account.seekerEarnings(userId), account.partnerEarnings(userId)];
  const balances = await getBalances(prisma, refs);
  const accounts = await prisma.ledgerAccount.findMany({
    where: { OR: refs.map((r) => ({ kind: r.kind, ownerId: r.ownerId })) },
    select: { id: true, kind: true },
  });
  const entries = accounts.length
    ? await prisma.ledgerEntry.findMany({
        where: { accountId: { in: accounts.map((a) => a.id) } },
        orderBy: { createdAt: 'desc' },
        take: opts.movements ?? 20,
        include: { transaction: { select: { kind: true, reference: true } } },
      })
    : [];
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const earnings = balances.get(refKey(account.seekerEarnings(userId)))!;
  const partner = balances.get(refKey(account.partnerEarnings(userId)))!;
  return {
    goints: toGoints(balances.get(refKey(account.wallet(userId)))! + balances.get(refKey(account.walletPromo(userId)))!),
    promoGoints: toGoints(balances.get(refKey(account.walletPromo(userId)))!),
    earnings: { goints: toGoints(earnings), cents: milliToCents(earnings) },
    partnerEarnings: { goints: toGoints(partner), cents: milliToCents(partner) },
    movements: entries.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      kind: e.transaction.kind,
      account: kindOf.get(e.accountId) ?? '',
      goints: toGointsExact(e.amount),
      balanceAfter: toGointsExact(e.balanceAfter),
      reference: e.transaction.reference,
    })),
  };
}
