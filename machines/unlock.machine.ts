// Unlocking a request's details for 50 Goints: the provider sees the price, the balance and how many of
// the allowed providers have unlocked it, confirms, and the server moves the Goints in one database
// transaction. Pure: the two actors (loading the quote, performing the unlock) are provided by the door
// that runs the machine (the provider dashboard through HTTP, the chat through the domain commands).
import { assign, fromPromise, setup } from 'xstate';

export interface UnlockQuote {
  requestId: string;
  /** Goints. */
  price: number;
  /** The provider's Goints balance now. */
  balance: number;
  /** Providers who unlocked the request so far, and how many may. */
  unlocked: number;
  max: number;
  alreadyUnlocked: boolean;
  /** The request still takes unlocks (open). */
  available: boolean;
}

export interface UnlockResult {
  requestId: string;
  /** Goints after the unlock. */
  balance: number;
  repeated: boolean;
}

/** Why an unlock did not happen, as the server's error code. */
export interface UnlockFailure {
  code: string;
}

export interface UnlockContext {
  requestId: string;
  quote: UnlockQuote | null;
  result: UnlockResult | null;
  error: string | null;
}

export type UnlockEvent = { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

const errorCode = (error: unknown): string => (error && typeof error === 'object' && 'code' in error ? String((error as UnlockFailure).code) : 'UNLOCK_FAILED');

export const unlockMachine = setup({
  types: {
    context: {} as UnlockContext,
    events: {} as UnlockEvent,
    input: {} as { requestId: string },
  },
  actors: {
    // Provided by the door; these defaults never settle, so the pure machine does no I/O.
    loadQuote: fromPromise<UnlockQuote, { requestId: string }>(() => new Promise(() => {})),
    performUnlock: fromPromise<UnlockResult, { requestId: string }>(() => new Promise(() => {})),
  },
  guards: {
    isAlreadyUnlocked: ({ context }) => context.quote?.alreadyUnlocked === true,
    isUnavailable: ({ context }) => context.quote?.available === false,
    isSoldOut: ({ context }) => !!context.quote && context.quote.unlocked >= context.quote.max,
    cannotAfford: ({ context }) => !!context.quote && context.quote.balance < context.quote.price,
    failedForGoints: ({ event }) => errorCode((event as { error?: unknown }).error) === 'INSUFFICIENT_GOINTS',
    failedSoldOut: ({ event }) => errorCode((event as { error?: unknown }).error) === 'REQUEST_SOLD_OUT',
    failedAlreadyUnlocked: ({ event }) => errorCode((event as { error?: unknown }).error) === 'ALREADY_UNLOCKED',
    failedUnavailable: ({ event }) => errorCode((event as { error?: unknown }).error) === 'REQUEST_NOT_AVAILABLE',
  },
  actions: {
    rememberError: assign({ error: ({ event }) => errorCode((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'unlock',
  context: ({ input }) => ({ requestId: input.requestId, quote: null, result: null, error: null }),
  initial: 'loadingQuote',
  states: {
    loadingQuote: {
      description: 'Reads the price, the balance and how many providers unlocked the request.',
      invoke: {
        id: 'loadQuote',
        src: 'loadQuote',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'checkingQuote', actions: assign({ quote: ({ event }) => event.output, error: null }) },
        onError: { target: 'quoteFailed', actions: 'rememberError' },
      },
    },
    checkingQuote: {
      description: 'Transient: what the quote allows.',
      always: [
        { guard: 'isAlreadyUnlocked', target: 'unlocked' },
        { guard: 'isUnavailable', target: 'unavailable' },
        { guard: 'isSoldOut', target: 'soldOut' },
        { guard: 'cannotAfford', target: 'insufficientGoints' },
        { target: 'awaitingConfirmation' },
      ],
    },
    quoteFailed: {
      description: 'The quote could not be loaded.',
      on: { RETRY: 'loadingQuote', CANCEL: 'cancelled' },
    },
    awaitingConfirmation: {
      description: "Price, balance and 'x of N unlocked' are shown; only the provider's confirmation goes on.",
      on: { CONFIRM: 'unlocking', CANCEL: 'cancelled' },
    },
    unlocking: {
      description: 'One database transaction: wallet to escrow, the unlock recorded.',
      invoke: {
        id: 'performUnlock',
        src: 'performUnlock',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'unlocked', actions: assign({ result: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: 'failedForGoints', target: 'insufficientGoints', actions: 'rememberError' },
          { guard: 'failedSoldOut', target: 'soldOut', actions: 'rememberError' },
          { guard: 'failedAlreadyUnlocked', target: 'unlocked', actions: 'rememberError' },
          { guard: 'failedUnavailable', target: 'unavailable', actions: 'rememberError' },
          { target: 'failed', actions: 'rememberError' },
        ],
      },
    },
    failed: {
      description: "'Details konnten nicht freigeschaltet werden.' The provider may try again.",
      on: { RETRY: 'unlocking', CANCEL: 'cancelled' },
    },
    insufficientGoints: {
      description: "'Nicht genügend Goints': after buying Goints the provider may look again.",
      on: { RETRY: 'loadingQuote', CANCEL: 'cancelled' },
    },
    unlocked: { type: 'final', description: 'Details and contact data are visible; an offer may follow.' },
    soldOut: { type: 'final', description: 'The allowed number of providers has unlocked the request.' },
    unavailable: { type: 'final', description: 'The request is no longer open.' },
    cancelled: { type: 'final' },
  },
});

export type UnlockState = 'loadingQuote' | 'checkingQuote' | 'quoteFailed' | 'awaitingConfirmation' | 'unlocking' | 'failed' | 'insufficientGoints' | 'unlocked' | 'soldOut' | 'unavailable' | 'cancelled';
