import type { Db } from '../../db.ts';

/** The account with this e-mail address (case-insensitive), or null. */
export async function findUserByEmail(prisma: Db, email: string) {
  const u = await prisma.user.findFirst({
    where: { email: { equals: email.trim(), mode: 'insensitive' } },
    select: { id: true, email: true, name: true, role: true, suspendedAt: true, suspendedReason: true, providerProfile: { select: { firmenname: true } } },
  });
  if (!u) return null;
  const { providerProfile, ...rest } = u;
  return { ...rest, company: providerProfile?.firmenname ?? null };
}
