// Worked examples for the pitch pages, computed from the live plan and the live unlock price with the same
// integer rule as the server (core/affiliate/commission-plan.ts): platform revenue = half of the
// unlock fees of a request; a level's commission = revenue × pool × level fraction, rounded down to milli-Goints.
import { commissionAmount, type CommissionPlanValues } from '../../../core/affiliate/commission-plan.ts';

const MILLI = 1000n;

export interface LevelExample {
  level: number;
  shareOfRevenueBp: number;
  /** Goints (three decimals) when the request was unlocked once, and when it was unlocked by the maximum. */
  one: number;
  max: number;
}

export function platformRevenueGoints(unlockPriceGoints: number, unlocks: number): number {
  return (unlockPriceGoints * unlocks) / 2;
}

export function levelExamples(
  plan: CommissionPlanValues & { levels: { level: number; shareOfRevenueBp: number }[] },
  unlockPriceGoints: number,
  maxUnlocks: number,
): LevelExample[] {
  const revenue = (unlocks: number) => (BigInt(unlockPriceGoints) * BigInt(unlocks) * MILLI) / 2n;
  const goints = (milli: bigint) => Number(milli) / 1000;
  return plan.levels.map((l) => ({
    level: l.level,
    shareOfRevenueBp: l.shareOfRevenueBp,
    one: goints(commissionAmount(revenue(1), plan, l.level)),
    max: goints(commissionAmount(revenue(maxUnlocks), plan, l.level)),
  }));
}
