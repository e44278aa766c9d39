// An admin changes the commission plan: a preset, or the pool and ten level fractions. Checked (pool at most
// 50 %, levels together at most 100 %), then stored as a new row, so the table is the plan's history (who,
// when, before and after). Applies to deals settled afterwards; booked commissions keep their figures.
import { AppError } from '../../errors.ts';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import { checkPlan, PRESETS, type PlanInput, type CommissionPlanValues } from './commission-plan.ts';
import { getCommissionPlan, type CommissionPlanView } from './get-commission-plan.ts';

export async function updateCommissionPlan(prisma: Db, adminId: string, input: PlanInput, logger?: Logger): Promise<CommissionPlanView> {
  const plan: CommissionPlanValues = 'preset' in input ? { poolBp: PRESETS[input.preset].poolBp, levelsBp: [...PRESETS[input.preset].levelsBp] } : input;
  const problem = checkPlan(plan);
  if (problem) throw new AppError(problem.code, { params: problem.params });
  const before = await getCommissionPlan(prisma);
  await prisma.commissionPlan.create({ data: { poolBp: plan.poolBp, levelsBp: plan.levelsBp, preset: 'preset' in input ? input.preset : 'custom', changedById: adminId } });
  const after = await getCommissionPlan(prisma);
  logger?.info({ adminId, before: { poolBp: before.poolBp, levelsBp: before.levelsBp }, after: { poolBp: after.poolBp, levelsBp: after.levelsBp } }, 'commission plan changed');
  return after;
}
