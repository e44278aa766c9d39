// What the admin doors answer with (server/http/admin*.ts), as the server and the client both know it.
import type { MoneyView } from '../money/money-view.ts';

export interface AuditRow {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  via: string;
  createdAt: string;
}

export const ACTIVITY_KINDS = ['request', 'unlock', 'deal', 'payout', 'signup'] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityItem {
  kind: ActivityKind;
  id: string;
  at: string;
  /** Facts for the line: category, place, status, amounts, role, e-mail. */
  detail: Record<string, string | number | null>;
}

/** The deal's statuses (core/statuses.ts, from the deal machine). */
export { DEAL_STATUSES } from '../statuses.ts';

export interface AdminDealRow {
  id: string;
  requestId: string;
  kategorie: string;
  ort: string | null;
  status: string;
  valueCents: number;
  provider: { id: string; name: string; email: string; firmenname: string | null };
  seeker: { id: string; name: string; email: string };
  providerConfirmedAt: string | null;
  seekerConfirmedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: 'provider' | 'seeker' | null;
  cancelReason: string | null;
  createdAt: string;
  /** What the settlement booked (null before the deal completed) and the refunds of its request. */
  settlement: { seekerShare: MoneyView; platformShare: MoneyView; promotionUsed: MoneyView } | null;
  refunds: MoneyView;
}

export interface AdminDealsPage {
  total: number;
  page: number;
  pageSize: number;
  deals: AdminDealRow[];
}

/** The request's statuses (core/statuses.ts). */
export { REQUEST_STATUSES } from '../statuses.ts';

export interface AdminRequestRow {
  id: string;
  kategorie: string;
  dringlichkeit: string;
  status: string;
  beschreibung: string;
  ort: string | null;
  postcode: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  qualityScore: number | null;
  flags: { code: string; detail?: string }[];
  unlocks: number;
  maxUnlocks: number;
  offers: number;
  seeker: { id: string; name: string; email: string; locale: string } | null;
  firstName: string | null;
  adminReason: string | null;
  moderatedAt: string | null;
  createdAt: string;
  /** A deal waits for its confirmations: the request cannot be closed. */
  dealPending: boolean;
}

export interface AdminRequestsPage {
  total: number;
  page: number;
  pageSize: number;
  requests: AdminRequestRow[];
}

export interface FailedJobView {
  id: string;
  name: string;
  /** Attempts made (the first run and every retry). */
  attempts: number;
  lastError: string;
  failedAt: string;
  createdAt: string;
}

export interface UserDetails {
  id: string;
  email: string;
  name: string;
  role: string;
  locale: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  referrer: { id: string; email: string; name: string } | null;
  referrals: number;
  suspension: { at: string; reason: string | null; byEmail: string | null } | null;
  activeSessions: number;
  balance: { goints: number; promoGoints: number; seekerEarningsCents: number; partnerEarningsCents: number; partnerPendingCents: number };
  counts: { requests: number; unlocks: number; offers: number; deals: number; payouts: number };
}

export interface UserListRow {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  suspended: boolean;
  createdAt: string;
}
