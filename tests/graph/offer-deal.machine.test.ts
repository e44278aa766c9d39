// Generated graph tests for the offer and deal machines (their snapshots live on the Offer and Deal rows):
// every shortest and simple path is replayed on a real actor, each state's rules checked, every transition
// taken; and the server's pure stepping (server/machines/entity.ts) agrees with the actor.
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { offerMachine, OFFER_STATUSES, type OfferEvent } from '../../machines/offer.machine.ts';
import { dealMachine, dealStatusOf, DEAL_STATUSES, type DealEvent } from '../../machines/deal.machine.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

function graphSuite(name: string, machine: AnyStateMachine, events: AnyEventObject[], expectations: Record<string, (can: (e: AnyEventObject) => boolean) => void>) {
  const model = createTestModel(machine, { events } as never);
  const coverage = createTransitionCoverage(machine);
  async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
    const actor = createActor(machine, { inspect: coverage.inspect });
    actor.start();
    let persisted: unknown = initialEntity(machine).snapshot;
    await path.test({
      states: Object.fromEntries(
        Object.entries(expectations).map(([state, check]) => [
          state,
          (modelState: { value: unknown }) => {
            expect(actor.getSnapshot().value).toEqual(modelState.value);
            check((e) => actor.getSnapshot().can(e));
          },
        ]),
      ),
      events: Object.fromEntries(
        events.map((e) => [
          e.type,
          (step: { event: AnyEventObject }) => {
            actor.send(step.event);
            // The server's stepping from the stored snapshot lands in the same state.
            const s = stepEntity(machine, persisted, step.event);
            expect(s.state).toEqual(String(actor.getSnapshot().value));
            persisted = s.snapshot;
          },
        ]),
      ) as never,
    });
    actor.stop();
  }
  describe(`${name} machine`, () => {
    const shortest = model.getShortestPaths();
    it('reaches every state', () => {
      // Paths that are the start of a longer path are merged into it: count every state a path passes.
      const reached = new Set(shortest.flatMap((p) => [...p.steps.map((st) => String(st.state.value)), String(p.state.value)]));
      for (const s of Object.keys(expectations)) expect(reached).toContain(s);
    });
    for (const path of shortest) it(`shortest: ${path.description}`, () => runPath(path));
    for (const path of model.getSimplePaths()) it(`simple: ${path.description}`, () => runPath(path));
    it('every transition is covered', () => coverage.assertAllCovered());
  });
}

const offerEvents: OfferEvent[] = [{ type: 'OFFER_ACCEPTED' }, { type: 'OFFER_DECLINED' }, { type: 'OFFER_WITHDRAWN' }, { type: 'DEAL_CANCELLED' }, { type: 'REQUEST_ENDED' }];
graphSuite('offer', offerMachine, offerEvents, {
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

const dealEvents: DealEvent[] = [{ type: 'PROVIDER_CONFIRMED' }, { type: 'SEEKER_CONFIRMED' }, { type: 'DEAL_CANCELLED', by: 'seeker' }, { type: 'DEAL_CANCELLED', by: 'provider' }];
graphSuite('deal', dealMachine, dealEvents, {
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
