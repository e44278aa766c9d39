// The unlock's rules, pure and written once (decision 065): the quote and the unlock read the same facts
// (read-unlock-facts.ts; the unlock under the request's row lock) and ask the same check, checkUnlock. The
// unlock machine's guards read the quote the server built with it (quoteRefusal).

// Why a loaded quote stops an unlock: the unlock machine's guards and the chat's check before its card.
export { quoteRefusal } from '../../../machines/unlock.machine.ts';
import type { UnlockQuote, UnlockUnavailableReason } from '../../../machines/unlock.machine.ts';
import { goints, toGoints } from '../../../core/money/money.ts';
import type { UnlockPrice } from '../prices/price-list.ts';

/** The refusals of an unlock, as the server's error codes. */
export type UnlockRefusal =
  | 'NOT_FOUND'
  | 'REQUEST_NOT_AVAILABLE'
  | 'REQUEST_DEAL_PENDING'
  | 'REQUEST_SOLD_OUT'
  | 'UNLOCK_PRICE_CHANGED'
  | 'INSUFFICIENT_GOINTS';

export interface UnlockableRequest {
  status: string;
  userId: string | null;
  acceptedOfferId: string | null;
  unlockCount: number;
  maxUnlocks: number;
}

/** Everything the check needs, read in one place for the quote and the unlock alike. */
export interface UnlockFacts {
  requestId: string;
  providerId: string;
  /** The request was matched to this provider (no match, no unlock). */
  matched: boolean;
  /** This provider unlocked the request before. */
  alreadyUnlocked: boolean;
  /** Null when there is no such request. */
  request: UnlockableRequest | null;
  /** The price in force for the request's category (price list, decision 032). */
  price: UnlockPrice;
  /** The provider's wallets (milli-Goints): paid and promotional. */
  wallets: { paid: bigint; promo: bigint };
}

export type UnlockCheck =
  | { outcome: 'repeat' }
  | { outcome: 'refused'; refusal: UnlockRefusal }
  | { outcome: 'allowed'; price: bigint; fromPromo: bigint; fromPaid: bigint };

/**
 * Whether this provider may unlock this request now, checked in this order: matched (else NOT_FOUND), a
 * repeat (answered with the first unlock), open, not the provider's own (the same answer as no match:
 * matching never makes one), no deal pending, below its maximum, the price the person confirmed still the
 * price in force (omitted for a quote), and the wallets covering the price, promotional Goints first.
 */
export function checkUnlock(facts: UnlockFacts, confirmedGoints?: number): UnlockCheck {
  if (!facts.matched || !facts.request) return { outcome: 'refused', refusal: 'NOT_FOUND' };
  if (facts.alreadyUnlocked) return { outcome: 'repeat' };
  const refusal = unlockRefusal(facts.request, facts.providerId);
  if (refusal) return { outcome: 'refused', refusal };
  if (confirmedGoints !== undefined && confirmedGoints !== facts.price.goints) return { outcome: 'refused', refusal: 'UNLOCK_PRICE_CHANGED' };
  const price = goints(facts.price.goints);
  const split = splitUnlockPrice(facts.wallets.paid, facts.wallets.promo, price);
  if (!split) return { outcome: 'refused', refusal: 'INSUFFICIENT_GOINTS' };
  return { outcome: 'allowed', price, ...split };
}

/**
 * The request's own rules, in the order checkUnlock asks them: open, not the provider's own, no deal pending,
 * below its maximum. Null: it may be unlocked.
 */
export function unlockRefusal(
  request: UnlockableRequest | null,
  providerId: string,
): Extract<UnlockRefusal, 'NOT_FOUND' | 'REQUEST_NOT_AVAILABLE' | 'REQUEST_DEAL_PENDING' | 'REQUEST_SOLD_OUT'> | null {
  if (!request || request.status !== 'open') return 'REQUEST_NOT_AVAILABLE';
  if (request.userId === providerId) return 'NOT_FOUND';
  if (request.acceptedOfferId) return 'REQUEST_DEAL_PENDING';
  if (request.unlockCount >= request.maxUnlocks) return 'REQUEST_SOLD_OUT';
  return null;
}

/**
 * How a price (milli-Goints) is paid from the two wallets: promotional Goints first, the rest from paid
 * Goints. Null when both together do not reach the price.
 */
export function splitUnlockPrice(paid: bigint, promo: bigint, price: bigint): { fromPromo: bigint; fromPaid: bigint } | null {
  if (paid + promo < price) return null;
  const fromPromo = promo < price ? promo : price;
  return { fromPromo, fromPaid: price - fromPromo };
}

/**
 * The quote the provider confirms, from the same facts: the price, the balance, 'x of N unlocked' and whether
 * the request takes unlocks now (with the reason when not). Null when the provider may not see it (NOT_FOUND).
 */
export function quoteOf(facts: UnlockFacts): UnlockQuote | null {
  const request = facts.request;
  if (!facts.matched || !request) return null;
  const refusal = unlockRefusal(request, facts.providerId);
  if (refusal === 'NOT_FOUND') return null;
  const reason: UnlockUnavailableReason | null =
    refusal === 'REQUEST_NOT_AVAILABLE' ? 'closed' : refusal === 'REQUEST_DEAL_PENDING' ? 'inDeal' : refusal === 'REQUEST_SOLD_OUT' ? 'soldOut' : null;
  return {
    requestId: facts.requestId,
    price: facts.price.goints,
    balance: toGoints(facts.wallets.paid + facts.wallets.promo),
    promoBalance: toGoints(facts.wallets.promo),
    unlocked: request.unlockCount,
    max: request.maxUnlocks,
    alreadyUnlocked: facts.alreadyUnlocked,
    available: reason === null,
    reason,
  };
}
