// The admin's doors to people (users and roles, suspension), the audit log, the recent activity and the
// admin's own status check. Thin: parse, check (admins with two-factor), call the domain.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { listUsers, listUsersQuerySchema } from '../domain/users/list-users.ts';
import { getUserDetails } from '../domain/users/get-user-details.ts';
import { changeUserRole } from '../domain/users/change-user-role.ts';
import { suspendUser, unsuspendUser } from '../domain/users/suspend-user.ts';
import { USER_ROLES } from '../domain/users/admin-user-rules.ts';
import { auditQuerySchema, listAuditLog } from '../domain/admin/audit.ts';
import { ACTIVITY_KINDS, getRecentActivity } from '../domain/admin/get-recent-activity.ts';
import { getAdminStatus } from '../domain/admin/get-admin-status.ts';
import { findUserByEmail } from '../domain/users/find-user-by-email.ts';

const admin = { roles: ['admin'] } as const;

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.string(),
});

const userDetails = z.object({
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

export const adminUserRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/users',
    summary: 'People, newest first: search by e-mail or name, filter by role or suspension, paged',
    tags: ['admin'],
    access: admin,
    query: listUsersQuerySchema,
    response: z.object({ users: z.array(userRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
    handler: ({ read, query }) => read((db) => listUsers(db, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/users/:id',
    summary: 'One person: role, dates, verification, two-factor, referrer, ledger balances, activity counts, suspension',
    tags: ['admin'],
    access: admin,
    params: idParams,
    response: userDetails,
    handler: ({ deps, params }) => getUserDetails(deps.db.prisma, params.id),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/users/:id/role',
    summary: 'Makes a person seeker, provider or admin (not oneself; never the last active admin away from admin); audited',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ role: z.enum(USER_ROLES), reason: reasonText.optional() }),
    response: z.object({ id: z.string(), role: z.enum(USER_ROLES), changed: z.boolean() }),
    handler: ({ deps, auth, params, body }) =>
      changeUserRole(deps, { actorId: auth.user.id, userId: params.id, role: body.role, ...(body.reason ? { reason: body.reason } : {}), via: 'dashboard' }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/users/:id/suspend',
    summary: 'Suspends a person with a reason: ends all their sessions at once, refuses sign-in and every door until lifted; e-mails them; audited',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ reason: reasonText.min(1) }),
    response: z.object({ id: z.string(), suspended: z.literal(true), sessionsEnded: z.number().int() }),
    handler: ({ deps, auth, params, body }) => suspendUser(deps, { actorId: auth.user.id, userId: params.id, reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/users/:id/unsuspend',
    summary: 'Lifts a suspension (the person signs in again themselves); e-mails them; audited',
    tags: ['admin'],
    access: admin,
    params: idParams,
    body: z.object({ reason: reasonText.optional() }),
    response: z.object({ id: z.string(), suspended: z.literal(false) }),
    handler: ({ deps, auth, params, body }) =>
      unsuspendUser(deps, { actorId: auth.user.id, userId: params.id, ...(body.reason ? { reason: body.reason } : {}), via: 'dashboard' }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/audit',
    summary: "The audit log of admin changes, newest first: filter by action prefix, entity, actor (id or e-mail) and dates; page with 'before'",
    tags: ['admin'],
    access: admin,
    query: auditQuerySchema.extend({ actor: z.string().trim().max(200).optional() }),
    response: z.object({
      entries: z.array(
        z.object({
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
        }),
      ),
      nextBefore: z.string().nullable(),
    }),
    handler: ({ read, query }) =>
      read(async (db) => {
        const { actor, ...q } = query;
        if (actor) {
          const byEmail = actor.includes('@') ? await findUserByEmail(db, actor) : null;
          q.actorId = byEmail?.id ?? (actor.includes('@') ? '00000000-0000-0000-0000-000000000000' : actor);
        }
        return listAuditLog(db, q);
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/activity',
    summary: 'Recent activity, newest first: new requests, unlocks, deals, payouts and sign-ups in one feed',
    tags: ['admin'],
    access: admin,
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(15) }),
    response: z.object({
      items: z.array(
        z.object({ kind: z.enum(ACTIVITY_KINDS), id: z.string(), at: z.string(), detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) }),
      ),
    }),
    handler: async ({ read, query }) => ({ items: await read((db) => getRecentActivity(db, { limit: query.limit })) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/status',
    summary: "The admin's own permissions as the server sees them: role, two-factor, session",
    tags: ['admin'],
    access: admin,
    response: z.object({
      email: z.string(),
      role: z.string(),
      twoFactorEnabled: z.boolean(),
      session: z.object({ createdAt: z.string(), expiresAt: z.string() }).nullable(),
      admins: z.number().int(),
    }),
    handler: ({ deps, auth }) => getAdminStatus(deps.db.prisma, auth.user.id, auth.sessionId),
  }),
];
