// The key that makes a payout request count once: new for each intent to pay out, the same when that
// very submission is sent again (a retry after a lost answer).

/** A fresh idempotency key (crypto.randomUUID where the page is a secure context, random bytes otherwise). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
