// 'Anfragen verwalten': every request, newest first, filtered by status, category and whether the pre-filter
// flagged it, one page at a time with the total. The admin tab and the admin chat tool read it alike.
import type { z } from 'zod';
import type { adminRequestsQuerySchema } from '../../../core/contract/admin-requests.ts';
import type { Db } from '../../db.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { AdminRequestsPage } from '../../../core/api/admin.ts';
export { REQUEST_STATUSES } from '../../../core/api/admin.ts';
export type { AdminRequestRow, AdminRequestsPage } from '../../../core/api/admin.ts';

export type AdminRequestsQuery = z.output<typeof adminRequestsQuerySchema>;

// Flagged: the pre-filter stored at least one reason (a JSON array that is neither null nor empty).
const FLAGGED: Prisma.RequestWhereInput = { NOT: [{ flags: { equals: Prisma.DbNull } }, { flags: { equals: Prisma.JsonNull } }, { flags: { equals: [] } }] };
const CLEAN: Prisma.RequestWhereInput = { OR: [{ flags: { equals: Prisma.DbNull } }, { flags: { equals: Prisma.JsonNull } }, { flags: { equals: [] } }] };

export async function listAdminRequests(db: Db, q: AdminRequestsQuery): Promise<AdminRequestsPage> {
  const where: Prisma.RequestWhereInput = {
    ...(q.status ? { status: q.status } : {}),
    ...(q.kategorie ? { kategorie: q.kategorie } : {}),
    ...(q.flagged === undefined ? {} : q.flagged ? FLAGGED : CLEAN),
  };
  const [total, rows] = await Promise.all([
    db.request.count({ where }),
    db.request.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
      include: { _count: { select: { offers: true } }, user: { select: { id: true, name: true, email: true, locale: true } } },
    }),
  ]);
  return {
    total,
    page: q.page,
    pageSize: q.pageSize,
    requests: rows.map((r) => ({
      id: r.id,
      kategorie: r.kategorie,
      dringlichkeit: r.dringlichkeit,
      status: r.status,
      beschreibung: r.beschreibung,
      ort: r.ort,
      postcode: r.postcode,
      budgetMin: r.budgetMin,
      budgetMax: r.budgetMax,
      qualityScore: r.qualityScore,
      flags: (r.flags as { code: string; detail?: string }[] | null) ?? [],
      unlocks: r.unlockCount,
      maxUnlocks: r.maxUnlocks,
      offers: r._count.offers,
      seeker: r.user,
      firstName: r.firstName,
      adminReason: r.adminReason,
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      dealPending: r.acceptedOfferId !== null,
    })),
  };
}
