// Favourite providers of a signed-in person (favoriten).
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';

export async function addFavorite(prisma: Db, userId: string, providerId: string): Promise<void> {
  const exists = await prisma.providerProfile.findUnique({ where: { userId: providerId }, select: { userId: true } });
  if (!exists) throw new AppError('NOT_FOUND');
  await prisma.favorite.createMany({ data: [{ userId, providerId }], skipDuplicates: true });
}

export async function removeFavorite(prisma: Db, userId: string, providerId: string): Promise<void> {
  await prisma.favorite.deleteMany({ where: { userId, providerId } });
}

export async function listFavorites(prisma: Db, userId: string): Promise<{ providerId: string; firmenname: string; place: string; createdAt: string }[]> {
  const rows = await prisma.favorite.findMany({
    where: { userId },
    orderBy: { createdAt: 'desc' },
    include: { provider: { select: { firmenname: true, place: true } } },
  });
  return rows.map((r) => ({ providerId: r.providerId, firmenname: r.provider.firmenname, place: r.provider.place, createdAt: r.createdAt.toISOString() }));
}

export async function isFavorite(prisma: Db, userId: string, providerId: string): Promise<boolean> {
  return (await prisma.favorite.count({ where: { userId, providerId } })) > 0;
}
