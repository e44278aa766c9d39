// An admin makes a person a seeker, provider or admin. Not their own account, and never the last active admin
// away from admin. A new admin still needs two-factor before any admin door opens (requireRole).
import { inTransaction } from '../../db/tx.ts';
import type { AppDeps } from '../../deps.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { lockUser, refuseLastAdmin, refuseSelf, type UserRole } from './admin-user-rules.ts';

export interface ChangeUserRoleInput {
  actorId: string;
  userId: string;
  role: UserRole;
  reason?: string;
  via?: AuditVia;
}

const ROLE_WORDS: Record<UserRole, { de: string; en: string }> = {
  seeker: { de: 'Suchende:r', en: 'seeker' },
  provider: { de: 'Anbieter:in', en: 'provider' },
  admin: { de: 'Admin', en: 'admin' },
};

/** Changes the role and tells the person by e-mail in their language. */
export async function changeUserRole(deps: AppDeps, input: ChangeUserRoleInput): Promise<{ id: string; role: UserRole; changed: boolean }> {
  refuseSelf(input.actorId, input.userId);
  const result = await inTransaction(deps.db.prisma, async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (user.role === input.role) return { id: user.id, role: input.role, changed: false, told: [] as Notice[] };
    if (user.role === 'admin') await refuseLastAdmin(tx, user.id);
    await tx.user.update({ where: { id: user.id }, data: { role: input.role } });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.role === 'admin' ? 'user.promote' : user.role === 'admin' ? 'user.demote' : 'user.role',
      entityType: 'user',
      entityId: user.id,
      before: { role: user.role },
      after: { role: input.role },
      reason: input.reason ?? null,
      via: input.via ?? 'dashboard',
    });
    // The person's mail commits with the change (decision 082).
    const role = input.role;
    const told = await queueNotices(tx, deps, [
      {
        userId: user.id,
        event: { type: 'account.roleChanged', payload: { role } },
        mail: {
          template: 'accountRoleChanged',
          key: `accountRoleChanged:${crypto.randomUUID()}`,
          params: (lang) => ({ role: ROLE_WORDS[role][lang], url: appLink(deps, role === 'admin' ? '/admin' : '/auth') }),
        },
      },
    ]);
    return { id: user.id, role: input.role, changed: true, told };
  });
  if (result.changed) {
    // The new role counts at the person's next request here, and on the other instances once the database's
    // event reaches them (decision 048).
    deps.sessionCache?.forget({ userId: result.id });
    await announce(deps, result.told);
  }
  return { id: result.id, role: result.role, changed: result.changed };
}
