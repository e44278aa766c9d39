// What happened lately on the platform, for the admin overview and the chat ('Was ist neu?'): new requests,
// unlocks, deals, payouts and sign-ups merged into one feed, newest first, from the rows themselves.
import type { Db } from '../../db.ts';
import { toGoints } from '../../../core/money/money.ts';
import type { ActivityKind, ActivityItem } from '../../../core/api/admin.ts';
export { ACTIVITY_KINDS } from '../../../core/api/admin.ts';
export type { ActivityKind, ActivityItem } from '../../../core/api/admin.ts';

export async function getRecentActivity(prisma: Db, opts: { limit?: number; since?: Date } = {}): Promise<ActivityItem[]> {
  const limit = Math.min(Math.max(opts.limit ?? 15, 1), 100);
  const since = opts.since;
  const at = (field: string) => (since ? { [field]: { gte: since } } : {});
  const [requests, unlocks, deals, payouts, users] = await Promise.all([
    prisma.request.findMany({
      where: at('createdAt'),
      orderBy: { createdAt: 'desc' },
      take: limit,
      select: { id: true, createdAt: true, kategorie: true, ort: true, status: true },
    }),
    prisma.unlock.findMany({
      where: at('createdAt'),
      orderBy: { createdAt: 'desc' },
      take: limit,
      select: { id: true, createdAt: true, price: true, request: { select: { kategorie: true } }, provider: { select: { email: true } } },
    }),
    prisma.deal.findMany({
      where: at('createdAt'),
      orderBy: { createdAt: 'desc' },
      take: limit,
      select: { id: true, createdAt: true, valueCents: true, status: true },
    }),
    prisma.payout.findMany({
      where: at('requestedAt'),
      orderBy: { requestedAt: 'desc' },
      take: limit,
      select: { id: true, requestedAt: true, amountCents: true, status: true, user: { select: { email: true } } },
    }),
    prisma.user.findMany({
      where: at('createdAt'),
      orderBy: { createdAt: 'desc' },
      take: limit,
      select: { id: true, createdAt: true, email: true, role: true },
    }),
  ]);
  const items: ActivityItem[] = [
    ...requests.map((r) => ({
      kind: 'request' as const,
      id: r.id,
      at: r.createdAt.toISOString(),
      detail: { kategorie: r.kategorie, ort: r.ort, status: r.status },
    })),
    ...unlocks.map((u) => ({
      kind: 'unlock' as const,
      id: u.id,
      at: u.createdAt.toISOString(),
      detail: { kategorie: u.request.kategorie, goints: toGoints(u.price), email: u.provider.email },
    })),
    ...deals.map((d) => ({ kind: 'deal' as const, id: d.id, at: d.createdAt.toISOString(), detail: { valueCents: d.valueCents, status: d.status } })),
    ...payouts.map((p) => ({
      kind: 'payout' as const,
      id: p.id,
      at: p.requestedAt.toISOString(),
      detail: { amountCents: p.amountCents, status: p.status, email: p.user.email },
    })),
    ...users.map((u) => ({ kind: 'signup' as const, id: u.id, at: u.createdAt.toISOString(), detail: { email: u.email, role: u.role } })),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}

/** How many of each kind since a moment (the chat's 'what happened today'), counted in the database. */
export async function countActivitySince(prisma: Db, since: Date): Promise<Record<ActivityKind, number>> {
  const [request, unlock, deal, payout, signup] = await Promise.all([
    prisma.request.count({ where: { createdAt: { gte: since } } }),
    prisma.unlock.count({ where: { createdAt: { gte: since } } }),
    prisma.deal.count({ where: { createdAt: { gte: since } } }),
    prisma.payout.count({ where: { requestedAt: { gte: since } } }),
    prisma.user.count({ where: { createdAt: { gte: since } } }),
  ]);
  return { request, unlock, deal, payout, signup };
}
