// An admin changes the commission plan: a preset, or the pool and ten level fractions. Checked (pool at most
// 50 %, levels together at most 100 %), then stored as a new row, so the table is the plan's history (who,
// when, before and after). Applies to deals settled afterwards; booked commissions keep their figures. The
// new row and its audit entry are written in one transaction; the dashboard and the chat (after the admin's
// confirmation) both come here.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import { inTransaction } from '../../db/tx.ts';
import { lockConfig } from '../../db/config-lock.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { checkPlan, PRESETS, type PlanInput, type CommissionPlanValues } from '../../../core/affiliate/commission-plan.ts';
import { getCommissionPlan, type CommissionPlanView } from './get-commission-plan.ts';

export interface UpdatePlanOptions {
  /** The plan the person saw (its changedAt, or null for the default): a newer plan in force refuses the change. */
  basedOn?: string | null;
  logger?: Logger;
  via?: AuditVia;
}

/** The values an input stands for (a preset's, or the ones given). */
export function planValuesOf(input: PlanInput): CommissionPlanValues {
  return 'preset' in input
    ? { poolBp: PRESETS[input.preset].poolBp, levelsBp: [...PRESETS[input.preset].levelsBp] }
    : { poolBp: input.poolBp, levelsBp: [...input.levelsBp] };
}

export async function updateCommissionPlan(prisma: Db, adminId: string, input: PlanInput, opts: UpdatePlanOptions = {}): Promise<CommissionPlanView> {
  const plan = planValuesOf(input);
  const problem = checkPlan(plan);
  if (problem) throw new AppError(problem.code, { params: problem.params });
  const { before, after } = await inTransaction(prisma, async (tx) => {
    await lockConfig(tx, 'commissionPlan');
    const before = await getCommissionPlan(tx);
    if (opts.basedOn !== undefined && before.changedAt !== opts.basedOn) throw new AppError('COMMISSION_PLAN_CHANGED');
    const row = await tx.commissionPlan.create({
      data: { poolBp: plan.poolBp, levelsBp: plan.levelsBp, preset: 'preset' in input ? input.preset : 'custom', changedById: adminId },
    });
    const after = await getCommissionPlan(tx);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'commissionPlan.update',
      entityType: 'CommissionPlan',
      entityId: row.id,
      before: { poolBp: before.poolBp, levelsBp: before.levelsBp, preset: before.preset },
      after: { poolBp: after.poolBp, levelsBp: after.levelsBp, preset: after.preset },
      via: opts.via ?? 'dashboard',
    });
    return { before, after };
  });
  opts.logger?.info(
    { adminId, before: { poolBp: before.poolBp, levelsBp: before.levelsBp }, after: { poolBp: after.poolBp, levelsBp: after.levelsBp } },
    'commission plan changed',
  );
  return after;
}
