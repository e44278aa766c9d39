// Stores a partner's own profile (input already parsed by partnerProfileSchema). The ranking opt-in is
// kept as it is: only set-ranking-opt-in changes it.
import type { Db } from '../../db.ts';
import type { z } from 'zod';
import type { partnerProfileSchema, PartnerProfileView } from '../../../core/affiliate/partner-profile-schema.ts';
import { getPartnerProfile } from './get-partner-profile.ts';

export async function savePartnerProfile(prisma: Db, userId: string, input: z.output<typeof partnerProfileSchema>): Promise<PartnerProfileView> {
  const data = { ...input, phone: input.phone ?? null };
  await prisma.partnerProfile.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return (await getPartnerProfile(prisma, userId))!;
}
