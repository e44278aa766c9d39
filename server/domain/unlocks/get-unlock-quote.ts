// What an unlock costs (the price list's entry for the request's category, decision 032) and whether it can happen now: the price, the provider's balance (paid and
// promotional together, and the promotional part), and how many of the allowed providers unlocked the
// request ('x of N unlocked'). Only for a request matched to the provider. Not available once it ended or
// while a deal is pending (an accepted offer), again when that deal is cancelled.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { UnlockQuote, UnlockUnavailableReason } from '../../../machines/unlock.machine.ts';
import { getGointsBalance } from '../ledger/get-balance.ts';
import { toGoints } from '../../../core/money/money.ts';
import { getUnlockPrice } from '../prices/get-unlock-price.ts';
import { unlockRefusal } from './unlock-rules.ts';

export async function getUnlockQuote(prisma: Db, providerId: string, requestId: string): Promise<UnlockQuote> {
  const match = await prisma.match.findUnique({
    where: { requestId_providerId: { requestId, providerId } },
    select: { request: { select: { status: true, userId: true, unlockCount: true, maxUnlocks: true, acceptedOfferId: true, kategorie: true } } },
  });
  if (!match) throw new AppError('NOT_FOUND');
  const [balance, mine, price] = await Promise.all([
    getGointsBalance(prisma, providerId),
    prisma.unlock.count({ where: { requestId, providerId } }),
    getUnlockPrice(prisma, match.request.kategorie),
  ]);
  const r = match.request;
  const refusal = unlockRefusal(r, providerId);
  if (refusal === 'NOT_FOUND') throw new AppError('NOT_FOUND');
  const reason: UnlockUnavailableReason | null =
    refusal === 'REQUEST_NOT_AVAILABLE' ? 'closed' : refusal === 'REQUEST_DEAL_PENDING' ? 'inDeal' : refusal === 'REQUEST_SOLD_OUT' ? 'soldOut' : null;
  return {
    requestId,
    price: price.goints,
    balance: toGoints(balance.total),
    promoBalance: toGoints(balance.promo),
    unlocked: match.request.unlockCount,
    max: match.request.maxUnlocks,
    alreadyUnlocked: mine > 0,
    available: reason === null,
    reason,
  };
}
