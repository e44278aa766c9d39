// The score that ranks a seeker's 'Beste Angebote' (decision 049), pure so it can be tested and explained:
//   score = 40 × rating + 35 × price + 15 × response + 10 × verified   (0 … 100)
// - rating: the provider's average stars with a Bayesian prior: PRIOR_RATINGS pseudo-ratings of PRIOR_STARS
//   are added, so a new provider starts at 4 stars (not at the bottom, not above a proven 5), and a single
//   rating moves the average only a little; mapped from 1…5 stars to 0…1.
// - price: how the price fits the request's budget (1 within it, falling to 0 at twice its top) times how it
//   compares with the cheapest competing offer on the same request (cheapest = 1, twice as dear = 0.5).
// - response: how fast the provider answered after the match: 1 / (1 + hours); unknown counts as 0.25.
// - verified: 1 when the provider's trade documents were checked.
// Ties go to the earlier offer.

export const PRIOR_STARS = 4;
export const PRIOR_RATINGS = 3;
export const WEIGHTS = { rating: 40, price: 35, response: 15, verified: 10 } as const;
const UNKNOWN_RESPONSE = 0.25;

/** The average stars with the prior: (PRIOR_RATINGS × PRIOR_STARS + sum) / (PRIOR_RATINGS + n). */
export function bayesianRating(ratingAvg: number | null, ratingCount: number): number {
  const n = ratingAvg === null ? 0 : Math.max(0, ratingCount);
  return (PRIOR_RATINGS * PRIOR_STARS + (ratingAvg ?? 0) * n) / (PRIOR_RATINGS + n);
}

/** 1 when the price is within (or below) the budget, falling linearly to 0 at twice the budget's top; 1 without a budget. */
export function budgetFit(priceCents: number, budgetMin: number | null, budgetMax: number | null): number {
  const top = budgetMax ?? budgetMin;
  if (top === null || top <= 0) return 1;
  const price = priceCents / 100;
  return price <= top ? 1 : Math.max(0, 1 - (price - top) / top);
}

export interface ScoredOffer {
  priceCents: number;
  createdAt: string;
  responseMinutes: number | null;
  provider: { ratingAvg: number | null; ratingCount: number; verified: boolean };
  request: { budgetMin: number | null; budgetMax: number | null };
}

export interface OfferScore {
  total: number;
  rating: number;
  price: number;
  response: number;
  verified: number;
}

/** The score of one offer among the offers competing on the same request (cheapestCents: the lowest price there). */
export function scoreOffer(o: ScoredOffer, cheapestCents: number): OfferScore {
  const rating = (bayesianRating(o.provider.ratingAvg, o.provider.ratingCount) - 1) / 4;
  const price = budgetFit(o.priceCents, o.request.budgetMin, o.request.budgetMax) * (o.priceCents > 0 ? Math.min(1, cheapestCents / o.priceCents) : 1);
  const response = o.responseMinutes === null ? UNKNOWN_RESPONSE : 1 / (1 + Math.max(0, o.responseMinutes) / 60);
  const verified = o.provider.verified ? 1 : 0;
  const total = WEIGHTS.rating * rating + WEIGHTS.price * price + WEIGHTS.response * response + WEIGHTS.verified * verified;
  return { total, rating, price, response, verified };
}

/** Best first: by score, ties to the earlier offer. Offers are compared on price only with those of the same request. */
export function rankOffers<T extends ScoredOffer & { requestId: string }>(offers: readonly T[]): T[] {
  const cheapest = new Map<string, number>();
  for (const o of offers) cheapest.set(o.requestId, Math.min(cheapest.get(o.requestId) ?? Infinity, o.priceCents));
  const scored = offers.map((o) => ({ o, s: scoreOffer(o, cheapest.get(o.requestId) ?? o.priceCents).total }));
  return scored.sort((a, b) => b.s - a.s || a.o.createdAt.localeCompare(b.o.createdAt)).map((x) => x.o);
}
