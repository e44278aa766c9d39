// The retention job (decision 046): once the 10-year retention of accounting records has passed since a person
// deleted their account, the records kept under the pseudonym are deleted too: payouts and payout methods,
// receipts (purchases), commissions, unlocks and offers (with their deals), and the account row itself. The
// ledger stays balanced: the person's ledger transactions are removed and replaced by one carry-forward
// transaction holding, per account they touched, the sum of the removed entries (each removed transaction
// summed to zero, so their sum does too); every balance still equals the sum of its entries. The person's own
// ledger accounts are deleted when empty, or else lose the link to the person (owner 'erased:<random>').
// A plain function the job queue runs daily (server/jobs/definitions.ts); safe to run on several instances (row lock, conditional delete).
import crypto from 'node:crypto';
import type { Db, DbTx } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import { RETENTION_YEARS } from './delete-account.ts';

export function retentionCutoff(now: Date, years = RETENTION_YEARS): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

export async function purgeRetainedRecords(prisma: Db, now: Date = new Date(), batch = 50): Promise<number> {
  const due = await prisma.user.findMany({
    where: { deletedAt: { lte: retentionCutoff(now) } },
    select: { id: true },
    orderBy: { deletedAt: 'asc' },
    take: batch,
  });
  let purged = 0;
  const failed: string[] = [];
  for (const u of due) {
    // One account that cannot be purged yet (say, an unlock still active) must not hold up the others.
    try {
      if (await inTransaction(prisma, (tx) => purgeOne(tx, u.id, now))) purged++;
    } catch (e) {
      failed.push(`${u.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (failed.length && !purged) throw new Error(`retention purge failed for ${failed.length} account(s): ${failed[0]}`);
  return purged;
}

async function purgeOne(tx: DbTx, userId: string, now: Date): Promise<boolean> {
  const locked = await tx.$queryRaw<{ deletedAt: Date | null }[]>`SELECT "deletedAt" FROM "user" WHERE id = ${userId} FOR UPDATE`;
  const deletedAt = locked[0]?.deletedAt;
  if (!deletedAt || deletedAt > retentionCutoff(now)) return false;

  await compressLedger(tx, userId);

  await tx.commission.deleteMany({ where: { partnerId: userId } });
  await tx.payout.deleteMany({ where: { userId } });
  await tx.payoutMethod.deleteMany({ where: { userId } });
  await tx.purchase.deleteMany({ where: { userId } });
  await tx.unlock.deleteMany({ where: { providerId: userId, status: { not: 'active' } } });
  const offers = await tx.offer.findMany({ where: { providerId: userId }, select: { id: true } });
  if (offers.length) {
    await tx.request.updateMany({ where: { acceptedOfferId: { in: offers.map((o) => o.id) } }, data: { acceptedOfferId: null } });
    await tx.deal.deleteMany({ where: { offerId: { in: offers.map((o) => o.id) } } });
    await tx.offer.deleteMany({ where: { providerId: userId } });
  }
  await tx.referralEvent.deleteMany({ where: { OR: [{ userId }, { partnerId: userId }] } });
  // Requests, chat sessions and matches let go of the row by their foreign keys (set null / cascade).
  await tx.user.delete({ where: { id: userId } });
  return true;
}

async function compressLedger(tx: DbTx, userId: string): Promise<void> {
  const own = await tx.ledgerAccount.findMany({ where: { ownerId: userId }, select: { id: true } });
  if (!own.length) return;
  const ownIds = own.map((a) => a.id);
  const txIds = (await tx.ledgerEntry.findMany({ where: { accountId: { in: ownIds } }, select: { transactionId: true }, distinct: ['transactionId'] })).map(
    (e) => e.transactionId,
  );
  if (txIds.length) {
    const sums = await tx.ledgerEntry.groupBy({ by: ['accountId'], where: { transactionId: { in: txIds } }, _sum: { amount: true } });
    await tx.ledgerEntry.deleteMany({ where: { transactionId: { in: txIds } } });
    await tx.ledgerTransaction.deleteMany({ where: { id: { in: txIds } } });
    const carried = sums.filter((s) => (s._sum.amount ?? 0n) !== 0n);
    if (carried.length) {
      const balances = new Map(
        (await tx.ledgerAccount.findMany({ where: { id: { in: carried.map((c) => c.accountId) } }, select: { id: true, balance: true } })).map((a) => [
          a.id,
          a.balance,
        ]),
      );
      await tx.ledgerTransaction.create({
        data: {
          idempotencyKey: `retention-carry-forward:${crypto.randomUUID()}`,
          kind: 'retention_carry_forward',
          memo: { note: 'entries of a deleted account removed after the retention period' },
          entries: { create: carried.map((c) => ({ accountId: c.accountId, amount: c._sum.amount!, balanceAfter: balances.get(c.accountId) ?? 0n })) },
        },
      });
    }
  }
  // The person's own accounts: deleted when nothing is left in them, otherwise no longer linked to anyone.
  const left = await tx.ledgerAccount.findMany({ where: { id: { in: ownIds } }, select: { id: true, balance: true } });
  for (const a of left) {
    const entries = await tx.ledgerEntry.count({ where: { accountId: a.id } });
    if (a.balance === 0n && entries === 0) await tx.ledgerAccount.delete({ where: { id: a.id } });
    else await tx.ledgerAccount.update({ where: { id: a.id }, data: { ownerId: `erased:${crypto.randomUUID()}` } });
  }
}
