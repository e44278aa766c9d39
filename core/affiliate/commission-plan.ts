// The commission plan and its maths, without the database. Fractions are basis points (1 % = 100 bp): the
// pool is the share of a deal's platform revenue paid as commission; the ten level fractions split the pool.
// Amounts are milli-Goints, each commission rounded down; what rounding leaves stays with the platform.
import { z } from 'zod';

export const LEVELS = 10;
export const BP = 10_000;
/** The pool may not exceed half of the platform revenue (so both sides of a deal together stay within it). */
export const MAX_POOL_BP = 5_000;

export interface CommissionPlanValues {
  poolBp: number;
  /** Level 1-10, each the share of the pool. */
  levelsBp: number[];
}

export const PRESETS = {
  /** The specification's ten levels: 40, 20, 15, 10, 5, 3, 3, 2, 1, 1 % of a 20 % pool. */
  ten_levels: { poolBp: 2_000, levelsBp: [4_000, 2_000, 1_500, 1_000, 500, 300, 300, 200, 100, 100] },
  /** The two-level reading: 15 % and 5 % of the platform share = 75 % and 25 % of a 20 % pool. */
  two_levels: { poolBp: 2_000, levelsBp: [7_500, 2_500, 0, 0, 0, 0, 0, 0, 0, 0] },
} as const satisfies Record<string, CommissionPlanValues>;

export type PresetName = keyof typeof PRESETS;
export const DEFAULT_PLAN: CommissionPlanValues & { preset: PresetName } = {
  ...PRESETS.ten_levels,
  levelsBp: [...PRESETS.ten_levels.levelsBp],
  preset: 'ten_levels',
};

const bp = z.number().int().min(0).max(BP);
export const planValuesSchema = z.object({ poolBp: bp, levelsBp: z.array(bp).length(LEVELS) });

/** What an admin sends: a preset, or the pool and ten level fractions. */
export const planInputSchema = z.union([z.object({ preset: z.enum(['ten_levels', 'two_levels']) }).strict(), planValuesSchema.strict()]);
export type PlanInput = z.infer<typeof planInputSchema>;

export type PlanProblem = { code: 'COMMISSION_POOL_TOO_HIGH'; params: { max: string } } | { code: 'COMMISSION_LEVELS_TOO_HIGH'; params: { sum: string } };

export const formatPercent = (bpValue: number) => `${(bpValue / 100).toLocaleString('de-DE', { maximumFractionDigits: 2 })} %`;

/** The rule the schema cannot say: pool at most 50 %, levels together at most 100 % of the pool. */
export function checkPlan(plan: CommissionPlanValues): PlanProblem | null {
  if (plan.poolBp > MAX_POOL_BP) return { code: 'COMMISSION_POOL_TOO_HIGH', params: { max: formatPercent(MAX_POOL_BP) } };
  const sum = plan.levelsBp.reduce((a, b) => a + b, 0);
  if (sum > BP) return { code: 'COMMISSION_LEVELS_TOO_HIGH', params: { sum: formatPercent(sum) } };
  return null;
}

/** One partner's commission: basis × pool × level fraction, rounded down to whole milli-Goints. */
export function commissionAmount(basis: bigint, plan: CommissionPlanValues, level: number): bigint {
  const levelBp = plan.levelsBp[level - 1] ?? 0;
  if (basis <= 0n || levelBp <= 0 || plan.poolBp <= 0) return 0n;
  return (basis * BigInt(plan.poolBp) * BigInt(levelBp)) / BigInt(BP * BP);
}

/** The share of platform revenue a level gets (pool × level fraction), in basis points of basis points. */
export function levelShareOfRevenue(plan: CommissionPlanValues, level: number): number {
  return ((plan.levelsBp[level - 1] ?? 0) * plan.poolBp) / BP;
}

export function presetOf(plan: CommissionPlanValues): PresetName | 'custom' {
  for (const [name, p] of Object.entries(PRESETS))
    if (p.poolBp === plan.poolBp && p.levelsBp.every((v, i) => v === plan.levelsBp[i])) return name as PresetName;
  return 'custom';
}

/** One change to the plan in force, as the chat proposes it: a level's share of the pool, or the pool itself. */
export type PlanEdit = { target: 'pool'; bp: number } | { target: 'level'; level: number; bp: number };

export function applyPlanEdit(plan: CommissionPlanValues, edit: PlanEdit): CommissionPlanValues {
  if (edit.target === 'pool') return { poolBp: edit.bp, levelsBp: [...plan.levelsBp] };
  return { poolBp: plan.poolBp, levelsBp: plan.levelsBp.map((v, i) => (i === edit.level - 1 ? edit.bp : v)) };
}
