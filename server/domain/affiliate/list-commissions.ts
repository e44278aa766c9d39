// Commission lists: a partner's own (level, amount, state; nobody's identity), and the admins' review queue
// (held ones with the fraud rules that matched, the partner and the referred person by name and e-mail, so the
// admin can judge them).
import type { Db } from '../../db.ts';
import { cleanRef } from '../refs/resolve-ref.ts';
import { dubStatus, type CommissionStatus } from '../../../machines/commission.machine.ts';
import { moneyView, type MoneyView } from '../../../core/money/money-view.ts';
import type { AdminCommissionView } from '../../../core/contract/admin-commissions.ts';

export interface PartnerCommissionView {
  id: string;
  level: number;
  amount: MoneyView;
  status: CommissionStatus;
  dubStatus: ReturnType<typeof dubStatus>;
  createdAt: string;
  availableAt: string;
}

export async function listPartnerCommissions(prisma: Db, partnerId: string, limit = 100): Promise<PartnerCommissionView[]> {
  const rows = await prisma.commission.findMany({ where: { partnerId }, orderBy: [{ createdAt: 'desc' }, { level: 'asc' }], take: limit });
  return rows.map((c) => ({
    id: c.id,
    level: c.level,
    amount: moneyView(c.amount),
    status: c.status as CommissionStatus,
    dubStatus: dubStatus(c.status as CommissionStatus),
    createdAt: c.createdAt.toISOString(),
    availableAt: c.availableAt.toISOString(),
  }));
}

/** A commission as the admins' review queue shows it: the response of its endpoint (core/contract/admin-commissions.ts). */
export type { AdminCommissionView } from '../../../core/contract/admin-commissions.ts';

export async function listCommissionsForAdmin(prisma: Db, status: CommissionStatus, limit = 200): Promise<AdminCommissionView[]> {
  const rows = await prisma.commission.findMany({
    where: { status },
    // One order every time (a deal's commissions share their booking time): 'the first one' in the chat is the list's first.
    orderBy: [{ createdAt: 'desc' }, { level: 'asc' }, { id: 'asc' }],
    take: limit,
    include: { partner: { select: { email: true, name: true } } },
  });
  return adminViews(prisma, rows);
}

/** For admins: the commission a reference names ('#a1b2c3', the first characters of its id) when exactly one matches, whatever its status. */
export async function findCommissionForAdminByRef(prisma: Db, ref: string): Promise<AdminCommissionView | null> {
  const rows = await prisma.commission.findMany({
    where: { id: { startsWith: cleanRef(ref) } },
    take: 2,
    include: { partner: { select: { email: true, name: true } } },
  });
  return rows.length === 1 ? ((await adminViews(prisma, rows))[0] ?? null) : null;
}

type CommissionRow = Awaited<ReturnType<Db['commission']['findMany']>>[number] & { partner: { email: string; name: string } };

async function adminViews(prisma: Db, rows: CommissionRow[]): Promise<AdminCommissionView[]> {
  const referredIds = [...new Set(rows.map((c) => c.referredUserId))];
  const people = referredIds.length ? await prisma.user.findMany({ where: { id: { in: referredIds } }, select: { id: true, name: true, email: true } }) : [];
  const byId = new Map(people.map((p) => [p.id, { name: p.name, email: p.email }]));
  return rows.map((c) => ({
    id: c.id,
    level: c.level,
    amount: moneyView(c.amount),
    status: c.status as CommissionStatus,
    dubStatus: dubStatus(c.status as CommissionStatus),
    createdAt: c.createdAt.toISOString(),
    availableAt: c.availableAt.toISOString(),
    dealId: c.dealId,
    partnerId: c.partnerId,
    partnerEmail: c.partner.email,
    partnerName: c.partner.name,
    referredUserId: c.referredUserId,
    referred: byId.get(c.referredUserId) ?? null,
    flags: Array.isArray(c.flags) ? (c.flags as { code: string; detail?: string }[]) : [],
    decidedById: c.decidedById,
    decisionReason: c.decisionReason,
    owed: moneyView(c.owed),
  }));
}
