// The privacy endpoints the account page calls (server/http/privacy.ts defines the routes; the export is a file,
// not JSON, and stays outside the contract). Decision 046.
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const DELETION_BLOCKERS = ['admin', 'payout_in_flight', 'earnings_payable', 'commissions_pending', 'deal_in_progress'] as const;

export const deletionCheckSchema = z.object({
  possible: z.boolean(),
  blockers: z.array(z.enum(DELETION_BLOCKERS)),
  /** What happens at once when it is possible. */
  openRequests: z.number().int(),
  refundedUnlocks: z.number().int(),
  openOffers: z.number().int(),
  /** Goints left in the wallets: they expire with the account (Goints are never paid out). */
  goints: z.number().int(),
  /** Earnings below the payout minimum (euro cents): kept under the pseudonym for the retention period. */
  earningsCents: z.number().int(),
  retentionYears: z.number().int(),
});

export const deletionResultSchema = z.object({
  deleted: z.literal(true),
  closedRequests: z.number().int(),
  refundedUnlocks: z.number().int(),
  withdrawnOffers: z.number().int(),
});

export const privacyContract = {
  deletion: endpoint({ method: 'get', path: '/api/me/deletion', response: deletionCheckSchema }),
  delete: endpoint({ method: 'post', path: '/api/me/delete', body: z.object({ confirmation: z.string().max(40) }).strict(), response: deletionResultSchema }),
};
