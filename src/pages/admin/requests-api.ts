// The doors of 'Anfragen verwalten' and 'Deals' (server/http/admin-requests.ts, /moderate in server/http/admin.ts),
// typed as they answer.
import { api } from '@/lib/api';
import type { AdminRequestRow, AdminRequestsPage, REQUEST_STATUSES } from '../../../core/api/admin.ts';
import type { AdminDealRow, AdminDealsPage, DEAL_STATUSES } from '../../../core/api/admin.ts';

export type { AdminRequestRow, AdminRequestsPage, AdminDealRow, AdminDealsPage };
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const ADMIN_REQUEST_STATUSES: readonly RequestStatus[] = ['draft', 'review', 'open', 'completed', 'closed', 'expired', 'rejected'];
export const ADMIN_DEAL_STATUSES: readonly DealStatus[] = ['awaiting_both', 'awaiting_provider', 'awaiting_seeker', 'completed', 'cancelled'];
/** Statuses a request can still be closed from (without a deal waiting). */
export const CLOSABLE_STATUSES: readonly string[] = ['draft', 'review', 'open'];

export interface RequestFilters {
  status?: RequestStatus;
  kategorie?: string;
  flagged?: 'true' | 'false';
}

const query = (params: Record<string, string | number | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

const post = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body });

export const requestsApi = {
  list: (filters: RequestFilters, page: number, pageSize: number) => api<AdminRequestsPage>(`/api/admin/requests?${query({ ...filters, page, pageSize })}`),
  moderate: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    post<{ status: string; matched: number }>(`/api/admin/requests/${id}/moderate`, { decision, ...(reason ? { reason } : {}) }),
  close: (id: string, reason?: string) =>
    post<{ status: 'closed'; refunded: number; refundedGoints: number }>(`/api/admin/requests/${id}/close`, reason ? { reason } : {}),
  deals: (status: DealStatus | undefined, page: number, pageSize: number) => api<AdminDealsPage>(`/api/admin/deals?${query({ status, page, pageSize })}`),
};
