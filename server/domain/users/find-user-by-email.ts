import type { Db } from '../../db.ts';

/** The account with this e-mail address (case-insensitive), or null. */
export function findUserByEmail(prisma: Db, email: string) {
  return prisma.user.findFirst({
    where: { email: { equals: email.trim(), mode: 'insensitive' } },
    select: { id: true, email: true, role: true, suspendedAt: true, suspendedReason: true },
  });
}
