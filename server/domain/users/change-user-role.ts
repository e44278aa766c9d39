// An admin makes a person a seeker, provider or admin. Not their own account, and never the last active admin
// away from admin. A new admin still needs two-factor before any admin door opens (requireRole).
import { inTransaction } from '../../db/tx.ts';
import type { Db } from '../../db.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { lockUser, refuseLastAdmin, refuseSelf, type UserRole } from './admin-user-rules.ts';

export interface ChangeUserRoleInput {
  actorId: string;
  userId: string;
  role: UserRole;
  reason?: string;
  via?: AuditVia;
}

export async function changeUserRole(prisma: Db, input: ChangeUserRoleInput): Promise<{ id: string; role: UserRole; changed: boolean }> {
  refuseSelf(input.actorId, input.userId);
  return inTransaction(prisma, async (tx) => {
    const user = await lockUser(tx, input.userId);
    if (user.role === input.role) return { id: user.id, role: input.role, changed: false };
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
    return { id: user.id, role: input.role, changed: true };
  });
}
