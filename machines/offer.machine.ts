// A provider's offer for an unlocked request. Pure; the server keeps the snapshot on the Offer row and
// derives its status column from the state (the state names are the status values).
import { setup } from 'xstate';

export type OfferEvent =
  | { type: 'OFFER_ACCEPTED' }
  | { type: 'OFFER_DECLINED' }
  | { type: 'OFFER_WITHDRAWN' }
  | { type: 'DEAL_CANCELLED' }
  | { type: 'REQUEST_ENDED' };

export const OFFER_STATUSES = ['versendet', 'angenommen', 'abgelehnt', 'zurueckgezogen', 'storniert', 'geschlossen'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const offerMachine = setup({
  types: { events: {} as OfferEvent },
}).createMachine({
  id: 'offer',
  initial: 'versendet',
  states: {
    versendet: {
      description: 'Sent to the seeker, who may accept or decline it; the provider may withdraw it.',
      on: {
        OFFER_ACCEPTED: 'angenommen',
        OFFER_DECLINED: 'abgelehnt',
        OFFER_WITHDRAWN: 'zurueckgezogen',
        REQUEST_ENDED: 'geschlossen',
      },
    },
    angenommen: {
      description: 'Accepted by the seeker: the deal waits for both confirmations.',
      on: { DEAL_CANCELLED: 'storniert' },
    },
    abgelehnt: { type: 'final', description: 'Declined by the seeker.' },
    zurueckgezogen: { type: 'final', description: 'Withdrawn by the provider.' },
    storniert: { type: 'final', description: 'Its deal was cancelled before both confirmed.' },
    geschlossen: { type: 'final', description: 'The request ended (closed, expired or another deal) before it was accepted.' },
  },
});

/** Whether an offer in this status takes the event (the machine's own rule, for checks before a card is shown). */
export function offerAllows(status: string, event: OfferEvent['type']): boolean {
  const state = (offerMachine.config.states as Record<string, { on?: Record<string, unknown> }> | undefined)?.[status];
  return Boolean(state?.on && Object.hasOwn(state.on, event));
}
