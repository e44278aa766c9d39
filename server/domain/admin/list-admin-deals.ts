// The admin's deals: every deal, newest first, with its confirmation state (who confirmed when) and what
// the ledger booked for it: the seeker's share and the platform's share of the settlement, the promotional
// part, and the refunds of its request. Read from the ledger itself, never recomputed.
import type { z } from 'zod';
import type { adminDealsQuerySchema } from '../../../core/contract/admin-requests.ts';
import type { Db } from '../../db.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { moneyView } from '../../../core/money/money-view.ts';
import type { AdminDealRow, AdminDealsPage } from '../../../core/api/admin.ts';
export { DEAL_STATUSES } from '../../../core/api/admin.ts';
export type { AdminDealRow, AdminDealsPage } from '../../../core/api/admin.ts';

export type AdminDealsQuery = z.output<typeof adminDealsQuerySchema>;

const SHARE_KINDS = { seeker_earnings: 'seekerShare', platform_revenue: 'platformShare', promotion_used: 'promotionUsed' } as const;

export async function listAdminDeals(db: Db, q: AdminDealsQuery): Promise<AdminDealsPage> {
  const where: Prisma.DealWhereInput = q.status ? { status: q.status } : {};
  const [total, rows] = await Promise.all([
    db.deal.count({ where }),
    db.deal.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      include: {
        request: { select: { kategorie: true, ort: true } },
        offer: { select: { provider: { select: { providerProfile: { select: { firmenname: true } } } } } },
      },
    }),
  ]);
  const userIds = [...new Set(rows.flatMap((d) => [d.providerId, d.seekerId]))];
  const requestIds = [...new Set(rows.map((d) => d.requestId))];
  const [users, settlements, refunds] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }),
    db.ledgerTransaction.findMany({
      where: { idempotencyKey: { in: rows.map((d) => `settle:${d.id}`) } },
      select: { idempotencyKey: true, entries: { select: { amount: true, account: { select: { kind: true } } } } },
    }),
    // What went back to the providers' wallets (paid and promotional) when the request ended without a deal.
    db.ledgerTransaction.findMany({
      where: { kind: 'refund', reference: { in: requestIds } },
      select: { reference: true, entries: { where: { amount: { gt: 0 } }, select: { amount: true } } },
    }),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const settlementByDeal = new Map(settlements.map((t) => [t.idempotencyKey.slice('settle:'.length), t]));
  const refundsByRequest = new Map<string, bigint>();
  for (const t of refunds) refundsByRequest.set(t.reference!, (refundsByRequest.get(t.reference!) ?? 0n) + t.entries.reduce((s, e) => s + e.amount, 0n));

  return {
    total,
    page: q.page,
    pageSize: q.pageSize,
    deals: rows.map((d) => {
      const provider = userById.get(d.providerId);
      const seeker = userById.get(d.seekerId);
      const tx = settlementByDeal.get(d.id);
      let settlement: AdminDealRow['settlement'] = null;
      if (d.status === 'completed') {
        const sums = { seekerShare: 0n, platformShare: 0n, promotionUsed: 0n };
        for (const e of tx?.entries ?? []) {
          const key = SHARE_KINDS[e.account.kind as keyof typeof SHARE_KINDS];
          if (key) sums[key] += e.amount;
        }
        settlement = { seekerShare: moneyView(sums.seekerShare), platformShare: moneyView(sums.platformShare), promotionUsed: moneyView(sums.promotionUsed) };
      }
      return {
        id: d.id,
        requestId: d.requestId,
        kategorie: d.request.kategorie,
        ort: d.request.ort,
        status: d.status,
        valueCents: d.valueCents,
        provider: {
          id: d.providerId,
          name: provider?.name ?? '',
          email: provider?.email ?? '',
          firmenname: d.offer.provider.providerProfile?.firmenname ?? null,
        },
        seeker: { id: d.seekerId, name: seeker?.name ?? '', email: seeker?.email ?? '' },
        providerConfirmedAt: d.providerConfirmedAt?.toISOString() ?? null,
        seekerConfirmedAt: d.seekerConfirmedAt?.toISOString() ?? null,
        completedAt: d.completedAt?.toISOString() ?? null,
        cancelledAt: d.cancelledAt?.toISOString() ?? null,
        cancelledBy: d.cancelledById ? (d.cancelledById === d.providerId ? 'provider' : 'seeker') : null,
        cancelReason: d.cancelReason,
        createdAt: d.createdAt.toISOString(),
        settlement,
        refunds: moneyView(refundsByRequest.get(d.requestId) ?? 0n),
      };
    }),
  };
}
