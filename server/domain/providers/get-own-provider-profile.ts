// The signed-in provider's own profile (with contact data), or null before onboarding.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { ProviderProfileOutput } from '../../../core/providers/providers.schemas.ts';

type ProfileRow = {
  userId: string;
  firmenname: string;
  description: string;
  phone: string;
  email: string;
  postcode: string;
  place: string;
  radiusKm: number;
  acceptsMatches: boolean;
  minBudget: number | null;
  verification: string;
  categories: string[];
};

export function toProfileOutput(row: ProfileRow): ProviderProfileOutput {
  return {
    userId: row.userId,
    firmenname: row.firmenname,
    categories: row.categories as ProviderProfileOutput['categories'],
    postcode: row.postcode,
    place: row.place,
    radiusKm: row.radiusKm,
    description: row.description,
    phone: row.phone,
    email: row.email,
    acceptsMatches: row.acceptsMatches,
    minBudget: row.minBudget,
    verification: (['none', 'pending', 'verified', 'rejected'].includes(row.verification) ? row.verification : 'none') as ProviderProfileOutput['verification'],
  };
}

export async function getOwnProviderProfile(prisma: Db, userId: string): Promise<ProviderProfileOutput | null> {
  const row = await prisma.providerProfile.findUnique({
    where: { userId },
    include: { categories: { select: { category: true }, orderBy: { category: 'asc' } } },
  });
  return row ? toProfileOutput({ ...row, categories: row.categories.map((c) => c.category) }) : null;
}

/** The profile, or PROVIDER_PROFILE_REQUIRED: providers onboard before they see or buy anything. */
export async function requireProviderProfile(prisma: Db, userId: string): Promise<ProviderProfileOutput> {
  const profile = await getOwnProviderProfile(prisma, userId);
  if (!profile) throw new AppError('PROVIDER_PROFILE_REQUIRED');
  return profile;
}
