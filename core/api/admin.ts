// What the admin doors answer with (server/http/admin*.ts), as the server and the client both know it: the
// responses of their endpoints (core/contract/admin.ts and admin-requests.ts).
import type { z } from 'zod';
import type { activityItemSchema, auditRowSchema, failedJobSchema, userDetailsSchema, userListRowSchema } from '../contract/admin.ts';
import type { adminDealRowSchema, adminDealsPageSchema, adminRequestRowSchema, adminRequestsPageSchema } from '../contract/admin-requests.ts';

export type AuditRow = z.output<typeof auditRowSchema>;

export const ACTIVITY_KINDS = ['request', 'unlock', 'deal', 'payout', 'signup'] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export type ActivityItem = z.output<typeof activityItemSchema>;

/** The deal's statuses (core/statuses.ts, from the deal machine). */
export { DEAL_STATUSES } from '../statuses.ts';

export type AdminDealRow = z.output<typeof adminDealRowSchema>;
export type AdminDealsPage = z.output<typeof adminDealsPageSchema>;

/** The request's statuses (core/statuses.ts). */
export { REQUEST_STATUSES } from '../statuses.ts';

export type AdminRequestRow = z.output<typeof adminRequestRowSchema>;
export type AdminRequestsPage = z.output<typeof adminRequestsPageSchema>;

export type FailedJobView = z.output<typeof failedJobSchema>;
export type UserDetails = z.output<typeof userDetailsSchema>;
export type UserListRow = z.output<typeof userListRowSchema>;
