// The idempotency keys payouts send to the payment providers, built in one place: a retry after a crash, a
// timeout or a lost answer sends the same key, so the provider answers the first result instead of paying twice.

/** PayPal's sender_batch_id (also its PayPal-Request-Id): one batch per payout. */
export const paypalSenderBatchId = (payoutId: string) => `akut-${payoutId}`;

/** Stripe's Idempotency-Key of the transfer to the connected account. */
export const stripeTransferKey = (payoutId: string) => `akut-payout-transfer:${payoutId}`;

/** Stripe's Idempotency-Key of the reversal that takes a transfer back when the bank refused the money. */
export const stripeReversalKey = (payoutId: string) => `akut-payout-reversal:${payoutId}`;

/** Stripe's Idempotency-Key of a person's connected account: two clicks at once make one account. */
export const stripeAccountKey = (userId: string) => `akut-connect-account:${userId}`;
