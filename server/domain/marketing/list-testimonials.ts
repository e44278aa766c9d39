// The provider testimonials on the landing page: real reviews of completed deals, the good ones (4 or 5
// stars), newest first. What is shown follows the successful-deals page (server/domain/deals/successful-deals.ts):
// the seeker agreed when rating that rating and testimonial are public, and the first name appears only when
// the seeker chose to show it, otherwise 'Anonym'.
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import type { Testimonial } from '../../../core/api/marketing.ts';
export type { Testimonial } from '../../../core/api/marketing.ts';

/** Reviews with at least this many stars are shown. */
export const TESTIMONIAL_MIN_RATING = 4;
export const TESTIMONIAL_LIMIT = 3;

export async function listTestimonials(prisma: Db, opts: { limit?: number } = {}): Promise<Testimonial[]> {
  const rows = await prisma.review.findMany({
    // Reviews and provider pages removed or restricted after a report (decision 059) are not shown here.
    where: {
      rating: { gte: TESTIMONIAL_MIN_RATING },
      testimonial: { not: '' },
      restriction: null,
      deal: { status: 'completed', offer: { provider: { providerProfile: { restriction: null } } } },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: opts.limit ?? TESTIMONIAL_LIMIT,
    include: {
      deal: {
        select: {
          request: { select: { kategorie: true, firstName: true } },
          offer: { select: { provider: { select: { providerProfile: { select: { firmenname: true } } } } } },
        },
      },
    },
  });
  return rows
    .filter((r) => r.deal.offer.provider.providerProfile)
    .map((r) => ({
      id: r.id,
      rating: r.rating,
      testimonial: r.testimonial,
      customer: r.showFirstName && r.deal.request.firstName ? r.deal.request.firstName : null,
      providerId: r.providerId,
      providerName: r.deal.offer.provider.providerProfile!.firmenname,
      kategorie: r.deal.request.kategorie as CategoryId,
      createdAt: r.createdAt.toISOString(),
    }));
}
