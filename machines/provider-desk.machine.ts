// A provider's chat: the matches, unlocking (with the person's confirmation), writing an offer, the
// balance, deals to confirm. Writing an offer is a state of its own, so that in it only the offer's tools
// are offered. Pure.
import { assign, setup } from 'xstate';

export interface ProviderDeskContext {
  /** The request the offer being written is for. */
  offerRequestId: string | null;
}

export type ProviderDeskEvent = { type: 'OFFER_STARTED'; requestId: string } | { type: 'OFFER_SENT' } | { type: 'OFFER_CANCELLED' };

export const providerDeskMachine = setup({
  types: { context: {} as ProviderDeskContext, events: {} as ProviderDeskEvent },
  guards: {
    hasRequest: ({ event }) => event.type === 'OFFER_STARTED' && event.requestId.length > 0,
  },
}).createMachine({
  id: 'providerDesk',
  initial: 'ready',
  context: { offerRequestId: null },
  states: {
    ready: {
      description: 'Matches, unlocks, balance and deals; an offer may be started for an unlocked request.',
      on: { OFFER_STARTED: { guard: 'hasRequest', target: 'writingOffer', actions: assign({ offerRequestId: ({ event }) => event.requestId }) } },
    },
    writingOffer: {
      description: "The offer form for one request is shown; sending or cancelling it returns to 'ready'.",
      on: {
        OFFER_SENT: { target: 'ready', actions: assign({ offerRequestId: null }) },
        OFFER_CANCELLED: { target: 'ready', actions: assign({ offerRequestId: null }) },
        OFFER_STARTED: { guard: 'hasRequest', target: 'writingOffer', reenter: true, actions: assign({ offerRequestId: ({ event }) => event.requestId }) },
      },
    },
  },
});
