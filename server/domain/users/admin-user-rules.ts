// Rules shared by the admin's user commands (role change, suspension).
import { AppError } from '../../../core/errors.ts';
import type { DbTx } from '../../db.ts';

export { USER_ROLES, type UserRole } from '../../../core/users/roles.ts';

/** An admin never changes or suspends their own account: another admin has to (no one locks themself out). */
export function refuseSelf(actorId: string, userId: string): void {
  if (actorId === userId) throw new AppError('USER_CHANGE_SELF');
}

/** The platform keeps at least one active admin: the last one can be neither demoted nor suspended. */
export async function refuseLastAdmin(tx: DbTx, userId: string): Promise<void> {
  const others = await tx.user.count({ where: { role: 'admin', suspendedAt: null, id: { not: userId } } });
  if (others === 0) throw new AppError('LAST_ADMIN');
}

/**
 * Reads the user row inside the change's transaction. The person's row and every admin row are locked in one
 * statement, in id order: two admins demoting or suspending each other at once are decided one after the
 * other (the second sees the first's change in refuseLastAdmin), and no two such changes wait on each other.
 */
export async function lockUser(tx: DbTx, userId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "user" WHERE id = ${userId} OR role = 'admin' ORDER BY id FOR UPDATE`;
  if (!rows.some((r) => r.id === userId)) throw new AppError('NOT_FOUND');
  return tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, role: true, suspendedAt: true, suspendedReason: true, locale: true, name: true },
  });
}
