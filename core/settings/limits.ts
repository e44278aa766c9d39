// The allowed ranges of the platform settings, without zod: the admin screen imports them for its hints and
// checks, and settings.ts builds its schemas from them, so both sides use the same limits.

/** The allowed range of each setting (whole numbers), shared with the admin screen for its hints and checks. */
export const SETTING_LIMITS = {
  /** At most this many providers may unlock one request. */
  'marketplace.maxUnlocks': { min: 1, max: 50 },
  /** A request without a deal expires (and its unlocks are refunded) after this many days. */
  'marketplace.requestExpiryDays': { min: 1, max: 365 },
  /** The largest service radius a provider may choose, in km (also the matching search box). */
  'marketplace.maxRadiusKm': { min: 5, max: 1000 },
  /** Requests scoring below this wait for moderation even without a flag. */
  'marketplace.minQualityScore': { min: 0, max: 100 },
  /** A partner's commission stays pending (not payable) for this many days after the deal: the refund window. */
  'affiliate.refundWindowDays': { min: 1, max: 90 },
  /** Providers see the contact data of a closed or expired request for this many days after it ended (decision 046). */
  'marketplace.contactRetentionDays': { min: 1, max: 3650 },
} as const;
