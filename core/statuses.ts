// Every status column's vocabulary, once (issue 22, decision 086): the server writes only these values, the
// client filters and labels by them (labels come from the locale files, never from the value), and the database
// refuses any other value by a CHECK constraint of the same list (migration 20261128180000_status_checks;
// tests/integration/status-checks.integration.test.ts compares the two). The machines own the lists of the
// entities they drive. Values are stored as they always were: the German ones of matches and offers are kept
// (see decision 086 for why they are not renamed).
import { z } from 'zod';
import { COMMISSION_STATUSES } from '../machines/commission.machine.ts';
import { REPORT_STATUSES } from '../machines/content-report.machine.ts';
import { DEAL_STATUSES } from '../machines/deal.machine.ts';
import { OFFER_STATUSES } from '../machines/offer.machine.ts';
import { PAYOUT_STATUSES } from '../machines/payout.machine.ts';

export { COMMISSION_STATUSES, DEAL_STATUSES, OFFER_STATUSES, PAYOUT_STATUSES, REPORT_STATUSES };

/** draft (until the seeker is verified) | review (pre-filter) | open | completed | closed | expired | rejected. */
export const REQUEST_STATUSES = ['draft', 'review', 'open', 'completed', 'closed', 'expired', 'rejected'] as const;
/** offen | freigeschaltet (unlocked) | angebot (offer sent) | kein_interesse (hidden) | geschlossen (request ended). */
export const MATCH_STATUSES = ['offen', 'freigeschaltet', 'angebot', 'kein_interesse', 'geschlossen'] as const;
/** Held in the request's escrow (active) until a deal splits it (settled) or the request ends without one (refunded). */
export const UNLOCK_STATUSES = ['active', 'settled', 'refunded'] as const;
export const PURCHASE_STATUSES = ['created', 'processing', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'disputed'] as const;
export const SEPA_BATCH_STATUSES = ['created', 'sent', 'paid'] as const;
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const FOLLOW_UP_VERSION_STATUSES = ['draft', 'published', 'archived'] as const;
/** A chat confirmation as stored: 'running' while its command runs under a lease (never shown to the client). */
export const CONFIRMATION_STATUSES = ['pending', 'running', 'confirmed', 'cancelled', 'failed', 'expired'] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type UnlockStatus = (typeof UNLOCK_STATUSES)[number];
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export type SepaBatchStatus = (typeof SEPA_BATCH_STATUSES)[number];
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export type FollowUpVersionStatus = (typeof FOLLOW_UP_VERSION_STATUSES)[number];
export type StoredConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];
/** What the client sees of a confirmation ('running' is shown as pending). */
export type ConfirmationStatus = Exclude<StoredConfirmationStatus, 'running'>;

export const requestStatus = z.enum(REQUEST_STATUSES);
export const matchStatus = z.enum(MATCH_STATUSES);
export const unlockStatus = z.enum(UNLOCK_STATUSES);
export const offerStatus = z.enum(OFFER_STATUSES);
export const dealStatus = z.enum(DEAL_STATUSES);
export const purchaseStatus = z.enum(PURCHASE_STATUSES);
export const payoutStatus = z.enum(PAYOUT_STATUSES);
export const sepaBatchStatus = z.enum(SEPA_BATCH_STATUSES);
export const commissionStatus = z.enum(COMMISSION_STATUSES);
export const reportStatus = z.enum(REPORT_STATUSES);
export const verificationStatus = z.enum(VERIFICATION_STATUSES);
export const followUpVersionStatus = z.enum(FOLLOW_UP_VERSION_STATUSES);
export const confirmationStatus = z.enum(CONFIRMATION_STATUSES);

/** Each status column of the database (table → column → its values), as the CHECK constraints hold them. */
export const STATUS_COLUMNS = {
  Request: { status: REQUEST_STATUSES },
  Match: { status: MATCH_STATUSES, requestStatus: REQUEST_STATUSES },
  Unlock: { status: UNLOCK_STATUSES },
  Offer: { status: OFFER_STATUSES },
  Deal: { status: DEAL_STATUSES },
  Purchase: { status: PURCHASE_STATUSES },
  Payout: { status: PAYOUT_STATUSES },
  SepaBatch: { status: SEPA_BATCH_STATUSES },
  Commission: { status: COMMISSION_STATUSES },
  ContentReport: { status: REPORT_STATUSES },
  VerificationDocument: { status: VERIFICATION_STATUSES },
  FollowUpScriptVersion: { status: FOLLOW_UP_VERSION_STATUSES },
  ChatConfirmation: { status: CONFIRMATION_STATUSES },
} as const satisfies Record<string, Record<string, readonly string[]>>;
