// Every provider with a listed public page (/anbieter/:id), for the sitemap: a page restricted or removed
// after a report (decision 059) is not listed.
import type { Db } from '../../db.ts';

export async function listPublicProviderPages(prisma: Db): Promise<{ id: string; updatedAt: Date }[]> {
  const rows = await prisma.providerProfile.findMany({
    where: { restriction: null },
    select: { userId: true, updatedAt: true },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((r) => ({ id: r.userId, updatedAt: r.updatedAt }));
}
