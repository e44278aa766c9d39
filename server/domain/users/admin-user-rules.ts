// Rules shared by the admin's user commands (role change, suspension), kept pure where they can be.
import { AppError } from '../../errors.ts';
import type { DbTx } from '../../db.ts';

export const USER_ROLES = ['seeker', 'provider', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** An admin never changes or suspends their own account: another admin has to (no one locks themself out). */
export function refuseSelf(actorId: string, userId: string): void {
  if (actorId === userId) throw new AppError('USER_CHANGE_SELF');
}

/** The platform keeps at least one active admin: the last one can be neither demoted nor suspended. */
export async function refuseLastAdmin(tx: DbTx, userId: string): Promise<void> {
  // Every admin row locked: two admins demoting each other at once are decided one after the other.
  await tx.$queryRaw`SELECT id FROM "user" WHERE role = 'admin' ORDER BY id FOR UPDATE`;
  const others = await tx.user.count({ where: { role: 'admin', suspendedAt: null, id: { not: userId } } });
  if (others === 0) throw new AppError('LAST_ADMIN');
}

/** Reads the user row inside the change's transaction, locked against a concurrent change of the same user. */
export async function lockUser(tx: DbTx, userId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`;
  if (!rows.length) throw new AppError('NOT_FOUND');
  return tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, role: true, suspendedAt: true, suspendedReason: true, locale: true, name: true } });
}
