// Every provider with a public page (/anbieter/:id), for the sitemap.
import type { Db } from '../../db.ts';

export async function listPublicProviderPages(prisma: Db): Promise<{ id: string; updatedAt: Date }[]> {
  const rows = await prisma.providerProfile.findMany({ select: { userId: true, updatedAt: true }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ id: r.userId, updatedAt: r.updatedAt }));
}
