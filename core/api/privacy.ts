// Account deletion: what blocks it and what it did (server/http/privacy.ts).
export type DeletionBlocker = 'admin' | 'payout_in_flight' | 'earnings_payable' | 'commissions_pending' | 'deal_in_progress';

export interface DeletionCheck {
  possible: boolean;
  blockers: DeletionBlocker[];
  /** What happens at once when it is possible. */
  openRequests: number;
  refundedUnlocks: number;
  openOffers: number;
  /** Goints left in the wallets: they expire with the account (Goints are never paid out). */
  goints: number;
  /** Earnings below the payout minimum (euro cents): kept under the pseudonym for the retention period. */
  earningsCents: number;
  retentionYears: number;
}

export interface DeletionResult {
  deleted: true;
  closedRequests: number;
  refundedUnlocks: number;
  withdrawnOffers: number;
}
