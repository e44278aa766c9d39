// The unlock: in one database transaction, 50 Goints move from the provider's wallet to the request's
// escrow (never below zero), the request's unlock counter grows (never beyond its maximum), and the unlock
// is recorded (one per provider and request). Concurrent attempts never overspend or overbook; a repeat
// answers the first unlock.
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import type { UnlockResult } from '../../../machines/unlock.machine.ts';
import { account } from '../ledger/accounts.ts';
import { getBalance } from '../ledger/get-balance.ts';
import { goints, toGoints, UNLOCK_PRICE_GOINTS } from '../ledger/money.ts';
import { isInsufficientFunds, postTransaction } from '../ledger/post-transaction.ts';

export const unlockKey = (requestId: string, providerId: string) => `unlock:${requestId}:${providerId}`;

export async function unlockRequest(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, providerId: string, requestId: string): Promise<UnlockResult> {
  const prisma = deps.db.prisma;
  // The match, and whether this provider unlocked the request already, in one round trip.
  const [match] = await prisma.$queryRaw<{ id: string; unlocked: boolean }[]>`
    SELECT m."id", EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = m."requestId" AND u."providerId" = m."providerId") AS "unlocked"
    FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId}`;
  if (!match) throw new AppError('NOT_FOUND');
  const repeat = async (): Promise<UnlockResult> => ({ requestId, balance: toGoints(await getBalance(prisma, account.wallet(providerId))), repeated: true });
  if (match.unlocked) return repeat();
  try {
    const result = await inTransaction(prisma, async (tx) => {
      // Takes one of the request's places, only while it is open and not full.
      const taken = await tx.$queryRaw<{ unlockCount: number }[]>`
        UPDATE "Request" SET "unlockCount" = "unlockCount" + 1, "updatedAt" = now()
        WHERE "id" = ${requestId} AND "status" = 'open' AND "unlockCount" < "maxUnlocks"
        RETURNING "unlockCount"`;
      if (taken.length !== 1) {
        const r = await tx.request.findUnique({ where: { id: requestId }, select: { status: true } });
        throw new AppError(r?.status === 'open' ? 'REQUEST_SOLD_OUT' : 'REQUEST_NOT_AVAILABLE');
      }
      const posted = await postTransaction(tx, {
        idempotencyKey: unlockKey(requestId, providerId),
        kind: 'unlock',
        reference: requestId,
        lines: [
          { account: account.wallet(providerId), amount: -goints(UNLOCK_PRICE_GOINTS) },
          { account: account.escrow(requestId), amount: goints(UNLOCK_PRICE_GOINTS) },
        ],
      });
      await tx.unlock.create({ data: { requestId, providerId, price: goints(UNLOCK_PRICE_GOINTS), ledgerTxId: posted.transactionId }, select: { id: true } });
      await tx.match.update({ where: { id: match.id }, data: { status: 'freigeschaltet' }, select: { id: true } });
      const balance = await getBalance(tx, account.wallet(providerId));
      return { requestId, balance: toGoints(balance), repeated: false };
    });
    await deps.bus.publish({ type: 'request.unlocked', to: { userId: providerId }, payload: { requestId } }).catch(() => {});
    return result;
  } catch (e) {
    if (isInsufficientFunds(e, 'wallet')) throw new AppError('INSUFFICIENT_GOINTS');
    // The same provider unlocking the same request twice at once: the unique index lets one through.
    if (isUniqueViolation(e)) {
      if (await prisma.unlock.findUnique({ where: { requestId_providerId: { requestId, providerId } }, select: { id: true } })) return repeat();
    }
    throw e;
  }
}
