// Generated graph tests for the commission machine (tests/helpers/entity-graph-suite.ts): every shortest and
// simple path on a real actor and through the server's pure stepping, each state's rules, every transition.
import { describe, expect, it } from 'vitest';
import { commissionMachine, COMMISSION_STATUSES, dubStatus, NOT_YET_PAYABLE, type CommissionEvent } from '../../machines/commission.machine.ts';
import { entityGraphSuite } from '../helpers/entity-graph-suite.ts';

const events: CommissionEvent[] = [
  { type: 'WINDOW_PASSED' },
  { type: 'FLAGGED' },
  { type: 'RELEASED', reason: 'geprüft, echte Kundin' },
  { type: 'VOIDED', reason: 'Selbstwerbung' },
  { type: 'REVERSED', reason: 'Umsatz storniert' },
];

const expectations: Record<string, (c: (e: CommissionEvent) => boolean) => void> = {
  pending: (c) => {
    expect(c({ type: 'WINDOW_PASSED' })).toBe(true);
    expect(c({ type: 'FLAGGED' })).toBe(true);
    // Only a held one is released by an admin.
    expect(c({ type: 'RELEASED', reason: 'x' })).toBe(false);
  },
  held: (c) => {
    // A held commission never becomes payable by waiting: only an admin's release puts it back.
    expect(c({ type: 'WINDOW_PASSED' })).toBe(false);
    expect(c({ type: 'RELEASED', reason: 'x' })).toBe(true);
    expect(c({ type: 'VOIDED', reason: 'x' })).toBe(true);
  },
  available: (c) => {
    expect(c({ type: 'REVERSED', reason: 'x' })).toBe(true);
    // Once payable, it is no longer flagged or voided; only a reversal of the revenue takes it back.
    expect(c({ type: 'FLAGGED' })).toBe(false);
    expect(c({ type: 'VOIDED', reason: 'x' })).toBe(false);
  },
  reversed: (c) => expect(c({ type: 'WINDOW_PASSED' })).toBe(false),
  canceled: (c) => expect(c({ type: 'RELEASED', reason: 'x' })).toBe(false),
};

entityGraphSuite('commission', commissionMachine, events, expectations);

describe('commission statuses', () => {
  it('has a check for every state', () => expect(Object.keys(expectations).sort()).toEqual([...COMMISSION_STATUSES].sort()));
  it('names the states as Dub does and keeps pending and held out of the payable balance', () => {
    expect(COMMISSION_STATUSES.map(dubStatus)).toEqual(['pending', 'pending', 'processed', 'refunded', 'canceled']);
    expect([...NOT_YET_PAYABLE].sort()).toEqual(['held', 'pending']);
  });
});
