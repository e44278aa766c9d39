// The public provider page (/anbieter/:id): what anyone may see. Phone and e-mail are not part of it.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { getProviderStats } from './provider-stats.ts';
import { translator } from '../../i18n.ts';
import type { PublicProvider } from '../../../core/providers/providers.schemas.ts';

export async function getPublicProvider(prisma: Db, providerId: string, lang: 'de' | 'en'): Promise<PublicProvider> {
  const row = await prisma.providerProfile.findUnique({
    where: { userId: providerId },
    include: { categories: { select: { category: true }, orderBy: { category: 'asc' } } },
  });
  // A page removed after a report (decision 059) is gone for everyone.
  if (!row || row.restriction === 'removed') throw new AppError('NOT_FOUND');
  const [stats, reviews, dealsCompleted] = await Promise.all([
    getProviderStats(prisma, [providerId]),
    prisma.review.findMany({
      where: { providerId, OR: [{ restriction: null }, { restriction: 'restricted' }] },
      orderBy: { createdAt: 'desc' },
      take: 50,
      include: { deal: { select: { request: { select: { kategorie: true, firstName: true } } } } },
    }),
    prisma.deal.count({ where: { providerId, status: 'completed' } }),
  ]);
  const s = stats.get(providerId)!;
  const anonymous = translator(lang)('provider:public.anonymous') as string;
  return {
    id: providerId,
    firmenname: row.firmenname,
    description: row.description,
    categories: row.categories.map((c) => c.category as CategoryId),
    place: row.place,
    postcodeArea: row.postcode.slice(0, 2),
    radiusKm: row.radiusKm,
    verified: s.verified,
    badge: s.badge,
    ratingAvg: s.ratingAvg,
    ratingCount: s.ratingCount,
    dealsCompleted,
    medianResponseMinutes: s.medianResponseMinutes,
    reviews: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      // A restricted review keeps its stars; its text is not shown.
      testimonial: r.restriction ? '' : r.testimonial,
      customer: r.showFirstName && r.deal.request.firstName ? r.deal.request.firstName : anonymous,
      category: r.deal.request.kategorie as CategoryId,
      createdAt: r.createdAt.toISOString(),
    })),
    memberSince: row.createdAt.toISOString(),
    listed: row.restriction === null,
  };
}
