// The admin doors the dashboard's tabs call: endpoints of the typed contract (core/contract/admin*.ts, decision 084),
// typed by their schemas.
import { ApiError } from '@/lib/api';
import { call } from '@/lib/contract-client';
import { adminContract, type AdminStatus, type ModerationRequest } from '../../../core/contract/admin.ts';
import { adminRequestsContract } from '../../../core/contract/admin-requests.ts';
import { adminPayoutsContract } from '../../../core/contract/admin-payouts.ts';
import { adminReportsContract } from '../../../core/contract/admin-reports.ts';
import { adminCommissionsContract, type AdminCommissionView } from '../../../core/contract/admin-commissions.ts';
import type { BodyOf } from '../../../core/contract/endpoint.ts';
import { USER_ROLES, type UserRole } from '../../../core/users/roles.ts';
import type { Settings } from '../../../core/settings/settings-schema.ts';
import type { AdminPayout } from '../../../core/api/payouts.ts';
import type { SepaBatchView } from '../../../core/api/payouts.ts';
import type { PendingDocument } from '../../../core/api/provider.ts';
import type { UserListRow } from '../../../core/api/admin.ts';
import type { UserDetails } from '../../../core/api/admin.ts';
import type { AuditRow } from '../../../core/api/admin.ts';
import type { ActivityItem } from '../../../core/api/admin.ts';
import type { AdminReportView, ReportFilter } from '../../../core/api/reports.ts';

export type { UserListRow, UserDetails, AuditRow, ActivityItem, AdminReportView, ReportFilter, AdminStatus, ModerationRequest, Settings };
export { USER_ROLES, type UserRole };

export interface AuditFilter {
  action?: string;
  entityType?: string;
  actor?: string;
  from?: string;
  to?: string;
  before?: string;
}

/** The payout's statuses (core/statuses.ts, from the payout machine). */
export { PAYOUT_STATUSES } from '../../../core/statuses.ts';
import type { PAYOUT_STATUSES } from '../../../core/statuses.ts';
export type AdminPayoutStatus = (typeof PAYOUT_STATUSES)[number];

export type { AdminPayout };

export type SepaBatch = SepaBatchView;

export type VerificationDoc = PendingDocument;

export const SETTING_KEYS = [
  'marketplace.maxUnlocks',
  'marketplace.requestExpiryDays',
  'marketplace.maxRadiusKm',
  'marketplace.minQualityScore',
  'marketplace.contactRetentionDays',
] as const;
/** The settings this tab edits (the refund window is the commission plan's). */
export type SettingKey = (typeof SETTING_KEYS)[number];

/** A commission a fraud rule held back, as GET /api/admin/affiliate/commissions gives it. */
export type HeldCommission = AdminCommissionView;

export const adminApi = {
  payouts: (status?: AdminPayoutStatus) => call(adminPayoutsContract.payouts, { query: { status } }),
  approvePayout: (id: string) => call(adminPayoutsContract.approve, { params: { id } }),
  rejectPayout: (id: string, reason: string) => call(adminPayoutsContract.reject, { params: { id }, body: { reason } }),
  completePayout: (id: string, outcome: 'paid' | 'failed', reason?: string) =>
    call(adminPayoutsContract.complete, { params: { id }, body: { outcome, ...(reason ? { reason } : {}) } }),
  transferFailed: (id: string, reason: string) => call(adminPayoutsContract.transferFailed, { params: { id }, body: { reason } }),
  syncPayPal: () => call(adminPayoutsContract.syncPayPal),
  batches: () => call(adminPayoutsContract.batches),
  createBatch: () => call(adminPayoutsContract.createBatch),
  batchSent: (id: string) => call(adminPayoutsContract.batchSent, { params: { id } }),
  batchPaid: (id: string) => call(adminPayoutsContract.batchPaid, { params: { id } }),
  batchFileUrl: (id: string) => `/api/admin/sepa-batches/${id}/file`,
  moderation: () => call(adminContract.moderation),
  moderate: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    call(adminRequestsContract.moderate, { params: { id }, body: { decision, ...(reason ? { reason } : {}) } }),
  verifications: (status: VerificationDoc['status']) => call(adminContract.verifications, { query: { status } }),
  verificationFileUrl: (id: string) => `/api/admin/verifications/${id}/file`,
  decideVerification: (id: string, decision: 'approve' | 'reject', note?: string) =>
    call(adminContract.decideVerification, { params: { id }, body: { decision, ...(note ? { note } : {}) } }),
  settings: () => call(adminContract.settings),
  saveSettings: (patch: BodyOf<typeof adminContract.saveSettings>) => call(adminContract.saveSettings, { body: patch }),
  status: () => call(adminContract.status),
  activity: (limit = 15) => call(adminContract.activity, { query: { limit } }),
  users: (query: { q?: string; role?: UserRole; page: number; pageSize: number }) => call(adminContract.users, { query }),
  user: (id: string) => call(adminContract.user, { params: { id } }),
  setRole: (id: string, role: UserRole) => call(adminContract.setRole, { params: { id }, body: { role } }),
  suspend: (id: string, reason: string) => call(adminContract.suspend, { params: { id }, body: { reason } }),
  unsuspend: (id: string) => call(adminContract.unsuspend, { params: { id }, body: {} }),
  failedJobs: () => call(adminContract.failedJobs),
  retryJob: (id: string) => call(adminContract.retryJob, { params: { id } }),
  reports: (filter: ReportFilter) => call(adminReportsContract.reports, { query: { filter } }),
  decideReport: (id: string, body: BodyOf<typeof adminReportsContract.decide>) => call(adminReportsContract.decide, { params: { id }, body }),
  decideObjection: (id: string, body: BodyOf<typeof adminReportsContract.decideObjection>) =>
    call(adminReportsContract.decideObjection, { params: { id }, body }),
  heldCommissions: () => call(adminCommissionsContract.commissions, { query: { status: 'held' } }),
  decideCommission: (id: string, decision: 'release' | 'void', reason: string) =>
    call(adminCommissionsContract.decide, { params: { id }, body: { decision, reason } }),
  audit: (f: AuditFilter, limit = 25) => call(adminContract.audit, { query: { ...f, limit } }),
};

/** The server's translated message, or the fallback (network errors carry none). */
export function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}
