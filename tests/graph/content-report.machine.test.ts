// Generated graph tests for the content report machine (notice and action): every path replayed on a real
// actor and through the server's pure stepping, each state's rules checked, every transition taken; and the
// two rules of the objection: only a removal or restriction can be objected to, and only another admin decides it.
import { describe, expect, it } from 'vitest';
import { contentReportMachine, REPORT_STATUSES, type ContentReportEvent } from '../../machines/content-report.machine.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { entityGraphSuite } from '../helpers/entity-graph-suite.ts';

const events: ContentReportEvent[] = [
  { type: 'DECIDED', decision: 'remove', adminId: 'admin-a' },
  { type: 'OBJECTED' },
  { type: 'UPHELD', adminId: 'admin-b' },
  { type: 'REVERSED', adminId: 'admin-b' },
];

const expectations: Record<string, (c: (e: ContentReportEvent) => boolean) => void> = {
  open: (c) => {
    expect(c({ type: 'DECIDED', decision: 'keep', adminId: 'x' })).toBe(true);
    // Nothing to object to before a decision.
    expect(c({ type: 'OBJECTED' })).toBe(false);
    expect(c({ type: 'UPHELD', adminId: 'x' })).toBe(false);
  },
  decided: (c) => {
    expect(c({ type: 'OBJECTED' })).toBe(true);
    // A decision is not taken twice.
    expect(c({ type: 'DECIDED', decision: 'keep', adminId: 'admin-b' })).toBe(false);
    expect(c({ type: 'REVERSED', adminId: 'admin-b' })).toBe(false);
  },
  objected: (c) => {
    expect(c({ type: 'UPHELD', adminId: 'admin-b' })).toBe(true);
    // The admin who decided does not decide the objection against their own decision.
    expect(c({ type: 'UPHELD', adminId: 'admin-a' })).toBe(false);
    expect(c({ type: 'REVERSED', adminId: 'admin-a' })).toBe(false);
    // Once: no second objection.
    expect(c({ type: 'OBJECTED' })).toBe(false);
  },
  upheld: (c) => expect(c({ type: 'OBJECTED' })).toBe(false),
  reversed: (c) => expect(c({ type: 'OBJECTED' })).toBe(false),
};

entityGraphSuite('contentReport', contentReportMachine, events, expectations);

describe('content report rules', () => {
  it('has a check for every state', () => expect(Object.keys(expectations).sort()).toEqual([...REPORT_STATUSES].sort()));

  it('a decision to keep the content cannot be objected to by its author (nothing was taken away)', () => {
    const decided = stepEntity(contentReportMachine, initialEntity(contentReportMachine).snapshot, {
      type: 'DECIDED',
      decision: 'keep',
      adminId: 'admin-a',
    });
    expect(decided.state).toBe('decided');
    expect(stepEntity(contentReportMachine, decided.snapshot, { type: 'OBJECTED' }).accepted).toBe(false);
  });

  it('the stored snapshot keeps who decided, so the rule holds after a restart', () => {
    let s = stepEntity(contentReportMachine, initialEntity(contentReportMachine).snapshot, { type: 'DECIDED', decision: 'restrict', adminId: 'admin-a' });
    s = stepEntity(contentReportMachine, JSON.parse(JSON.stringify(s.snapshot)), { type: 'OBJECTED' });
    expect(s.state).toBe('objected');
    const stored = JSON.parse(JSON.stringify(s.snapshot));
    expect(stepEntity(contentReportMachine, stored, { type: 'REVERSED', adminId: 'admin-a' }).accepted).toBe(false);
    expect(stepEntity(contentReportMachine, stored, { type: 'REVERSED', adminId: 'admin-c' }).state).toBe('reversed');
  });
});
