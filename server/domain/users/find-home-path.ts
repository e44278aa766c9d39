// Where a signed-in person lands after signing in or confirming the e-mail address: one door for every
// role, the account decides (decision 036). The paths are the client router's (core/pages/route-table.ts).
import type { Db } from '../../db.ts';
import type { Role } from '../../auth/guards.ts';
import { ROUTE_PATHS } from '../../../core/pages/route-table.ts';

/** The dashboard of a role; a seeker account that has set up a partner profile is first of all a partner. */
export function homePathFor(role: Role, isPartner: boolean): string {
  if (role === 'admin') return ROUTE_PATHS.admin;
  if (role === 'provider') return ROUTE_PATHS.providerDashboard;
  return isPartner ? ROUTE_PATHS.affiliateDashboard : ROUTE_PATHS.seekerDashboard;
}

export async function findHomePath(prisma: Db, user: { id: string; role: Role }): Promise<string> {
  if (user.role !== 'seeker') return homePathFor(user.role, false);
  const partner = await prisma.partnerProfile.findUnique({ where: { userId: user.id }, select: { userId: true } });
  return homePathFor(user.role, partner !== null);
}
