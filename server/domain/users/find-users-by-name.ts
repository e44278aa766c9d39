// For admins naming a person in words ('sperr Lisa Brandt', 'mach Kfz Yilmaz zum Anbieter'): the accounts whose
// name or company contains one of the words, newest first. The caller decides which of them the words mean.
import type { Db } from '../../db.ts';

export interface NamedUser {
  id: string;
  email: string;
  name: string;
  role: string;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  /** The provider's company, when the account has a provider profile. */
  company: string | null;
}

/** Accounts (not deleted) whose name or provider company contains any of the words (at least 2 letters each). */
export async function findUsersByName(prisma: Db, words: readonly string[], limit = 50): Promise<NamedUser[]> {
  const usable = [...new Set(words.map((w) => w.trim()).filter((w) => w.length >= 2))].slice(0, 12);
  if (!usable.length) return [];
  const rows = await prisma.user.findMany({
    where: {
      deletedAt: null,
      OR: usable.flatMap((w) => [
        { name: { contains: w, mode: 'insensitive' as const } },
        { providerProfile: { firmenname: { contains: w, mode: 'insensitive' as const } } },
      ]),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: limit,
    select: { id: true, email: true, name: true, role: true, suspendedAt: true, suspendedReason: true, providerProfile: { select: { firmenname: true } } },
  });
  return rows.map(({ providerProfile, ...u }) => ({ ...u, company: providerProfile?.firmenname ?? null }));
}
