// The admin doors this area uses (server/http/admin.ts, server/http/payouts.ts), typed as they answer.
import { api, ApiError } from '@/lib/api';
import type { AdminPayout } from '../../../core/api/payouts.ts';
import type { SepaBatchView } from '../../../core/api/payouts.ts';
import type { PendingDocument } from '../../../core/api/provider.ts';
import type { UserListRow } from '../../../core/api/admin.ts';
import type { UserDetails } from '../../../core/api/admin.ts';
import type { AuditRow } from '../../../core/api/admin.ts';
import type { ActivityItem } from '../../../core/api/admin.ts';
import type { FailedJobView } from '../../../core/api/admin.ts';
import type { AdminReportView, ReportFilter } from '../../../core/api/reports.ts';

export type { UserListRow, UserDetails, AuditRow, ActivityItem, AdminReportView, ReportFilter };
export const USER_ROLES = ['seeker', 'provider', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export interface AdminStatus {
  email: string;
  role: string;
  twoFactorEnabled: boolean;
  session: { createdAt: string; expiresAt: string } | null;
  admins: number;
}

export interface AuditFilter {
  action?: string;
  entityType?: string;
  actor?: string;
  from?: string;
  to?: string;
  before?: string;
}

const qs = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const text = q.toString();
  return text ? `?${text}` : '';
};

/** The payout's statuses (core/statuses.ts, from the payout machine). */
export { PAYOUT_STATUSES } from '../../../core/statuses.ts';
import type { PAYOUT_STATUSES } from '../../../core/statuses.ts';
export type AdminPayoutStatus = (typeof PAYOUT_STATUSES)[number];

export type { AdminPayout };

export interface AdminPayouts {
  payouts: AdminPayout[];
  paypal: 'api' | 'manual';
}

export type SepaBatch = SepaBatchView;

export interface ModerationRequest {
  id: string;
  kategorie: string;
  beschreibung: string;
  ort: string | null;
  postcode: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  qualityScore: number | null;
  flags: { code: string; detail?: string }[];
  createdAt: string;
}

export type VerificationDoc = PendingDocument;

export const SETTING_KEYS = [
  'marketplace.maxUnlocks',
  'marketplace.requestExpiryDays',
  'marketplace.maxRadiusKm',
  'marketplace.minQualityScore',
  'marketplace.contactRetentionDays',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, number>;

const post = <T>(path: string, body?: unknown) => api<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });

/** A commission a fraud rule held back, as GET /api/admin/affiliate/commissions gives it. */
export interface HeldCommission {
  id: string;
  level: number;
  amount: { goints: number; cents: number };
  status: string;
  createdAt: string;
  availableAt: string;
  dealId: string;
  partnerEmail: string;
  partnerName: string;
  referred: { name: string; email: string } | null;
  flags: { code: string; detail?: string }[];
}

export const adminApi = {
  payouts: (status?: AdminPayoutStatus) => api<AdminPayouts>(`/api/admin/payouts${status ? `?status=${status}` : ''}`),
  approvePayout: (id: string) => post<{ status: string }>(`/api/admin/payouts/${id}/approve`),
  rejectPayout: (id: string, reason: string) => post<{ status: string }>(`/api/admin/payouts/${id}/reject`, { reason }),
  completePayout: (id: string, outcome: 'paid' | 'failed', reason?: string) =>
    post<{ status: string }>(`/api/admin/payouts/${id}/complete`, { outcome, ...(reason ? { reason } : {}) }),
  transferFailed: (id: string, reason: string) => post<{ status: string }>(`/api/admin/payouts/${id}/transfer-failed`, { reason }),
  syncPayPal: () => post<{ paid: number; failed: number; retried: number }>('/api/admin/payouts/sync-paypal'),
  batches: () => api<{ batches: SepaBatch[] }>('/api/admin/sepa-batches'),
  createBatch: () => post<SepaBatch>('/api/admin/sepa-batches'),
  batchSent: (id: string) => post<SepaBatch>(`/api/admin/sepa-batches/${id}/sent`),
  batchPaid: (id: string) => post<SepaBatch>(`/api/admin/sepa-batches/${id}/paid`),
  batchFileUrl: (id: string) => `/api/admin/sepa-batches/${id}/file`,
  moderation: () => api<{ requests: ModerationRequest[] }>('/api/admin/moderation'),
  moderate: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    post<{ status: string; matched: number }>(`/api/admin/requests/${id}/moderate`, { decision, ...(reason ? { reason } : {}) }),
  verifications: (status: 'pending' | 'approved' | 'rejected') => api<{ documents: VerificationDoc[] }>(`/api/admin/verifications?status=${status}`),
  verificationFileUrl: (id: string) => `/api/admin/verifications/${id}/file`,
  decideVerification: (id: string, decision: 'approve' | 'reject', note?: string) =>
    post<{ providerId: string; status: string }>(`/api/admin/verifications/${id}/decide`, { decision, ...(note ? { note } : {}) }),
  settings: () => api<Settings>('/api/admin/settings'),
  saveSettings: (patch: Partial<Settings>) => api<Settings>('/api/admin/settings', { method: 'PUT', body: patch }),
  status: () => api<AdminStatus>('/api/admin/status'),
  activity: (limit = 15) => api<{ items: ActivityItem[] }>(`/api/admin/activity?limit=${limit}`),
  users: (q: { q?: string; role?: UserRole; page: number; pageSize: number }) =>
    api<{ users: UserListRow[]; total: number; page: number; pageSize: number }>(`/api/admin/users${qs(q)}`),
  user: (id: string) => api<UserDetails>(`/api/admin/users/${id}`),
  setRole: (id: string, role: UserRole) => post<{ role: UserRole; changed: boolean }>(`/api/admin/users/${id}/role`, { role }),
  suspend: (id: string, reason: string) => post<{ sessionsEnded: number }>(`/api/admin/users/${id}/suspend`, { reason }),
  unsuspend: (id: string) => post<{ suspended: false }>(`/api/admin/users/${id}/unsuspend`, {}),
  failedJobs: () => api<{ jobs: FailedJobView[] }>('/api/admin/jobs/failed'),
  retryJob: (id: string) => post<{ id: string; name: string; retried: true }>(`/api/admin/jobs/${id}/retry`),
  reports: (filter: ReportFilter) => api<{ reports: AdminReportView[]; todo: number }>(`/api/admin/reports?filter=${filter}`),
  decideReport: (id: string, body: { decision: 'remove' | 'restrict' | 'keep'; ground: 'illegal' | 'terms' | 'none'; provision?: string; reason: string }) =>
    post<{ status: string; decision: string }>(`/api/admin/reports/${id}/decide`, body),
  decideObjection: (id: string, body: { outcome: 'upheld' | 'reversed'; reason: string }) =>
    post<{ status: string }>(`/api/admin/reports/${id}/objection-decision`, body),
  heldCommissions: () => api<{ commissions: HeldCommission[] }>('/api/admin/affiliate/commissions?status=held'),
  decideCommission: (id: string, decision: 'release' | 'void', reason: string) =>
    post<{ id: string; status: string }>(`/api/admin/affiliate/commissions/${id}/decide`, { decision, reason }),
  audit: (f: AuditFilter, limit = 25) => api<{ entries: AuditRow[]; nextBefore: string | null }>(`/api/admin/audit${qs({ ...f, limit })}`),
};

/** The server's translated message, or the fallback (network errors carry none). */
export function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}
