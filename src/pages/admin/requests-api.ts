// The doors of 'Anfragen verwalten' and 'Deals' (core/contract/admin-requests.ts, decision 084).
import { call } from '@/lib/contract-client';
import type { AdminRequestRow, AdminRequestsPage, REQUEST_STATUSES } from '../../../core/api/admin.ts';
import type { AdminDealRow, AdminDealsPage, DEAL_STATUSES } from '../../../core/api/admin.ts';
import { adminRequestsContract } from '../../../core/contract/admin-requests.ts';
import type { QueryOf } from '../../../core/contract/endpoint.ts';

export type { AdminRequestRow, AdminRequestsPage, AdminDealRow, AdminDealsPage };
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const ADMIN_REQUEST_STATUSES: readonly RequestStatus[] = ['draft', 'review', 'open', 'completed', 'closed', 'expired', 'rejected'];
export const ADMIN_DEAL_STATUSES: readonly DealStatus[] = ['awaiting_both', 'awaiting_provider', 'awaiting_seeker', 'completed', 'cancelled'];
/** Statuses a request can still be closed from (without a deal waiting). */
export const CLOSABLE_STATUSES: readonly string[] = ['draft', 'review', 'open'];

/** The list's filters: the endpoint's query without the page. */
export type RequestFilters = Pick<QueryOf<typeof adminRequestsContract.requests>, 'status' | 'kategorie' | 'flagged'>;

export const requestsApi = {
  list: (filters: RequestFilters, page: number, pageSize: number) => call(adminRequestsContract.requests, { query: { ...filters, page, pageSize } }),
  moderate: (id: string, decision: 'approve' | 'reject', reason?: string) =>
    call(adminRequestsContract.moderate, { params: { id }, body: { decision, ...(reason ? { reason } : {}) } }),
  close: (id: string, reason?: string) => call(adminRequestsContract.close, { params: { id }, body: reason ? { reason } : {} }),
  deals: (status: DealStatus | undefined, page: number, pageSize: number) => call(adminRequestsContract.deals, { query: { status, page, pageSize } }),
};
