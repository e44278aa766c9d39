// The deals of a provider or seeker, newest first, with what each side still has to do.
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import type { UserDeal } from '../../../core/api/deals.ts';
export type { UserDeal } from '../../../core/api/deals.ts';

export async function listUserDeals(prisma: Db, userId: string): Promise<UserDeal[]> {
  const rows = await prisma.deal.findMany({
    where: { OR: [{ providerId: userId }, { seekerId: userId }] },
    orderBy: { createdAt: 'desc' },
    take: 200,
    include: {
      request: { select: { kategorie: true, ort: true, firstName: true } },
      offer: { select: { provider: { select: { providerProfile: { select: { firmenname: true } } } } } },
      review: { select: { id: true } },
    },
  });
  return rows.map((d) => {
    const role = d.providerId === userId ? 'provider' : 'seeker';
    return {
      id: d.id,
      role,
      status: d.status,
      valueCents: d.valueCents,
      requestId: d.requestId,
      kategorie: d.request.kategorie as CategoryId,
      place: d.request.ort,
      counterpart: role === 'seeker' ? (d.offer.provider.providerProfile?.firmenname ?? '') : (d.request.firstName ?? ''),
      providerConfirmed: !!d.providerConfirmedAt,
      seekerConfirmed: !!d.seekerConfirmedAt,
      reviewed: !!d.review,
      providerContactVisible: d.providerContactVisible,
      seekerContactVisible: d.seekerContactVisible,
      createdAt: d.createdAt.toISOString(),
      completedAt: d.completedAt?.toISOString() ?? null,
    };
  });
}
