// The admin's doors to people (users and roles, suspension), the audit log, the recent activity and the
// admin's own status check. Thin: parse, check (admins with two-factor), call the domain.
import { defineRoute } from './route.ts';
import { listUsers } from '../domain/users/list-users.ts';
import { getUserDetails } from '../domain/users/get-user-details.ts';
import { changeUserRole } from '../domain/users/change-user-role.ts';
import { suspendUser, unsuspendUser } from '../domain/users/suspend-user.ts';
import { listAuditLog } from '../domain/admin/audit.ts';
import { getRecentActivity } from '../domain/admin/get-recent-activity.ts';
import { getAdminStatus } from '../domain/admin/get-admin-status.ts';
import { findUserByEmail } from '../domain/users/find-user-by-email.ts';
import { adminContract } from '../../core/contract/admin.ts';

const admin = { roles: ['admin'] } as const;

export const adminUserRoutes = [
  defineRoute({
    ...adminContract.users,
    summary: 'People, newest first: search by e-mail or name, filter by role or suspension, paged',
    tags: ['admin'],
    access: admin,
    handler: ({ read, query }) => read((db) => listUsers(db, query)),
  }),
  defineRoute({
    ...adminContract.user,
    summary: 'One person: role, dates, verification, two-factor, referrer, ledger balances, activity counts, suspension',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, params }) => getUserDetails(deps.db.prisma, params.id),
  }),
  defineRoute({
    ...adminContract.setRole,
    summary: 'Makes a person seeker, provider or admin (not oneself; never the last active admin away from admin); audited',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) =>
      changeUserRole(deps, { actorId: auth.user.id, userId: params.id, role: body.role, ...(body.reason ? { reason: body.reason } : {}), via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContract.suspend,
    summary: 'Suspends a person with a reason: ends all their sessions at once, refuses sign-in and every door until lifted; e-mails them; audited',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => suspendUser(deps, { actorId: auth.user.id, userId: params.id, reason: body.reason, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContract.unsuspend,
    summary: 'Lifts a suspension (the person signs in again themselves); e-mails them; audited',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) =>
      unsuspendUser(deps, { actorId: auth.user.id, userId: params.id, ...(body.reason ? { reason: body.reason } : {}), via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContract.audit,
    summary: "The audit log of admin changes, newest first: filter by action prefix, entity, actor (id or e-mail) and dates; page with 'before'",
    tags: ['admin'],
    access: admin,
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
    ...adminContract.activity,
    summary: 'Recent activity, newest first: new requests, unlocks, deals, payouts and sign-ups in one feed',
    tags: ['admin'],
    access: admin,
    handler: async ({ read, query }) => ({ items: await read((db) => getRecentActivity(db, { limit: query.limit })) }),
  }),
  defineRoute({
    ...adminContract.status,
    summary: "The admin's own permissions as the server sees them: role, two-factor, session",
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth }) => getAdminStatus(deps.db.prisma, auth.user.id, auth.sessionId),
  }),
];
