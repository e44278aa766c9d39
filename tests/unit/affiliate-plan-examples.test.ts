// The pitch pages' worked examples come from the live plan with the server's own rounding.
import { describe, expect, it } from 'vitest';
import { levelExamples, platformRevenueGoints } from '../../src/pages/affiliate/plan-examples.ts';
import { planView } from '../../server/domain/affiliate/get-commission-plan.ts';
import { DEFAULT_PLAN, PRESETS } from '../../core/affiliate/commission-plan.ts';

const meta = { changedAt: null, changedById: null };

describe('levelExamples', () => {
  it('computes each level from the plan: half the unlock fees are platform revenue, pool × level of that', () => {
    const rows = levelExamples(planView(DEFAULT_PLAN, meta), 50, 5);
    expect(platformRevenueGoints(50, 1)).toBe(25);
    // Level 1: 20 % pool × 40 % = 8 % of 25 Goints = 2 Goints; of 125 Goints = 10 Goints.
    expect(rows[0]).toEqual({ level: 1, shareOfRevenueBp: 800, one: 2, max: 10 });
    // Level 10: 0.2 % of 25 Goints = 0.05 Goints.
    expect(rows[9]).toMatchObject({ level: 10, one: 0.05, max: 0.25 });
  });

  it('follows a changed plan (two levels) instead of typed-in figures', () => {
    const rows = levelExamples(planView({ poolBp: PRESETS.two_levels.poolBp, levelsBp: [...PRESETS.two_levels.levelsBp] }, meta), 50, 5);
    expect(rows.filter((r) => r.one > 0).map((r) => r.level)).toEqual([1, 2]);
    expect(rows[0]!.one).toBe(3.75);
    expect(rows[1]!.one).toBe(1.25);
  });
});
