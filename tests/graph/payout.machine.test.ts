// Generated graph tests for the payout machine: every shortest and simple path is replayed on a real actor
// and through the server's pure stepping, each state's rules are checked, every transition is taken.
import { describe, expect, it } from 'vitest';
import { displayStatus, payoutMachine, PAYOUT_STATUSES, RETURNS_FUNDS, type PayoutEvent } from '../../machines/payout.machine.ts';
import { entityGraphSuite } from '../helpers/entity-graph-suite.ts';

const events: PayoutEvent[] = [
  { type: 'HELD' },
  { type: 'APPROVED' },
  { type: 'REJECTED', reason: 'Daten unvollständig' },
  { type: 'SENT' },
  { type: 'PAID' },
  { type: 'FAILED', reason: 'Konto erloschen' },
];

const expectations: Record<string, (c: (e: PayoutEvent) => boolean) => void> = {
  requested: (c) => {
    expect(c({ type: 'APPROVED' })).toBe(true);
    expect(c({ type: 'HELD' })).toBe(true);
    // Nothing is paid or sent before an admin approved it.
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'SENT' })).toBe(false);
  },
  held: (c) => {
    // Held for review: only an admin's release (APPROVED) or rejection moves it; nothing is sent or paid.
    expect(c({ type: 'APPROVED' })).toBe(true);
    expect(c({ type: 'REJECTED', reason: 'x' })).toBe(true);
    expect(c({ type: 'SENT' })).toBe(false);
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'HELD' })).toBe(false);
  },
  approved: (c) => {
    expect(c({ type: 'SENT' })).toBe(true);
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'APPROVED' })).toBe(false);
  },
  processing: (c) => {
    expect(c({ type: 'PAID' })).toBe(true);
    // Once sent, it can no longer be rejected, only fail.
    expect(c({ type: 'REJECTED', reason: 'x' })).toBe(false);
  },
  paid: (c) => expect(c({ type: 'FAILED', reason: 'x' })).toBe(false),
  failed: (c) => expect(c({ type: 'PAID' })).toBe(false),
  rejected: (c) => expect(c({ type: 'APPROVED' })).toBe(false),
};

entityGraphSuite('payout', payoutMachine, events, expectations);

describe('payout statuses', () => {
  it('has a check for every state', () => expect(Object.keys(expectations).sort()).toEqual([...PAYOUT_STATUSES].sort()));
  it('shows the specification statuses and returns funds only from failed and rejected', () => {
    expect(PAYOUT_STATUSES.map(displayStatus)).toEqual(['pending', 'pending', 'pending', 'pending', 'processed', 'failed', 'rejected']);
    expect([...RETURNS_FUNDS].sort()).toEqual(['failed', 'rejected']);
  });
});
