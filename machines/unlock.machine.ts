// Unlocking a request's details for the price of its category: the provider sees the price, the balance and
// how many of the allowed providers have unlocked it, confirms, and the server moves the Goints in one
// database transaction. The unlock carries the price the provider confirmed; when it changed meanwhile, the
// server refuses with a fresh quote and the provider is asked again at the new price. Pure: the door that
// runs the machine provides the two actions that start the work (loading the quote, performing the unlock)
// and sends their results back as events (the provider dashboard does it through HTTP, the chat through the
// domain commands).
import { assign, setup } from 'xstate';

export interface UnlockQuote {
  requestId: string;
  /** Goints. */
  price: number;
  /** The provider's Goints balance now (paid and promotional together). */
  balance: number;
  /** The promotional part of it (welcome bonus, test checkout, goodwill), spent first. */
  promoBalance?: number;
  /** Providers who unlocked the request so far, and how many may. */
  unlocked: number;
  max: number;
  alreadyUnlocked: boolean;
  /** The request still takes unlocks: open, not sold out, no accepted offer. */
  available: boolean;
  /** Why not, when not available. */
  reason: UnlockUnavailableReason | null;
}

export type UnlockUnavailableReason = 'soldOut' | 'inDeal' | 'closed';

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
  /** The price the provider had confirmed when the server answered that it changed (the quote holds the new one). */
  priceChangedFrom: number | null;
  result: UnlockResult | null;
  error: string | null;
}

export type UnlockEvent =
  | { type: 'QUOTE_LOADED'; quote: UnlockQuote }
  | { type: 'QUOTE_FAILED'; code: string }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'UNLOCK_SUCCEEDED'; result: UnlockResult }
  /** The price in force is no longer the one confirmed: nothing was booked; the fresh quote to confirm. */
  | { type: 'PRICE_CHANGED'; quote: UnlockQuote }
  | { type: 'UNLOCK_FAILED'; code: string };

/**
 * Why a loaded quote stops the unlock before the confirmation, as the server's error code, in the order the
 * guards below check it; null: the provider may confirm. The chat's check before its confirmation card uses
 * the same function (decision 052).
 */
export function quoteRefusal(
  quote: UnlockQuote,
): 'ALREADY_UNLOCKED' | 'REQUEST_SOLD_OUT' | 'REQUEST_DEAL_PENDING' | 'REQUEST_NOT_AVAILABLE' | 'INSUFFICIENT_GOINTS' | null {
  if (quote.alreadyUnlocked) return 'ALREADY_UNLOCKED';
  if (quote.unlocked >= quote.max) return 'REQUEST_SOLD_OUT';
  if (!quote.available) return quote.reason === 'inDeal' ? 'REQUEST_DEAL_PENDING' : 'REQUEST_NOT_AVAILABLE';
  if (quote.balance < quote.price) return 'INSUFFICIENT_GOINTS';
  return null;
}

const failure = (event: UnlockEvent): string => (event.type === 'UNLOCK_FAILED' || event.type === 'QUOTE_FAILED' ? event.code : 'UNLOCK_FAILED');

export const unlockMachine = setup({
  types: {
    context: {} as UnlockContext,
    events: {} as UnlockEvent,
    input: {} as { requestId: string },
  },
  actions: {
    // Provided by the door: start the work and send QUOTE_LOADED / QUOTE_FAILED, UNLOCK_SUCCEEDED / UNLOCK_FAILED.
    loadQuote: () => {},
    performUnlock: () => {},
    rememberQuote: assign({ quote: ({ event }) => (event.type === 'QUOTE_LOADED' ? event.quote : null), priceChangedFrom: null, error: null }),
    rememberNewPrice: assign({
      priceChangedFrom: ({ context }) => context.quote?.price ?? null,
      quote: ({ event, context }) => (event.type === 'PRICE_CHANGED' ? event.quote : context.quote),
      error: null,
    }),
    rememberResult: assign({ result: ({ event }) => (event.type === 'UNLOCK_SUCCEEDED' ? event.result : null), error: null }),
    rememberError: assign({ error: ({ event }) => failure(event) }),
  },
  guards: {
    isAlreadyUnlocked: ({ context }) => !!context.quote && quoteRefusal(context.quote) === 'ALREADY_UNLOCKED',
    isUnavailable: ({ context }) => !!context.quote && ['REQUEST_NOT_AVAILABLE', 'REQUEST_DEAL_PENDING'].includes(quoteRefusal(context.quote) ?? ''),
    isSoldOut: ({ context }) => !!context.quote && quoteRefusal(context.quote) === 'REQUEST_SOLD_OUT',
    cannotAfford: ({ context }) => !!context.quote && quoteRefusal(context.quote) === 'INSUFFICIENT_GOINTS',
    failedForGoints: ({ event }) => failure(event) === 'INSUFFICIENT_GOINTS',
    failedSoldOut: ({ event }) => failure(event) === 'REQUEST_SOLD_OUT',
    failedAlreadyUnlocked: ({ event }) => failure(event) === 'ALREADY_UNLOCKED',
    failedUnavailable: ({ event }) => failure(event) === 'REQUEST_NOT_AVAILABLE' || failure(event) === 'REQUEST_DEAL_PENDING',
  },
}).createMachine({
  id: 'unlock',
  context: ({ input }) => ({ requestId: input.requestId, quote: null, priceChangedFrom: null, result: null, error: null }),
  initial: 'loadingQuote',
  states: {
    loadingQuote: {
      description: 'Reads the price, the balance and how many providers unlocked the request.',
      entry: 'loadQuote',
      on: {
        QUOTE_LOADED: { target: 'checkingQuote', actions: 'rememberQuote' },
        QUOTE_FAILED: { target: 'quoteFailed', actions: 'rememberError' },
      },
    },
    checkingQuote: {
      description: 'Transient: what the quote allows.',
      always: [
        { guard: 'isAlreadyUnlocked', target: 'unlocked' },
        { guard: 'isSoldOut', target: 'soldOut' },
        { guard: 'isUnavailable', target: 'unavailable' },
        { guard: 'cannotAfford', target: 'insufficientGoints' },
        { target: 'awaitingConfirmation' },
      ],
    },
    quoteFailed: {
      description: 'The quote could not be loaded.',
      on: { RETRY: 'loadingQuote', CANCEL: 'cancelled' },
    },
    awaitingConfirmation: {
      description: "Price, balance and 'x of N unlocked' are shown (and that the price changed, when it did); only the provider's confirmation goes on.",
      on: { CONFIRM: 'unlocking', CANCEL: 'cancelled' },
    },
    unlocking: {
      description: 'One database transaction at the confirmed price: wallet to escrow, the unlock recorded.',
      entry: 'performUnlock',
      on: {
        UNLOCK_SUCCEEDED: { target: 'unlocked', actions: 'rememberResult' },
        PRICE_CHANGED: { target: 'checkingQuote', actions: 'rememberNewPrice' },
        UNLOCK_FAILED: [
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

export type UnlockState =
  | 'loadingQuote'
  | 'checkingQuote'
  | 'quoteFailed'
  | 'awaitingConfirmation'
  | 'unlocking'
  | 'failed'
  | 'insufficientGoints'
  | 'unlocked'
  | 'soldOut'
  | 'unavailable'
  | 'cancelled';

/** The fresh quote an UNLOCK_PRICE_CHANGED refusal carries (the server's AppError and the client's ApiError keep it under details). */
function freshQuoteOf(e: unknown): UnlockQuote | null {
  const quote = (e as { details?: { quote?: unknown } } | null)?.details?.quote as UnlockQuote | null | undefined;
  return quote && typeof quote === 'object' && typeof quote.price === 'number' ? quote : null;
}

/**
 * The machine with the door's two operations: each starts the work and sends its result back as an event
 * (an error with a code, like the server's AppError or the client's ApiError, becomes UNLOCK_FAILED with it;
 * UNLOCK_PRICE_CHANGED with its fresh quote becomes PRICE_CHANGED). The unlock gets the price the provider
 * confirmed.
 */
export function unlockMachineWith(ops: {
  quote(requestId: string): Promise<UnlockQuote>;
  unlock(requestId: string, confirmedPrice: number): Promise<UnlockResult>;
}) {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? String((e as UnlockFailure).code) : 'UNLOCK_FAILED');
  return unlockMachine.provide({
    actions: {
      loadQuote: ({ context, self }) => {
        ops.quote(context.requestId).then(
          (quote) => self.send({ type: 'QUOTE_LOADED', quote }),
          (e: unknown) => self.send({ type: 'QUOTE_FAILED', code: code(e) }),
        );
      },
      performUnlock: ({ context, self }) => {
        ops.unlock(context.requestId, context.quote?.price ?? 0).then(
          (result) => self.send({ type: 'UNLOCK_SUCCEEDED', result }),
          (e: unknown) => {
            const quote = code(e) === 'UNLOCK_PRICE_CHANGED' ? freshQuoteOf(e) : null;
            self.send(quote ? { type: 'PRICE_CHANGED', quote } : { type: 'UNLOCK_FAILED', code: code(e) });
          },
        );
      },
    },
  });
}
