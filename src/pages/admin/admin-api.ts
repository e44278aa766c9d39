// The admin doors this area uses (server/http/admin.ts, server/http/payouts.ts), typed as they answer.
import { api, ApiError } from '@/lib/api';
import type { AdminPayout } from '../../../server/domain/payouts/admin-payouts.ts';
import type { SepaBatchView } from '../../../server/domain/payouts/sepa-batches.ts';
import type { PendingDocument } from '../../../server/domain/providers/verification-documents.ts';

export const PAYOUT_STATUSES = ['requested', 'held', 'approved', 'processing', 'paid', 'failed', 'rejected'] as const;
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

export const SETTING_KEYS = ['marketplace.maxUnlocks', 'marketplace.requestExpiryDays', 'marketplace.maxRadiusKm', 'marketplace.minQualityScore'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type Settings = Record<SettingKey, number>;

const post = <T,>(path: string, body?: unknown) => api<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });

export const adminApi = {
  payouts: (status?: AdminPayoutStatus) => api<AdminPayouts>(`/api/admin/payouts${status ? `?status=${status}` : ''}`),
  approvePayout: (id: string) => post<{ status: string }>(`/api/admin/payouts/${id}/approve`),
  rejectPayout: (id: string, reason: string) => post<{ status: string }>(`/api/admin/payouts/${id}/reject`, { reason }),
  completePayout: (id: string, outcome: 'paid' | 'failed', reason?: string) => post<{ status: string }>(`/api/admin/payouts/${id}/complete`, { outcome, ...(reason ? { reason } : {}) }),
  transferFailed: (id: string, reason: string) => post<{ status: string }>(`/api/admin/payouts/${id}/transfer-failed`, { reason }),
  syncPayPal: () => post<{ paid: number; failed: number; retried: number }>('/api/admin/payouts/sync-paypal'),
  batches: () => api<{ batches: SepaBatch[] }>('/api/admin/sepa-batches'),
  createBatch: () => post<SepaBatch>('/api/admin/sepa-batches'),
  batchSent: (id: string) => post<SepaBatch>(`/api/admin/sepa-batches/${id}/sent`),
  batchPaid: (id: string) => post<SepaBatch>(`/api/admin/sepa-batches/${id}/paid`),
  batchFileUrl: (id: string) => `/api/admin/sepa-batches/${id}/file`,
  moderation: () => api<{ requests: ModerationRequest[] }>('/api/admin/moderation'),
  moderate: (id: string, decision: 'approve' | 'reject', reason?: string) => post<{ status: string; matched: number }>(`/api/admin/requests/${id}/moderate`, { decision, ...(reason ? { reason } : {}) }),
  verifications: (status: 'pending' | 'approved' | 'rejected') => api<{ documents: VerificationDoc[] }>(`/api/admin/verifications?status=${status}`),
  verificationFileUrl: (id: string) => `/api/admin/verifications/${id}/file`,
  decideVerification: (id: string, decision: 'approve' | 'reject', note?: string) => post<{ providerId: string; status: string }>(`/api/admin/verifications/${id}/decide`, { decision, ...(note ? { note } : {}) }),
  settings: () => api<Settings>('/api/admin/settings'),
  saveSettings: (patch: Partial<Settings>) => api<Settings>('/api/admin/settings', { method: 'PUT', body: patch }),
};

/** The server's translated message, or the fallback (network errors carry none). */
export function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}
