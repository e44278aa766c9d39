// A partner chooses whether their figures appear (pseudonymously, by country) in the ranking. Needs a
// profile: the country comes from there.
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';

export async function setRankingOptIn(prisma: Db, userId: string, optIn: boolean): Promise<{ rankingOptIn: boolean }> {
  const { count } = await prisma.partnerProfile.updateMany({ where: { userId }, data: { rankingOptIn: optIn } });
  if (count !== 1) throw new AppError('PARTNER_PROFILE_REQUIRED');
  return { rankingOptIn: optIn };
}
