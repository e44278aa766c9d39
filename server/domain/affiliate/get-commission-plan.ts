// The plan in force (the newest row of CommissionPlan) or the default ten-level plan, and its history.
import type { Db, DbTx } from '../../db.ts';
import {
  DEFAULT_PLAN,
  levelShareOfRevenue,
  planValuesSchema,
  presetOf,
  checkPlan,
  LEVELS,
  type CommissionPlanValues,
} from '../../../core/affiliate/commission-plan.ts';
import type { CommissionPlanView, CommissionPlanHistoryEntry } from '../../../core/api/affiliate.ts';
export type { CommissionPlanView, CommissionPlanHistoryEntry } from '../../../core/api/affiliate.ts';

export function planView(plan: CommissionPlanValues, meta: { changedAt: Date | null; changedById: string | null }): CommissionPlanView {
  return {
    poolBp: plan.poolBp,
    levelsBp: [...plan.levelsBp],
    preset: presetOf(plan),
    levels: Array.from({ length: LEVELS }, (_, i) => ({ level: i + 1, bp: plan.levelsBp[i] ?? 0, shareOfRevenueBp: levelShareOfRevenue(plan, i + 1) })),
    changedAt: meta.changedAt?.toISOString() ?? null,
    changedById: meta.changedById,
  };
}

export async function getCommissionPlan(db: Db | DbTx): Promise<CommissionPlanView> {
  const row = await db.commissionPlan.findFirst({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  // A stored row that no longer passes the rules is ignored in favour of the default (as with settings).
  const parsed = row ? planValuesSchema.safeParse({ poolBp: row.poolBp, levelsBp: row.levelsBp }) : null;
  if (row && parsed?.success && !checkPlan(parsed.data)) return planView(parsed.data, { changedAt: row.createdAt, changedById: row.changedById });
  return planView(DEFAULT_PLAN, { changedAt: null, changedById: null });
}

/** Every stored plan, newest first, with who stored it: the plan's history. */
export async function listCommissionPlanHistory(db: Db, limit = 50): Promise<CommissionPlanHistoryEntry[]> {
  const rows = await db.commissionPlan.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  const ids = [...new Set(rows.map((r) => r.changedById).filter((id): id is string => !!id))];
  const admins = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } }) : [];
  const byId = new Map(admins.map((a) => [a.id, { name: a.name, email: a.email }]));
  return rows.flatMap((r) => {
    const parsed = planValuesSchema.safeParse({ poolBp: r.poolBp, levelsBp: r.levelsBp });
    if (!parsed.success) return [];
    return [
      {
        ...planView(parsed.data, { changedAt: r.createdAt, changedById: r.changedById }),
        id: r.id,
        changedBy: (r.changedById && byId.get(r.changedById)) || null,
      },
    ];
  });
}
