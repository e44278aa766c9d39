import { describe, expect, it } from 'vitest';
import { EVAL_FIELDS, formatReport, loadEvalSet, runIntakeEval } from '../../../scripts/eval-intake.ts';

describe('intake evaluation set (npm run eval:intake)', () => {
  const set = loadEvalSet();

  it('has at least 80 labelled messages, about half German and half English', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(80);
    const german = set.cases.filter((c) => c.lang === 'de').length;
    expect(german / set.cases.length).toBeGreaterThan(0.4);
    expect(german / set.cases.length).toBeLessThan(0.6);
    expect(new Set(set.cases.map((c) => c.id)).size).toBe(set.cases.length);
  });

  it('reaches at least 90% on every field', () => {
    const report = runIntakeEval(set);
    for (const field of EVAL_FIELDS) {
      expect(report.accuracy[field], `${field}\n${formatReport(report)}`).toBeGreaterThanOrEqual(0.9);
    }
  });
});
