// A payout of earnings: requested (the amount moves from earnings to payout clearing), or held for review
// when both sides of a deal it comes from look like one person → approved by an admin (for a held one:
// released) → processing (PayPal took the batch, or the SEPA file was sent) → paid. Rejected (before it was
// sent) and failed (PayPal or the bank refused) give the amount back. Pure; the server keeps the snapshot
// on the Payout row, derives the status from the state and books the ledger in the same transaction.
import { setup } from 'xstate';

export type PayoutEvent =
  | { type: 'HELD' }
  | { type: 'APPROVED' }
  | { type: 'REJECTED'; reason: string }
  | { type: 'SENT' }
  | { type: 'PAID' }
  | { type: 'FAILED'; reason: string };

export const PAYOUT_STATUSES = ['requested', 'held', 'approved', 'processing', 'paid', 'failed', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** How the specification shows a payout: pending 'In Bearbeitung', processed 'Ausgezahlt', rejected 'Abgelehnt'. */
export function displayStatus(status: string): 'pending' | 'processed' | 'rejected' | 'failed' {
  if (status === 'paid') return 'processed';
  if (status === 'rejected') return 'rejected';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/** States whose amount goes back to the person's earnings. */
export const RETURNS_FUNDS = new Set<PayoutStatus>(['failed', 'rejected']);

export const payoutMachine = setup({
  types: { events: {} as PayoutEvent },
}).createMachine({
  id: 'payout',
  initial: 'requested',
  states: {
    requested: {
      description: 'The person asked for it; the amount waits in payout clearing for an admin.',
      on: { HELD: 'held', APPROVED: 'approved', REJECTED: 'rejected' },
    },
    held: {
      description: 'Both sides of a deal it comes from share a payout account, an e-mail pattern or a sign-up network: an admin must release or reject it.',
      on: { APPROVED: 'approved', REJECTED: 'rejected' },
    },
    approved: {
      description: 'An admin approved it: PayPal is called, or it waits for the next SEPA file.',
      on: { SENT: 'processing', REJECTED: 'rejected', FAILED: 'failed' },
    },
    processing: {
      description: 'PayPal accepted the batch, or the SEPA file with it was sent to the bank.',
      on: { PAID: 'paid', FAILED: 'failed' },
    },
    paid: { type: 'final', description: "Paid out ('Ausgezahlt'); the payout method counts as verified." },
    failed: { type: 'final', description: 'PayPal or the bank refused it; the amount is back in the earnings.' },
    rejected: { type: 'final', description: 'An admin rejected it before it was sent; the amount is back in the earnings.' },
  },
});
