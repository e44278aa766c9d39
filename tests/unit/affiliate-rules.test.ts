// The affiliate programme's pure rules: the referral code's format, the plan's limits and maths, the e-mail
// pattern of the fraud rules.
import { describe, expect, it } from 'vitest';
import { generateReferralCode, normalizeReferralCode, referralLink } from '../../server/domain/affiliate/referral-code.ts';
import { checkPlan, commissionAmount, DEFAULT_PLAN, PRESETS, presetOf, planInputSchema } from '../../core/affiliate/commission-plan.ts';
import { emailPatternMatch } from '../../server/domain/affiliate/fraud-rules.ts';
import { goints } from '../../core/money/money.ts';

describe('referral code', () => {
  it("is 'AKUT-' and six uppercase letters, read case-insensitively", () => {
    for (let i = 0; i < 50; i++) expect(generateReferralCode()).toMatch(/^AKUT-[A-Z]{6}$/);
    expect(normalizeReferralCode(' akut-abcdef ')).toBe('AKUT-ABCDEF');
    expect([normalizeReferralCode('AKUT-ABCDE'), normalizeReferralCode('AKUT-ABCDE1'), normalizeReferralCode('XYZ-ABCDEF'), normalizeReferralCode(42)]).toEqual(
      [null, null, null, null],
    );
    expect(referralLink('https://akut.example/', 'AKUT-ABCDEF')).toBe('https://akut.example/?ref=AKUT-ABCDEF');
  });
});

describe('commission plan', () => {
  it('defaults to the ten levels of a 20 % pool; the two-level preset is 15 % and 5 % of the platform share', () => {
    expect(DEFAULT_PLAN.poolBp).toBe(2000);
    expect(DEFAULT_PLAN.levelsBp).toEqual([4000, 2000, 1500, 1000, 500, 300, 300, 200, 100, 100]);
    const revenue = goints(100);
    expect(commissionAmount(revenue, PRESETS.two_levels, 1)).toBe(goints(15));
    expect(commissionAmount(revenue, PRESETS.two_levels, 2)).toBe(goints(5));
    expect(commissionAmount(revenue, PRESETS.two_levels, 3)).toBe(0n);
    expect(presetOf({ poolBp: 2000, levelsBp: [7500, 2500, 0, 0, 0, 0, 0, 0, 0, 0] })).toBe('two_levels');
    expect(presetOf({ poolBp: 2100, levelsBp: [7500, 2500, 0, 0, 0, 0, 0, 0, 0, 0] })).toBe('custom');
  });

  it('rounds each commission down to whole milli-Goints', () => {
    // 25 Goints of platform revenue, level 10 (1 % of 20 %): 50 milli-Goints; 1 milli-Goint basis: nothing.
    expect(commissionAmount(goints(25), DEFAULT_PLAN, 10)).toBe(50n);
    expect(commissionAmount(12_345n, DEFAULT_PLAN, 1)).toBe(987n);
    expect(commissionAmount(1n, DEFAULT_PLAN, 1)).toBe(0n);
    expect(commissionAmount(goints(25), DEFAULT_PLAN, 11)).toBe(0n);
  });

  it('refuses a pool above 50 % and levels above 100 % of the pool', () => {
    expect(checkPlan({ poolBp: 5000, levelsBp: [10000, 0, 0, 0, 0, 0, 0, 0, 0, 0] })).toBeNull();
    expect(checkPlan({ poolBp: 5001, levelsBp: DEFAULT_PLAN.levelsBp })).toMatchObject({ code: 'COMMISSION_POOL_TOO_HIGH' });
    expect(checkPlan({ poolBp: 2000, levelsBp: [5000, 5000, 1, 0, 0, 0, 0, 0, 0, 0] })).toMatchObject({ code: 'COMMISSION_LEVELS_TOO_HIGH' });
    expect(planInputSchema.safeParse({ poolBp: 2000, levelsBp: [1, 2, 3] }).success).toBe(false);
    expect(planInputSchema.safeParse({ preset: 'two_levels' }).success).toBe(true);
  });
});

describe('e-mail pattern of the fraud rules', () => {
  it('finds one mailbox behind tags and Gmail dots, and a shared own domain, but not a public mail service', () => {
    expect(emailPatternMatch('max.mustermann+1@gmail.com', 'maxmustermann@googlemail.com')).toBe('same mailbox');
    expect(emailPatternMatch('anna@firma-schmidt.de', 'bernd@firma-schmidt.de')).toBe('@firma-schmidt.de');
    expect(emailPatternMatch('anna@web.de', 'bernd@web.de')).toBeNull();
    expect(emailPatternMatch('anna@firma-a.de', 'anna@firma-b.de')).toBeNull();
  });
});
