// Marketplace history written as rows, with the timestamps a test needs (a request released 40 days ago, an
// offer 30 minutes after it): for the live figures, which read history rather than run flows.
import crypto from 'node:crypto';
import type { Db } from '../../server/db.ts';
import type { CategoryId } from '../../core/categories/category-ids.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface PastRequestInput {
  seekerId: string;
  /** Days before now the request was released to providers (and created a minute before). */
  releasedDaysAgo: number;
  status?: 'open' | 'completed' | 'closed' | 'expired' | 'rejected';
  /** Days before now it ended (for completed, closed, expired, rejected); default: a day after release. */
  endedDaysAgo?: number;
  /** Offers: provider and minutes after the release. */
  offers?: { providerId: string; afterMinutes: number }[];
  kategorie?: CategoryId;
  firstName?: string;
}

export async function createPastRequest(prisma: Db, input: PastRequestInput, now = new Date()) {
  const released = new Date(now.getTime() - input.releasedDaysAgo * DAY);
  const status = input.status ?? 'open';
  const ended = status === 'open' ? null : new Date(now.getTime() - (input.endedDaysAgo ?? Math.max(0, input.releasedDaysAgo - 1)) * DAY);
  const request = await prisma.request.create({
    data: {
      userId: input.seekerId,
      sourceKey: `history:${crypto.randomUUID()}`,
      firstName: input.firstName ?? 'Sam',
      kategorie: input.kategorie ?? 'handwerk',
      beschreibung: 'Die Heizung fällt aus und muss repariert werden.',
      beschreibungOeffentlich: 'Die Heizung fällt aus und muss repariert werden.',
      postcode: '50667',
      ort: 'Köln',
      status,
      createdAt: new Date(released.getTime() - MINUTE),
      releasedAt: status === 'rejected' ? null : released,
      closedAt: ended,
    },
  });
  const offers = [];
  for (const o of input.offers ?? []) {
    offers.push(
      await prisma.offer.create({
        data: {
          requestId: request.id,
          providerId: o.providerId,
          priceCents: 48_000,
          beschreibung: 'Reparatur inklusive Anfahrt.',
          verfuegbarkeit: 'Morgen',
          createdAt: new Date(released.getTime() + o.afterMinutes * MINUTE),
        },
      }),
    );
  }
  return { request, offers };
}

/** A completed deal on a past request, with the seeker's review when given. */
export async function createPastDeal(
  prisma: Db,
  input: {
    seekerId: string;
    providerId: string;
    daysAgo?: number;
    kategorie?: CategoryId;
    firstName?: string;
    review?: { rating: number; testimonial: string; showFirstName?: boolean; minutesAfter?: number };
  },
  now = new Date(),
) {
  const daysAgo = input.daysAgo ?? 10;
  const { request, offers } = await createPastRequest(
    prisma,
    {
      seekerId: input.seekerId,
      releasedDaysAgo: daysAgo,
      endedDaysAgo: daysAgo,
      status: 'completed',
      offers: [{ providerId: input.providerId, afterMinutes: 30 }],
      ...(input.kategorie ? { kategorie: input.kategorie } : {}),
      ...(input.firstName ? { firstName: input.firstName } : {}),
    },
    now,
  );
  const completedAt = new Date(now.getTime() - daysAgo * DAY + 60 * MINUTE);
  const deal = await prisma.deal.create({
    data: {
      requestId: request.id,
      offerId: offers[0]!.id,
      providerId: input.providerId,
      seekerId: input.seekerId,
      valueCents: 48_000,
      status: 'completed',
      providerConfirmedAt: completedAt,
      seekerConfirmedAt: completedAt,
      completedAt,
    },
  });
  if (input.review) {
    await prisma.review.create({
      data: {
        dealId: deal.id,
        providerId: input.providerId,
        seekerId: input.seekerId,
        rating: input.review.rating,
        testimonial: input.review.testimonial,
        showFirstName: input.review.showFirstName ?? false,
        createdAt: new Date(completedAt.getTime() + (input.review.minutesAfter ?? 10) * MINUTE),
      },
    });
  }
  return deal;
}
