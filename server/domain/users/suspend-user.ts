// An admin suspends a person with a reason (decision 034): in one transaction the account is marked and every
// session of it is deleted, so each door (HTTP, ws, chat) stops answering at once; signing in is refused while
// the mark stands (server/auth/auth.ts). Their open sockets are closed by an event to them, and they get an
// e-mail in their language. Unsuspending lifts the mark; they sign in again themselves.
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { announce, appLink, queueNotices } from '../notifications/notify.ts';
import { lockUser, refuseLastAdmin, refuseSelf } from './admin-user-rules.ts';

export interface SuspendUserInput {
  actorId: string;
  userId: string;
  reason: string;
  via?: AuditVia;
}

/** Event to the person's own sockets: the ws server finds their sessions gone and closes them. */
export const ACCOUNT_SUSPENDED_EVENT = 'account.suspended';

export async function suspendUser(deps: AppDeps, input: SuspendUserInput): Promise<{ id: string; suspended: true; sessionsEnded: number }> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('SUSPEND_REASON_REQUIRED');
  refuseSelf(input.actorId, input.userId);
  const result = await inTransaction(deps.db.prisma, async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (user.suspendedAt) throw new AppError('USER_ALREADY_SUSPENDED');
    if (user.role === 'admin') await refuseLastAdmin(tx, user.id);
    const now = new Date();
    await tx.user.update({ where: { id: user.id }, data: { suspendedAt: now, suspendedReason: reason, suspendedById: input.actorId } });
    const ended = await tx.session.deleteMany({ where: { userId: user.id } });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'user.suspend',
      entityType: 'user',
      entityId: user.id,
      before: { suspended: false },
      after: { suspended: true, suspendedAt: now.toISOString(), sessionsEnded: ended.count },
      reason,
      via: input.via ?? 'dashboard',
    });
    // The person's mail commits with the suspension (decision 082).
    const told = await queueNotices(tx, deps, [
      {
        userId: user.id,
        event: { type: ACCOUNT_SUSPENDED_EVENT, payload: null },
        mail: { template: 'accountSuspended', key: `accountSuspended:${now.toISOString()}`, params: () => ({ reason, url: appLink(deps, '/kontakt') }) },
      },
    ]);
    return { id: user.id, suspended: true as const, sessionsEnded: ended.count, told };
  });
  // This instance forgets the sessions at once; the others when the database's event reaches them (decision 048).
  deps.sessionCache?.forget({ userId: result.id });
  await announce(deps, result.told);
  return { id: result.id, suspended: true, sessionsEnded: result.sessionsEnded };
}

export async function unsuspendUser(deps: AppDeps, input: Omit<SuspendUserInput, 'reason'> & { reason?: string }): Promise<{ id: string; suspended: false }> {
  refuseSelf(input.actorId, input.userId);
  const { id, told } = await inTransaction(deps.db.prisma, async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (!user.suspendedAt) throw new AppError('USER_NOT_SUSPENDED');
    await tx.user.update({ where: { id: user.id }, data: { suspendedAt: null, suspendedReason: null, suspendedById: null } });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'user.unsuspend',
      entityType: 'user',
      entityId: user.id,
      before: { suspended: true, suspendedAt: user.suspendedAt.toISOString(), reason: user.suspendedReason },
      after: { suspended: false },
      reason: input.reason?.trim() || null,
      via: input.via ?? 'dashboard',
    });
    const notices = await queueNotices(tx, deps, [
      {
        userId: user.id,
        event: { type: 'account.unsuspended', payload: null },
        mail: { template: 'accountUnsuspended', key: `accountUnsuspended:${user.suspendedAt.toISOString()}`, params: () => ({ url: appLink(deps, '/auth') }) },
      },
    ]);
    return { id: user.id, told: notices };
  });
  await announce(deps, told);
  return { id, suspended: false };
}
