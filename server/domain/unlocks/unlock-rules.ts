// The unlock's rules, pure (decision 043). The unlock itself runs as one PostgreSQL function
// (akut_unlock_request, migration 20261124143000_unlock_function) that re-expresses these rules in SQL; the
// quote and the tests use them here, and tests/integration/unlock-rules.integration.test.ts pins each rule on
// both paths, on PGlite and PostgreSQL.

// Why a loaded quote stops an unlock: the unlock machine's guards and the chat's check before its card.
export { quoteRefusal } from '../../../machines/unlock.machine.ts';

/** The refusals of an unlock, as the server's error codes. */
export type UnlockRefusal = 'NOT_FOUND' | 'REQUEST_NOT_AVAILABLE' | 'REQUEST_DEAL_PENDING' | 'REQUEST_SOLD_OUT' | 'INSUFFICIENT_GOINTS';

export const UNLOCK_REFUSALS: readonly UnlockRefusal[] = [
  'NOT_FOUND',
  'REQUEST_NOT_AVAILABLE',
  'REQUEST_DEAL_PENDING',
  'REQUEST_SOLD_OUT',
  'INSUFFICIENT_GOINTS',
];

export interface UnlockableRequest {
  status: string;
  userId: string | null;
  acceptedOfferId: string | null;
  unlockCount: number;
  maxUnlocks: number;
}

/**
 * Whether this provider may unlock this request now, checked in this order under the request's row lock:
 * open, not the provider's own (the same answer as no match: matching never makes one), no deal pending,
 * below its maximum. Null: it may.
 */
export function unlockRefusal(request: UnlockableRequest | null, providerId: string): Exclude<UnlockRefusal, 'INSUFFICIENT_GOINTS'> | null {
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
