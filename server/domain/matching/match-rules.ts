// The provider's side of a match, as pure rules: matching a new request to providers (match-request.ts) and a
// new provider to open requests (match-provider.ts) use the same ones.

/** A provider's settings that decide whether a request reaches them at all. */
export interface MatchSettings {
  acceptsMatches: boolean;
  /** The smallest budget the provider works for, in whole euros; null: any. */
  minBudget: number | null;
}

/**
 * Whether a request with this budget reaches the provider: only while the provider receives matches, and not
 * when the seeker's highest budget is below the provider's minimum (a request with no budget reaches everyone).
 */
export function takesRequest(provider: MatchSettings, budgetMax: number | null): boolean {
  if (!provider.acceptsMatches) return false;
  return provider.minBudget === null || budgetMax === null || budgetMax >= provider.minBudget;
}

/** The distance stored on a match and shown on the card: kilometres to one decimal. */
export function roundedKm(km: number): number {
  return Math.round(km * 10) / 10;
}
