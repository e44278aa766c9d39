// Whether a person acts as a partner: they saved a partner profile, or someone signed up through their link.
// The chat reads their plain words about earnings and payouts as the commission then (decision 070).
import type { Db } from '../../db.ts';

export async function isActivePartner(db: Db, userId: string): Promise<boolean> {
  const [profile, referred] = await Promise.all([
    db.partnerProfile.findUnique({ where: { userId }, select: { userId: true } }),
    db.user.findFirst({ where: { referredById: userId }, select: { id: true } }),
  ]);
  return profile !== null || referred !== null;
}
