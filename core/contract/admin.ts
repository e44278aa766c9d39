// The admin dashboard's own endpoints (server/http/admin.ts, admin-users.ts and admin-jobs.ts define the routes):
// the overview, the mail outbox, the settings, the moderation queue, trade documents, people, the audit log, the
// recent activity, the admin's status check and the failed background jobs. The document itself is a file and
// stays outside the contract.
import { z } from 'zod';
import { ACTIVITY_KINDS } from '../api/admin.ts';
import { DOCUMENT_KINDS } from '../api/provider.ts';
import { settingsPatchSchema, settingsSchema } from '../settings/settings-schema.ts';
import { VERIFICATION_STATUSES } from '../statuses.ts';
import { USER_ROLES } from '../users/roles.ts';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

/** A reason the pre-filter (or an admin) gave: its code and, for some, what it found. */
export const flagSchema = z.object({ code: z.string(), detail: z.string().optional() });

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  locale: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

const moderationRequestSchema = z.object({
  id: z.string(),
  kategorie: z.string(),
  beschreibung: z.string(),
  ort: z.string().nullable(),
  postcode: z.string().nullable(),
  budgetMin: z.number().int().nullable(),
  budgetMax: z.number().int().nullable(),
  dringlichkeit: z.string(),
  qualityScore: z.number().int().nullable(),
  flags: z.array(flagSchema),
  createdAt: z.string(),
});

/** An admin's note on a document decision (the provider reads it when a document is rejected): the same rule for both doors. */
export const verificationNote = z.string().trim().max(500);

export const pendingDocumentSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  firmenname: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  status: z.enum(VERIFICATION_STATUSES),
  note: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  providerName: z.string().describe("The provider's own name (admins name a document by it too)"),
  providerEmail: z.string(),
  verification: z.string().describe("The provider's badge now: none, pending, verified or rejected"),
});

export const listUsersQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  role: z.enum(USER_ROLES).optional(),
  suspended: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const userListRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.string(),
});

export const userDetailsSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  locale: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  referrer: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  referrals: z.number().int(),
  suspension: z.object({ at: z.string(), reason: z.string().nullable(), byEmail: z.string().nullable() }).nullable(),
  activeSessions: z.number().int(),
  balance: z.object({
    goints: z.number().int(),
    promoGoints: z.number().int(),
    seekerEarningsCents: z.number().int(),
    partnerEarningsCents: z.number().int(),
    partnerPendingCents: z.number().int(),
  }),
  counts: z.object({ requests: z.number().int(), unlocks: z.number().int(), offers: z.number().int(), deals: z.number().int(), payouts: z.number().int() }),
});

const reasonText = z.string().trim().max(500);

export const auditQuerySchema = z.object({
  action: z.string().trim().max(80).optional(),
  entityType: z.string().trim().max(80).optional(),
  entityId: z.string().trim().max(120).optional(),
  actorId: z.string().trim().max(120).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  /** ISO time of the last row of the previous page (rows are newest first). */
  before: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditRowSchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  via: z.string(),
  createdAt: z.string(),
});

export const activityItemSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  id: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).describe('Facts for the line: category, place, status, amounts, role, e-mail'),
});

export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string().describe('The job: expire-requests, reconcile-purchases, sync-paypal-payouts, release-commissions'),
  attempts: z.number().int().describe('Attempts made, the first run and every retry'),
  lastError: z.string(),
  failedAt: z.string(),
  createdAt: z.string(),
});

export const adminContract = {
  overview: endpoint({
    method: 'get',
    path: '/api/admin/overview',
    response: z.object({
      users: z.number().int(),
      requests: z.number().int(),
      deals: z.number().int(),
      transactions: z.number().int(),
      affiliates: z.number().int(),
    }),
  }),
  outbox: endpoint({
    method: 'get',
    path: '/api/admin/outbox',
    query: z.object({ to: z.string().email().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ mails: z.array(outboxMailSchema) }),
  }),
  settings: endpoint({ method: 'get', path: '/api/admin/settings', response: settingsSchema }),
  saveSettings: endpoint({ method: 'put', path: '/api/admin/settings', body: settingsPatchSchema, response: settingsSchema }),
  moderation: endpoint({ method: 'get', path: '/api/admin/moderation', response: z.object({ requests: z.array(moderationRequestSchema) }) }),
  verifications: endpoint({
    method: 'get',
    path: '/api/admin/verifications',
    query: z.object({ status: z.enum(VERIFICATION_STATUSES).default('pending') }),
    response: z.object({ documents: z.array(pendingDocumentSchema) }),
  }),
  decideVerification: endpoint({
    method: 'post',
    path: '/api/admin/verifications/:id/decide',
    params: idParams,
    body: z.object({ decision: z.enum(['approve', 'reject']), note: verificationNote.optional() }),
    response: z.object({ providerId: z.string(), status: z.enum(['approved', 'rejected']) }),
  }),
  users: endpoint({
    method: 'get',
    path: '/api/admin/users',
    query: listUsersQuerySchema,
    response: z.object({ users: z.array(userListRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
  }),
  user: endpoint({ method: 'get', path: '/api/admin/users/:id', params: idParams, response: userDetailsSchema }),
  setRole: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/role',
    params: idParams,
    body: z.object({ role: z.enum(USER_ROLES), reason: reasonText.optional() }),
    response: z.object({ id: z.string(), role: z.enum(USER_ROLES), changed: z.boolean() }),
  }),
  suspend: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/suspend',
    params: idParams,
    body: z.object({ reason: reasonText.min(1) }),
    response: z.object({ id: z.string(), suspended: z.literal(true), sessionsEnded: z.number().int() }),
  }),
  unsuspend: endpoint({
    method: 'post',
    path: '/api/admin/users/:id/unsuspend',
    params: idParams,
    body: z.object({ reason: reasonText.optional() }),
    response: z.object({ id: z.string(), suspended: z.literal(false) }),
  }),
  audit: endpoint({
    method: 'get',
    path: '/api/admin/audit',
    query: auditQuerySchema.extend({ actor: z.string().trim().max(200).optional() }),
    response: z.object({ entries: z.array(auditRowSchema), nextBefore: z.string().nullable() }),
  }),
  activity: endpoint({
    method: 'get',
    path: '/api/admin/activity',
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(15) }),
    response: z.object({ items: z.array(activityItemSchema) }),
  }),
  status: endpoint({
    method: 'get',
    path: '/api/admin/status',
    response: z.object({
      email: z.string(),
      role: z.string(),
      twoFactorEnabled: z.boolean(),
      session: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
      admins: z.number().int(),
    }),
  }),
  failedJobs: endpoint({ method: 'get', path: '/api/admin/jobs/failed', response: z.object({ jobs: z.array(failedJobSchema) }) }),
  retryJob: endpoint({
    method: 'post',
    path: '/api/admin/jobs/:id/retry',
    params: idParams,
    response: z.object({ id: z.string(), name: z.string(), retried: z.literal(true) }),
  }),
};

export type OutboxMail = z.output<typeof outboxMailSchema>;
export type ModerationRequest = z.output<typeof moderationRequestSchema>;
export type AdminStatus = z.output<typeof adminContract.status.response>;
export type AdminOverview = z.output<typeof adminContract.overview.response>;
