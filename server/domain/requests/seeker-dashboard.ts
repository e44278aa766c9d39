// The seeker dashboard's figures and request list, for the signed-in seeker only: active requests, offers
// received, their total value, and the seeker's own points (earnings) from the ledger.
import type { Db } from '../../db.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { account } from '../ledger/accounts.ts';
import { getBalance } from '../ledger/get-balance.ts';
import { milliToCents, toGoints } from '../../../core/money/money.ts';
import { listSeekerOffers } from '../offers/list-seeker-offers.ts';
import { canSeekerClose } from './end-request.ts';
import type { SeekerRequestRow, SeekerDashboard } from '../../../core/api/seeker.ts';
export type { SeekerRequestRow, SeekerDashboard } from '../../../core/api/seeker.ts';

export const ACTIVE_REQUEST_STATUSES = ['draft', 'review', 'open'] as const;

export async function getSeekerDashboard(prisma: Db, seekerId: string): Promise<SeekerDashboard> {
  const [requests, offerAgg, earnings, offers] = await Promise.all([
    prisma.request.findMany({
      where: { userId: seekerId },
      orderBy: { createdAt: 'desc' },
      take: 200,
      include: { _count: { select: { offers: true } }, deals: { select: { status: true }, orderBy: { createdAt: 'desc' }, take: 1 } },
    }),
    prisma.offer.aggregate({ where: { request: { userId: seekerId }, status: { not: 'zurueckgezogen' } }, _count: { _all: true } }),
    getBalance(prisma, account.seekerEarnings(seekerId)),
    listSeekerOffers(prisma, seekerId),
  ]);
  const rows: SeekerRequestRow[] = requests.map((r) => ({
    id: r.id,
    kategorie: r.kategorie as CategoryId,
    beschreibung: r.beschreibung,
    ort: r.ort,
    postcode: r.postcode,
    budgetMin: r.budgetMin,
    budgetMax: r.budgetMax,
    dringlichkeit: r.dringlichkeit,
    date: r.date ? r.date.toISOString().slice(0, 10) : null,
    status: r.status,
    active: (ACTIVE_REQUEST_STATUSES as readonly string[]).includes(r.status),
    closable: canSeekerClose(r),
    offers: r._count.offers,
    unlocked: r.unlockCount,
    maxUnlocks: r.maxUnlocks,
    dealStatus: r.deals[0]?.status ?? null,
    adminReason: r.adminReason,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
  return {
    stats: {
      activeRequests: rows.filter((r) => r.active).length,
      offersReceived: offerAgg._count._all,
      // The price of the best-ranked open offer; competing offers are alternatives, never a sum.
      bestOfferCents: offers.top[0]?.priceCents ?? null,
      points: toGoints(earnings),
      earningsCents: milliToCents(earnings),
    },
    requests: rows,
  };
}
