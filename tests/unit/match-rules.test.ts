import { describe, expect, it } from 'vitest';
import { roundedKm, takesRequest } from '../../server/domain/matching/match-rules.ts';

describe('takesRequest', () => {
  it('takes requests only while the provider receives matches', () => {
    expect(takesRequest({ acceptsMatches: true, minBudget: null }, 100)).toBe(true);
    expect(takesRequest({ acceptsMatches: false, minBudget: null }, 100)).toBe(false);
    expect(takesRequest({ acceptsMatches: false, minBudget: null }, null)).toBe(false);
  });

  it("refuses a request whose highest budget is below the provider's minimum, and takes one without a budget", () => {
    const p = { acceptsMatches: true, minBudget: 500 };
    expect(takesRequest(p, 499)).toBe(false);
    expect(takesRequest(p, 500)).toBe(true);
    expect(takesRequest(p, 2000)).toBe(true);
    expect(takesRequest(p, null)).toBe(true);
  });
});

describe('roundedKm', () => {
  it('keeps one decimal, rounding half up', () => {
    expect(roundedKm(12.345)).toBe(12.3);
    expect(roundedKm(12.35)).toBe(12.4);
    expect(roundedKm(0.04)).toBe(0);
  });
});
