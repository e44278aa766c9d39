// A partner's commission on one deal of a referred user (docs/domain/affiliate.md). Booked 'pending' in the
// transaction that settles the deal; 'available' (payable) once the refund window has passed; 'held' when a
// fraud rule matched, until an admin releases it (back to pending) or voids it ('canceled'); 'reversed' when
// the platform revenue it came from is reversed. Pure; the server keeps the snapshot on the Commission row,
// derives the status from the state and books the ledger in the same transaction.
import { setup } from 'xstate';

export type CommissionEvent =
  | { type: 'WINDOW_PASSED' }
  | { type: 'FLAGGED' }
  | { type: 'RELEASED'; reason: string }
  | { type: 'VOIDED'; reason: string }
  | { type: 'REVERSED'; reason: string };

export const COMMISSION_STATUSES = ['pending', 'held', 'available', 'reversed', 'canceled'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/** States whose amount sits in the partner's pending account (not yet payable). */
export const NOT_YET_PAYABLE = new Set<CommissionStatus>(['pending', 'held']);

/** The Dub name of each state (pending, processed, refunded, canceled), for partners used to Dub. */
export function dubStatus(status: CommissionStatus): 'pending' | 'processed' | 'refunded' | 'canceled' {
  if (status === 'available') return 'processed';
  if (status === 'reversed') return 'refunded';
  if (status === 'canceled') return 'canceled';
  return 'pending';
}

export const commissionMachine = setup({
  types: { events: {} as CommissionEvent },
}).createMachine({
  id: 'commission',
  initial: 'pending',
  states: {
    pending: {
      description: 'Booked to the partner’s pending account; waits for the refund window to pass.',
      on: { WINDOW_PASSED: 'available', FLAGGED: 'held', VOIDED: 'canceled', REVERSED: 'reversed' },
    },
    held: {
      description: 'A fraud rule matched: stays unpaid, whatever the window, until an admin decides.',
      on: { RELEASED: 'pending', VOIDED: 'canceled', REVERSED: 'reversed' },
    },
    available: {
      description: 'The refund window has passed: the amount is in the partner’s earnings and can be paid out.',
      on: { REVERSED: 'reversed' },
    },
    reversed: { type: 'final', description: 'The platform revenue was reversed; the commission went back in full.' },
    canceled: { type: 'final', description: 'An admin voided it (with a reason); the amount went back to platform revenue.' },
  },
});
