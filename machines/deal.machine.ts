// The double confirmation after a seeker accepted an offer: both sides confirm, in any order; then the
// request's escrow is split 50 % seeker, 50 % platform. Either side may cancel before completion. Pure; the
// server keeps the snapshot on the Deal row, derives the status from the state and settles the escrow in
// the same database transaction that stores 'completed'.
import { setup } from 'xstate';

export type DealParty = 'provider' | 'seeker';

export type DealEvent = { type: 'PROVIDER_CONFIRMED' } | { type: 'SEEKER_CONFIRMED' } | { type: 'DEAL_CANCELLED'; by: DealParty };

export const DEAL_STATUSES = ['awaiting_both', 'awaiting_provider', 'awaiting_seeker', 'completed', 'cancelled'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export const dealMachine = setup({
  types: { events: {} as DealEvent },
}).createMachine({
  id: 'deal',
  initial: 'awaitingBoth',
  states: {
    awaitingBoth: {
      description: 'Accepted; neither side has confirmed yet.',
      on: { PROVIDER_CONFIRMED: 'awaitingSeeker', SEEKER_CONFIRMED: 'awaitingProvider', DEAL_CANCELLED: 'cancelled' },
    },
    awaitingProvider: {
      description: "The seeker confirmed: 'Warte auf Bestätigung des Anbieters'.",
      on: { PROVIDER_CONFIRMED: 'completed', DEAL_CANCELLED: 'cancelled' },
    },
    awaitingSeeker: {
      description: "The provider confirmed: 'Warte auf Bestätigung des Suchenden'.",
      on: { SEEKER_CONFIRMED: 'completed', DEAL_CANCELLED: 'cancelled' },
    },
    completed: { type: 'final', description: 'Both confirmed: the escrow is split and the seeker may rate the deal.' },
    cancelled: { type: 'final', description: 'Cancelled before both confirmed: the request is open again for other offers.' },
  },
});

const STATUS_OF: Record<string, DealStatus> = {
  awaitingBoth: 'awaiting_both',
  awaitingProvider: 'awaiting_provider',
  awaitingSeeker: 'awaiting_seeker',
  completed: 'completed',
  cancelled: 'cancelled',
};

/** The status column of a deal in this machine state. */
export function dealStatusOf(state: string): DealStatus {
  const s = STATUS_OF[state];
  if (!s) throw new Error(`unknown deal state ${state}`);
  return s;
}

/** Whether a deal in this status takes the event (the machine's own rule, for checks before a card is shown). */
export function dealAllows(status: string, event: DealEvent['type']): boolean {
  const state = Object.entries(STATUS_OF).find(([, s]) => s === status)?.[0];
  const node = state ? (dealMachine.config.states as Record<string, { on?: Record<string, unknown> }> | undefined)?.[state] : undefined;
  return Boolean(node?.on && Object.hasOwn(node.on, event));
}
