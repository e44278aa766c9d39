// A partner's own profile, or null before they saved one.
import type { Db, DbTx } from '../../db.ts';
import type { PartnerProfileView } from '../../../core/affiliate/partner-profile-schema.ts';

export async function getPartnerProfile(db: Db | DbTx, userId: string): Promise<PartnerProfileView | null> {
  const p = await db.partnerProfile.findUnique({ where: { userId } });
  if (!p) return null;
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    street: p.street,
    zip: p.zip,
    city: p.city,
    country: p.country,
    rankingOptIn: p.rankingOptIn,
    updatedAt: p.updatedAt.toISOString(),
  };
}
