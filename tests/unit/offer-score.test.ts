// The score of the seeker's 'Beste Angebote' (decision 049): rating with a prior for new providers, price
// fit to the budget and against the competing offers, response time, verification.
import { describe, expect, it } from 'vitest';
import { rankOffers } from '../../server/domain/offers/list-seeker-offers.ts';
import { bayesianRating, budgetFit, scoreOffer } from '../../server/domain/offers/offer-score.ts';

let n = 0;
function offer(o: {
  price: number;
  minutes?: number | null;
  rating?: number | null;
  count?: number;
  verified?: boolean;
  budget?: [number | null, number | null];
}) {
  n += 1;
  return {
    id: `o${n}`,
    requestId: 'r1',
    priceCents: o.price * 100,
    createdAt: new Date(Date.UTC(2026, 10, 24, 10, n)).toISOString(),
    responseMinutes: o.minutes === undefined ? 30 : o.minutes,
    provider: { ratingAvg: o.rating ?? null, ratingCount: o.count ?? (o.rating ? 1 : 0), verified: o.verified ?? false },
    request: { budgetMin: o.budget?.[0] ?? 300, budgetMax: o.budget?.[1] ?? 500 },
  };
}
const ids = (list: { id: string }[]) => list.map((o) => o.id);

describe('ranking', () => {
  it('without ratings, a cheaper offer ranks above a later, dearer one that answered faster', () => {
    const cheap = offer({ price: 300, minutes: 300 });
    const dear = offer({ price: 500, minutes: 20 });
    expect(ids(rankOffers([dear, cheap]))).toEqual([cheap.id, dear.id]);
  });

  it('a new provider starts at the prior: above a poorly rated one, below a proven good one', () => {
    const fresh = offer({ price: 400 });
    const poor = offer({ price: 400, rating: 2, count: 10 });
    const proven = offer({ price: 400, rating: 4.9, count: 12 });
    expect(ids(rankOffers([poor, fresh, proven]))).toEqual([proven.id, fresh.id, poor.id]);
  });

  it('one five-star rating does not outweigh a much lower price', () => {
    const lucky = offer({ price: 500, rating: 5, count: 1 });
    const cheap = offer({ price: 300 });
    expect(ids(rankOffers([lucky, cheap]))).toEqual([cheap.id, lucky.id]);
  });

  it('a price above the budget counts against the offer; verification counts for it', () => {
    const over = offer({ price: 800, budget: [300, 500] });
    const within = offer({ price: 500, budget: [300, 500] });
    expect(ids(rankOffers([over, within]))).toEqual([within.id, over.id]);
    const plain = offer({ price: 400 });
    const verified = offer({ price: 400, verified: true });
    expect(ids(rankOffers([plain, verified]))).toEqual([verified.id, plain.id]);
  });

  it('equal offers keep their order of arrival', () => {
    const first = offer({ price: 400 });
    const second = offer({ price: 400 });
    expect(ids(rankOffers([second, first]))).toEqual([first.id, second.id]);
  });
});

describe('the parts of the score', () => {
  it('the Bayesian rating', () => {
    expect(bayesianRating(null, 0)).toBe(4);
    expect(bayesianRating(5, 1)).toBe(4.25);
    expect(bayesianRating(2, 3)).toBe(3);
  });

  it('the budget fit', () => {
    expect(budgetFit(40000, 300, 500)).toBe(1);
    expect(budgetFit(75000, 300, 500)).toBe(0.5);
    expect(budgetFit(100000, 300, 500)).toBe(0);
    expect(budgetFit(100000, null, null)).toBe(1);
  });

  it('scores run from 0 to 100', () => {
    const best = scoreOffer(offer({ price: 300, minutes: 0, rating: 5, count: 1000, verified: true }), 30000);
    expect(best.total).toBeCloseTo(100, 0);
    const worst = scoreOffer(offer({ price: 1000, minutes: null, rating: 1, count: 1000, budget: [null, 500] }), 30000);
    expect(worst.total).toBeLessThan(10);
  });
});
