// Rules both doors (chat and HTTP) and the machines need, each once as a pure function (decision 052): the
// chat's checks before a confirmation card and the domain commands refuse with the same codes for the same facts.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { unlockMachine, type UnlockQuote } from '../../machines/unlock.machine.ts';
import { quoteRefusal } from '../../server/domain/unlocks/unlock-rules.ts';
import { offerAcceptRefusal, offerRefusal } from '../../server/domain/offers/offer-rules.ts';
import { dealConfirmRefusal } from '../../server/domain/deals/deal-rules.ts';
import { checkPayoutAmount } from '../../server/domain/payouts/payout-rules.ts';
import { isAppError } from '../../core/errors.ts';
import { formatEuro } from '../../core/money/format-money.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { dealMachine } from '../../machines/deal.machine.ts';

const quote = (q: Partial<UnlockQuote>): UnlockQuote => ({
  requestId: 'r1',
  price: 50,
  balance: 120,
  unlocked: 1,
  max: 5,
  alreadyUnlocked: false,
  available: true,
  reason: null,
  ...q,
});

/** Where the unlock machine stops for a loaded quote, as the chat names it. */
function machineAnswer(q: UnlockQuote): string | null {
  const actor = createActor(unlockMachine, { input: { requestId: q.requestId } }).start();
  actor.send({ type: 'QUOTE_LOADED', quote: q });
  const state = String(actor.getSnapshot().value);
  actor.stop();
  const byState: Record<string, string | null> = {
    awaitingConfirmation: null,
    unlocked: 'ALREADY_UNLOCKED',
    soldOut: 'REQUEST_SOLD_OUT',
    insufficientGoints: 'INSUFFICIENT_GOINTS',
    unavailable: q.reason === 'inDeal' ? 'REQUEST_DEAL_PENDING' : 'REQUEST_NOT_AVAILABLE',
  };
  return state in byState ? (byState[state] ?? null) : state;
}

describe('unlock: the chat check before the card is the machine guards', () => {
  const quotes: [string, UnlockQuote][] = [
    ['affordable', quote({})],
    ['too poor', quote({ balance: 20 })],
    ['already unlocked', quote({ alreadyUnlocked: true })],
    ['sold out', quote({ unlocked: 5, available: false, reason: 'soldOut' })],
    ['in a deal', quote({ available: false, reason: 'inDeal' })],
    ['closed', quote({ available: false, reason: 'closed' })],
    // A closed request that had its maximum: the machine says sold out, so must the check before the card.
    ['closed and full', quote({ unlocked: 5, available: false, reason: 'closed' })],
    ['in a deal and too poor', quote({ balance: 10, available: false, reason: 'inDeal' })],
  ];
  it.each(quotes)('%s', (_name, q) => {
    expect(quoteRefusal(q)).toBe(machineAnswer(q));
  });
});

describe('offers', () => {
  const open = { requestStatus: 'open', unlocked: true, offered: false, traderDetails: true };
  it('an offer needs the request, the unlock, an open request, no offer yet and the trader details, in that order', () => {
    expect(offerRefusal(open)).toBeNull();
    expect(offerRefusal({ ...open, requestStatus: null })).toBe('NOT_FOUND');
    expect(offerRefusal({ ...open, unlocked: false, offered: true })).toBe('NOT_UNLOCKED');
    expect(offerRefusal({ ...open, requestStatus: 'closed', offered: true })).toBe('REQUEST_NOT_AVAILABLE');
    expect(offerRefusal({ ...open, offered: true })).toBe('OFFER_EXISTS');
    // DSA Art. 30: no offer reaches a consumer before the provider's trader details are on file.
    expect(offerRefusal({ ...open, traderDetails: false })).toBe('TRADER_DETAILS_REQUIRED');
  });

  it('a seeker can accept a sent offer on an open request without an accepted offer', () => {
    const ok = { status: 'versendet', request: { status: 'open', acceptedOfferId: null } };
    expect(offerAcceptRefusal(ok)).toBeNull();
    expect(offerAcceptRefusal({ ...ok, status: 'zurueckgezogen' })).toBe('OFFER_NOT_AVAILABLE');
    expect(offerAcceptRefusal({ ...ok, request: { status: 'closed', acceptedOfferId: null } })).toBe('OFFER_NOT_AVAILABLE');
    expect(offerAcceptRefusal({ ...ok, request: { status: 'open', acceptedOfferId: 'o2' } })).toBe('OFFER_NOT_AVAILABLE');
  });
});

describe('deal confirmation', () => {
  const start = initialEntity(dealMachine).snapshot;
  const afterProvider = stepEntity(dealMachine, start, { type: 'PROVIDER_CONFIRMED' }).snapshot;
  const completed = stepEntity(dealMachine, afterProvider, { type: 'SEEKER_CONFIRMED' }).snapshot;

  it('each side confirms once while the deal is active', () => {
    expect(dealConfirmRefusal(start, 'provider')).toBeNull();
    expect(dealConfirmRefusal(afterProvider, 'seeker')).toBeNull();
    expect(dealConfirmRefusal(afterProvider, 'provider')).toBe('DEAL_ALREADY_CONFIRMED');
    expect(dealConfirmRefusal(completed, 'seeker')).toBe('DEAL_NOT_ACTIVE');
  });
});

describe('payout amount', () => {
  const refusal = (fn: () => void) => {
    try {
      fn();
      return null;
    } catch (e) {
      if (!isAppError(e)) throw e;
      return { code: e.code, params: e.params };
    }
  };

  it('names the minimum as the person reads money, in both languages', () => {
    expect(refusal(() => checkPayoutAmount(999, null, 'de'))).toEqual({ code: 'PAYOUT_BELOW_MINIMUM', params: { min: formatEuro(1000, 'de') } });
    expect(refusal(() => checkPayoutAmount(0, 5000, 'en'))).toEqual({ code: 'PAYOUT_BELOW_MINIMUM', params: { min: formatEuro(1000, 'en') } });
  });

  it('refuses more than is available, and lets the rest through', () => {
    expect(refusal(() => checkPayoutAmount(2000, 1500, 'de'))?.code).toBe('INSUFFICIENT_EARNINGS');
    expect(refusal(() => checkPayoutAmount(1000, 1000, 'de'))).toBeNull();
    expect(refusal(() => checkPayoutAmount(1000, null, 'de'))).toBeNull();
  });
});
