// The unlock: in one database transaction, the unlock price of the request's category (price list, decision
// 032; 50 Goints by default) moves from the provider's wallets to the request's
// escrows (promotional Goints first, each kind to its own escrow; never below zero), the request's unlock
// counter grows (never beyond its maximum, never while a deal is pending), and the unlock is recorded with
// its promotional part and the platform's share in force (one per provider and request): a later price
// change never alters it. Concurrent attempts never overspend or overbook; a
// repeat answers the first unlock.
import { AppError } from '../../errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import type { UnlockResult } from '../../../machines/unlock.machine.ts';
import { account } from '../ledger/accounts.ts';
import { getGointsBalance } from '../ledger/get-balance.ts';
import { lockGointsBalance } from '../ledger/lock-goints-balance.ts';
import { lockRequest } from '../requests/lock-request.ts';
import { goints, toGoints } from '../ledger/money.ts';
import { getUnlockPrice } from '../prices/get-unlock-price.ts';
import { isInsufficientFunds, postTransaction } from '../ledger/post-transaction.ts';

export const unlockKey = (requestId: string, providerId: string) => `unlock:${requestId}:${providerId}`;

export async function unlockRequest(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, providerId: string, requestId: string): Promise<UnlockResult> {
  const prisma = deps.db.prisma;
  // The match, and whether this provider unlocked the request already, in one round trip.
  const [match] = await prisma.$queryRaw<{ id: string; unlocked: boolean }[]>`
    SELECT m."id", EXISTS (SELECT 1 FROM "Unlock" u WHERE u."requestId" = m."requestId" AND u."providerId" = m."providerId") AS "unlocked"
    FROM "Match" m WHERE m."requestId" = ${requestId} AND m."providerId" = ${providerId}`;
  if (!match) throw new AppError('NOT_FOUND');
  const repeat = async (): Promise<UnlockResult> => ({ requestId, balance: toGoints((await getGointsBalance(prisma, providerId)).total), repeated: true });
  if (match.unlocked) return repeat();
  let priceGoints = 0;
  try {
    const result = await inTransaction(prisma, async (tx) => {
      // The request's row lock first (decision 019): a settlement or refund of this request waits for this
      // unlock to commit, and this unlock sees an offer accepted meanwhile.
      const request = await lockRequest(tx, requestId);
      if (!request || request.status !== 'open') throw new AppError('REQUEST_NOT_AVAILABLE');
      if (request.acceptedOfferId) throw new AppError('REQUEST_DEAL_PENDING');
      if (request.unlockCount >= request.maxUnlocks) throw new AppError('REQUEST_SOLD_OUT');
      // The price in force now, read after the request's lock: what is charged and recorded on the unlock.
      const unlockPrice = await getUnlockPrice(tx, request.kategorie);
      priceGoints = unlockPrice.goints;
      const price = goints(unlockPrice.goints);
      const { paid, promo } = await lockGointsBalance(tx, providerId);
      if (paid + promo < price) throw new AppError('INSUFFICIENT_GOINTS', { params: { price: unlockPrice.goints } });
      // Promotional Goints are spent first; the rest comes from paid Goints.
      const fromPromo = promo < price ? promo : price;
      const fromPaid = price - fromPromo;
      await tx.request.update({ where: { id: requestId }, data: { unlockCount: { increment: 1 } }, select: { id: true } });
      const posted = await postTransaction(tx, {
        idempotencyKey: unlockKey(requestId, providerId),
        kind: 'unlock',
        reference: requestId,
        memo: { priceGoints: unlockPrice.goints, commissionRateBp: unlockPrice.commissionRateBp, priceEntryId: unlockPrice.entryId },
        lines: [
          ...(fromPromo > 0n
            ? [
                { account: account.walletPromo(providerId), amount: -fromPromo },
                { account: account.escrowPromo(requestId), amount: fromPromo },
              ]
            : []),
          ...(fromPaid > 0n
            ? [
                { account: account.wallet(providerId), amount: -fromPaid },
                { account: account.escrow(requestId), amount: fromPaid },
              ]
            : []),
        ],
      });
      await tx.unlock.create({
        data: { requestId, providerId, price, promoPrice: fromPromo, commissionRateBp: unlockPrice.commissionRateBp, ledgerTxId: posted.transactionId },
        select: { id: true },
      });
      await tx.match.update({ where: { id: match.id }, data: { status: 'freigeschaltet' }, select: { id: true } });
      return { requestId, balance: toGoints(paid + promo - price), repeated: false };
    });
    await deps.bus.publish({ type: 'request.unlocked', to: { userId: providerId }, payload: { requestId } }).catch(() => {});
    return result;
  } catch (e) {
    if (isInsufficientFunds(e, 'wallet') || isInsufficientFunds(e, 'wallet_promo'))
      throw new AppError('INSUFFICIENT_GOINTS', { params: { price: priceGoints } });
    // The same provider unlocking the same request twice at once: the unique index lets one through.
    if (isUniqueViolation(e)) {
      if (await prisma.unlock.findUnique({ where: { requestId_providerId: { requestId, providerId } }, select: { id: true } })) return repeat();
    }
    throw e;
  }
}
