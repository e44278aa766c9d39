// The public '/erfolgreiche-deals' page: completed deals with their rating and testimonial, searchable by
// provider name, place and category, with the summary figures. 'Nachfragen' reaches a party of the deal
// only when that party chose to be contactable.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { CATEGORY_LABELS } from '../../../core/categories/category-labels.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { inTransaction } from '../../db/tx.ts';
import { defangLinks } from './defang-links.ts';
import type { SuccessfulDeal, SuccessfulDeals } from '../../../core/api/deals.ts';
export type { SuccessfulDeal, SuccessfulDeals } from '../../../core/api/deals.ts';

export const SUCCESS_FILTER_CATEGORIES = ['auto', 'handwerk', 'gastronomie', 'elektronik', 'immobilien', 'dienstleistungen'] as const;

const fold = (s: string) => s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export async function listSuccessfulDeals(prisma: Db, opts: { q?: string; category?: CategoryId }): Promise<SuccessfulDeals> {
  const rows = await prisma.deal.findMany({
    where: { status: 'completed', ...(opts.category ? { request: { kategorie: opts.category } } : {}) },
    orderBy: { completedAt: 'desc' },
    take: 1000,
    include: {
      request: { select: { kategorie: true, ort: true, firstName: true } },
      offer: { select: { provider: { select: { providerProfile: { select: { firmenname: true } } } } } },
      review: { select: { id: true, rating: true, testimonial: true, showFirstName: true, restriction: true } },
    },
  });
  const total = await prisma.deal.count({ where: { status: 'completed' } });
  const q = opts.q ? fold(opts.q.trim()) : '';
  const deals: SuccessfulDeal[] = rows
    .map((d) => ({
      id: d.id,
      kategorie: d.request.kategorie as CategoryId,
      providerId: d.providerId,
      providerName: d.offer.provider.providerProfile?.firmenname ?? '',
      customer: d.review?.showFirstName && d.request.firstName ? d.request.firstName : null,
      // A review removed after a report is not shown; a restricted one keeps its stars without its text.
      reviewId: d.review && d.review.restriction !== 'removed' ? d.review.id : null,
      rating: d.review && d.review.restriction !== 'removed' ? d.review.rating : null,
      testimonial: d.review && !d.review.restriction ? d.review.testimonial : null,
      valueCents: d.valueCents,
      location: d.request.ort,
      completedAt: (d.completedAt ?? d.updatedAt).toISOString(),
      contactVisible: d.providerContactVisible || d.seekerContactVisible,
    }))
    .filter((d) => {
      if (!q) return true;
      const labels = CATEGORY_LABELS[d.kategorie];
      return [d.providerName, d.location ?? '', labels.de, labels.en, d.kategorie].some((s) => fold(s).includes(q));
    });
  return {
    deals,
    summary: {
      count: deals.length,
      volumeCents: deals.reduce((s, d) => s + d.valueCents, 0),
      locations: new Set(deals.map((d) => d.location).filter(Boolean)).size,
    },
    total,
  };
}

export const inquiryInput = z.object({
  email: z.email().max(200),
  message: z.string().trim().min(1).max(2000),
});

/** 'Nachfragen' a person may send per hour: enough to ask, too few to spam from akut's sender. */
export const INQUIRIES_PER_HOUR = 5;

export async function createDealInquiry(
  deps: AppDeps,
  inquirerId: string,
  dealId: string,
  input: z.infer<typeof inquiryInput>,
): Promise<{ id: string; recipients: number }> {
  const prisma = deps.db.prisma;
  const deal = await prisma.deal.findUnique({
    where: { id: dealId },
    select: {
      status: true,
      providerId: true,
      seekerId: true,
      providerContactVisible: true,
      seekerContactVisible: true,
      request: { select: { kategorie: true, ort: true } },
    },
  });
  if (!deal || deal.status !== 'completed') throw new AppError('NOT_FOUND');
  if (!deal.providerContactVisible && !deal.seekerContactVisible) throw new AppError('CONTACT_NOT_VISIBLE');
  // Counted from the stored inquiries, so the limit holds across app instances.
  const recent = await prisma.dealInquiry.count({ where: { inquirerId, createdAt: { gt: new Date(Date.now() - 60 * 60 * 1000) } } });
  if (recent >= INQUIRIES_PER_HOUR) throw new AppError('INQUIRY_LIMIT', { params: { max: INQUIRIES_PER_HOUR } });
  const inquirer = await prisma.user.findUnique({ where: { id: inquirerId }, select: { email: true, emailVerified: true } });
  // Replies go to the asker by one click only when the address is the asker's own, verified one.
  const replyTo = inquirer?.emailVerified && inquirer.email.toLowerCase() === input.email.toLowerCase() ? inquirer.email : undefined;
  const message = defangLinks(input.message);
  const recipients = [...(deal.providerContactVisible ? [deal.providerId] : []), ...(deal.seekerContactVisible ? [deal.seekerId] : [])].filter(
    (id) => id !== inquirerId,
  );
  // The inquiry and its mails commit together (decision 082).
  const { row, told } = await inTransaction(prisma, async (tx) => {
    const row = await tx.dealInquiry.create({ data: { dealId, inquirerId, inquirerEmail: input.email.toLowerCase(), message: input.message } });
    const notices: Notice[] = recipients.map((userId) => ({
      userId,
      event: { type: 'deal.inquiry', payload: { dealId, inquiryId: row.id } },
      mail: {
        template: 'dealInquiry',
        key: `dealInquiry:${row.id}`,
        params: (l) => ({
          category: CATEGORY_LABELS[deal.request.kategorie as CategoryId]?.[l] ?? deal.request.kategorie,
          place: deal.request.ort ?? '',
          message,
          email: input.email,
          // Anyone who receives it can report it (DSA Art. 16): the message is shown nowhere else.
          reportUrl: appLink(deps, `/melden?type=inquiry&id=${row.id}`),
          url: appLink(deps, '/erfolgreiche-deals'),
        }),
        ...(replyTo ? { replyTo } : {}),
      },
    }));
    return { row, told: await queueNotices(tx, deps, notices) };
  });
  await announce(deps, told);
  return { id: row.id, recipients: recipients.length };
}
