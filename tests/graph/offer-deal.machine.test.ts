// Generated graph tests for the offer and deal machines (their snapshots live on the Offer and Deal rows):
// every shortest and simple path is replayed on a real actor, each state's rules checked, every transition
// taken; and the server's pure stepping (server/machines/entity.ts) agrees with the actor.
import { describe, expect, it } from 'vitest';
import { offerMachine, OFFER_STATUSES, type OfferEvent } from '../../machines/offer.machine.ts';
import { dealMachine, dealStatusOf, DEAL_STATUSES, type DealEvent } from '../../machines/deal.machine.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { entityGraphSuite } from '../helpers/entity-graph-suite.ts';

const offerEvents: OfferEvent[] = [
  { type: 'OFFER_ACCEPTED' },
  { type: 'OFFER_DECLINED' },
  { type: 'OFFER_WITHDRAWN' },
  { type: 'DEAL_CANCELLED' },
  { type: 'REQUEST_ENDED' },
];
entityGraphSuite('offer', offerMachine, offerEvents, {
  versendet: (can) => {
    expect(can({ type: 'OFFER_ACCEPTED' })).toBe(true);
    expect(can({ type: 'DEAL_CANCELLED' })).toBe(false);
  },
  angenommen: (can) => {
    expect(can({ type: 'OFFER_WITHDRAWN' })).toBe(false);
    expect(can({ type: 'OFFER_ACCEPTED' })).toBe(false);
    expect(can({ type: 'DEAL_CANCELLED' })).toBe(true);
  },
  abgelehnt: (can) => expect(can({ type: 'OFFER_ACCEPTED' })).toBe(false),
  zurueckgezogen: (can) => expect(can({ type: 'OFFER_ACCEPTED' })).toBe(false),
  storniert: (can) => expect(can({ type: 'OFFER_ACCEPTED' })).toBe(false),
  geschlossen: (can) => expect(can({ type: 'OFFER_ACCEPTED' })).toBe(false),
});

const dealEvents: DealEvent[] = [
  { type: 'PROVIDER_CONFIRMED' },
  { type: 'SEEKER_CONFIRMED' },
  { type: 'DEAL_CANCELLED', by: 'seeker' },
  { type: 'DEAL_CANCELLED', by: 'provider' },
];
entityGraphSuite('deal', dealMachine, dealEvents, {
  awaitingBoth: (can) => {
    expect(can({ type: 'PROVIDER_CONFIRMED' })).toBe(true);
    expect(can({ type: 'SEEKER_CONFIRMED' })).toBe(true);
  },
  awaitingSeeker: (can) => {
    // A side confirms once.
    expect(can({ type: 'PROVIDER_CONFIRMED' })).toBe(false);
    expect(can({ type: 'SEEKER_CONFIRMED' })).toBe(true);
  },
  awaitingProvider: (can) => {
    expect(can({ type: 'SEEKER_CONFIRMED' })).toBe(false);
    expect(can({ type: 'PROVIDER_CONFIRMED' })).toBe(true);
  },
  completed: (can) => expect(can({ type: 'DEAL_CANCELLED', by: 'seeker' })).toBe(false),
  cancelled: (can) => expect(can({ type: 'PROVIDER_CONFIRMED' })).toBe(false),
});

describe('status columns', () => {
  it('every offer state is a status value, every deal state maps to one', () => {
    expect(Object.keys(offerMachine.config.states!).sort()).toEqual([...OFFER_STATUSES].sort());
    expect(Object.keys(dealMachine.config.states!).map(dealStatusOf).sort()).toEqual([...DEAL_STATUSES].sort());
  });
  it('a refused event changes nothing in the stored snapshot', () => {
    const init = initialEntity(dealMachine);
    const first = stepEntity(dealMachine, init.snapshot, { type: 'PROVIDER_CONFIRMED' });
    const again = stepEntity(dealMachine, first.snapshot, { type: 'PROVIDER_CONFIRMED' });
    expect(again).toMatchObject({ accepted: false, state: 'awaitingSeeker', snapshot: first.snapshot });
  });
});
