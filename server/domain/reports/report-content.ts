// The reported content, read once at the time of the report: who it belongs to (the affected person), a
// snapshot of it as it was (what the admins decide on, kept whatever happens to the content later), and
// where it is shown. One reader per kind of content.
import { AppError } from '../../../core/errors.ts';
import type { Db, DbTx } from '../../db.ts';
import type { ReportContentType } from './report-rules.ts';

import type { ReportSnapshot } from '../../../core/api/reports.ts';

export type { ReportSnapshot };

export interface ReportedContent {
  affectedUserId: string | null;
  snapshot: ReportSnapshot;
}

export async function readReportedContent(db: Db | DbTx, type: ReportContentType, id: string): Promise<ReportedContent> {
  switch (type) {
    case 'request': {
      const r = await db.request.findUnique({ where: { id } });
      if (!r) break;
      return {
        affectedUserId: r.userId,
        snapshot: {
          title: r.kategorie,
          text: r.beschreibung,
          fields: {
            category: r.kategorie,
            postcode: r.postcode,
            place: r.ort,
            budgetMin: r.budgetMin,
            budgetMax: r.budgetMax,
            urgency: r.dringlichkeit,
            status: r.status,
            createdAt: r.createdAt.toISOString(),
          },
          path: null,
        },
      };
    }
    case 'provider': {
      const p = await db.providerProfile.findUnique({ where: { userId: id }, include: { categories: { select: { category: true } } } });
      if (!p) break;
      return {
        affectedUserId: p.userId,
        snapshot: {
          title: p.firmenname,
          text: p.description,
          fields: { place: p.place, postcode: p.postcode, categories: p.categories.map((c) => c.category).join(', ') },
          path: `/anbieter/${p.userId}`,
        },
      };
    }
    case 'review': {
      const r = await db.review.findUnique({
        where: { id },
        include: { deal: { select: { offer: { select: { provider: { select: { providerProfile: { select: { firmenname: true } } } } } } } } },
      });
      if (!r) break;
      return {
        affectedUserId: r.seekerId,
        snapshot: {
          title: r.deal.offer.provider.providerProfile?.firmenname ?? '',
          text: r.testimonial,
          fields: { rating: r.rating, providerId: r.providerId, createdAt: r.createdAt.toISOString() },
          path: `/anbieter/${r.providerId}`,
        },
      };
    }
    case 'offer': {
      const o = await db.offer.findUnique({ where: { id }, include: { request: { select: { kategorie: true } } } });
      if (!o) break;
      return {
        affectedUserId: o.providerId,
        snapshot: {
          title: o.request.kategorie,
          text: o.beschreibung,
          fields: { priceCents: o.priceCents, availability: o.verfuegbarkeit, status: o.status, requestId: o.requestId },
          path: '/suchende-dashboard',
        },
      };
    }
    case 'inquiry': {
      const q = await db.dealInquiry.findUnique({ where: { id } });
      if (!q) break;
      return {
        affectedUserId: q.inquirerId,
        snapshot: {
          title: q.dealId,
          text: q.message,
          fields: { email: q.inquirerEmail, dealId: q.dealId, createdAt: q.createdAt.toISOString() },
          path: null,
        },
      };
    }
  }
  throw new AppError('NOT_FOUND');
}
