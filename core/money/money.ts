// Money units. The ledger counts milli-Goints (integers, BigInt): 1 Goint = 1,000 milli-Goints and
// 1 EUR = 10 Goints, so 1 euro cent = 100 milli-Goints. Fine enough that a 50/50 split or a commission
// never rounds silently. Prices shown to consumers are euro cents (integers) with VAT included.
export const MILLI_PER_GOINT = 1000n;
export const GOINTS_PER_EUR = 10;
export const MILLI_PER_CENT = 100n;

/** The price to unlock one request. */
export const UNLOCK_PRICE_GOINTS = 50;
/** The welcome bonus of a new provider (the shop's promise). */
export const WELCOME_BONUS_GOINTS = 50;
/** The smallest payout, in euro cents. */
export const MIN_PAYOUT_CENTS = 1000;

export function goints(n: number): bigint {
  if (!Number.isInteger(n)) throw new Error(`goints: ${n} is not a whole number`);
  return BigInt(n) * MILLI_PER_GOINT;
}

/** Whole Goints of an amount (rounded down; milli rests are never shown as Goints). */
export function toGoints(milli: bigint): number {
  return Number(milli / MILLI_PER_GOINT);
}

/** Goints with up to three decimals (for statements). */
export function toGointsExact(milli: bigint): number {
  return Number(milli) / Number(MILLI_PER_GOINT);
}

export function centsToMilli(cents: number): bigint {
  if (!Number.isInteger(cents)) throw new Error(`centsToMilli: ${cents} is not a whole number`);
  return BigInt(cents) * MILLI_PER_CENT;
}

/** Whole euro cents of an amount (rounded down). */
export function milliToCents(milli: bigint): number {
  return Number(milli / MILLI_PER_CENT);
}

/** Splits an amount in two halves; the first gets the smaller half when it is odd. */
export function splitHalf(milli: bigint): [bigint, bigint] {
  const first = milli / 2n;
  return [first, milli - first];
}
