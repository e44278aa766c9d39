// The status check of the admin overview: what the server itself knows of the asking admin right now.
import type { Db } from '../../db.ts';

export async function getAdminStatus(prisma: Db, userId: string, sessionId: string | null) {
  const [user, session, admins] = await Promise.all([
    prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, role: true, twoFactorEnabled: true } }),
    sessionId ? prisma.session.findUnique({ where: { id: sessionId }, select: { createdAt: true, expiresAt: true } }) : null,
    prisma.user.count({ where: { role: 'admin', suspendedAt: null } }),
  ]);
  return {
    email: user.email,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    session: session ? { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() } : null,
    admins,
  };
}
