// Generated graph tests for the provider desk (a provider's chat): every shortest and simple path from
// @xstate/graph is replayed on a real actor, each state's expectations are checked, and every transition must be
// taken (the coverage check replays those paths itself, so it holds alone, filtered or shuffled;
// tests/helpers/graph-coverage.ts, issue 13). Then the tool layer against the graph: a chat tool that sends a
// machine event is offered in exactly the states where the machine accepts that event, every state offers a way
// on, and every provider-desk tool is offered in some state of the machine.
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import { providerDeskMachine, type ProviderDeskEvent } from '../../machines/provider-desk.machine.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';
import { chatTools } from '../../server/chat/tools/index.ts';
import type { AuthContext } from '../../server/auth/guards.ts';

const events: ProviderDeskEvent[] = [
  { type: 'OFFER_STARTED', requestId: 'req-1' },
  { type: 'OFFER_STARTED', requestId: 'req-2' },
  { type: 'OFFER_STARTED', requestId: '' },
  { type: 'OFFER_SENT' },
  { type: 'OFFER_CANCELLED' },
];

type Snap = SnapshotFrom<typeof providerDeskMachine>;

const expectations: Record<string, (s: Snap) => void> = {
  ready: (s) => {
    expect(s.context.offerRequestId).toBeNull();
    expect(s.can({ type: 'OFFER_STARTED', requestId: 'req-1' })).toBe(true);
    expect(s.can({ type: 'OFFER_STARTED', requestId: '' })).toBe(false);
    expect(s.can({ type: 'OFFER_SENT' })).toBe(false);
    expect(s.can({ type: 'OFFER_CANCELLED' })).toBe(false);
  },
  writingOffer: (s) => {
    expect(s.context.offerRequestId).toMatch(/^req-/);
    expect(s.can({ type: 'OFFER_SENT' })).toBe(true);
    expect(s.can({ type: 'OFFER_CANCELLED' })).toBe(true);
    expect(s.can({ type: 'OFFER_STARTED', requestId: 'req-2' })).toBe(true);
    expect(s.can({ type: 'OFFER_STARTED', requestId: '' })).toBe(false);
  },
};

const model = createTestModel(providerDeskMachine, { events });
const shortestPaths = model.getShortestPaths();
// Over the state values (context aside), or the request ids multiply them.
const simplePaths = model.getSimplePaths({ serializeState: (s) => JSON.stringify(s.value) });

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(providerDeskMachine);
  actor.start();
  await path.test({
    states: Object.fromEntries(
      Object.entries(expectations).map(([state, check]) => [
        state,
        (modelState: Snap) => {
          expect(actor.getSnapshot().value).toEqual(modelState.value);
          expect(actor.getSnapshot().context).toEqual(modelState.context);
          check(actor.getSnapshot());
        },
      ]),
    ),
    events: Object.fromEntries(events.map((e) => [e.type, (step: { event: ProviderDeskEvent }) => void actor.send(step.event)])) as never,
  });
  actor.stop();
}

describe('provider desk: shortest paths', () => {
  const paths = shortestPaths;
  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of Object.keys(expectations)) expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('provider desk: simple paths', () => {
  const paths = simplePaths;
  it('are a handful', () => expect(paths.length).toBeLessThan(20));
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('provider desk: behaviour', () => {
  it('a second offer started while writing one replaces the request, and sending forgets it', () => {
    const actor = createActor(providerDeskMachine).start();
    actor.send({ type: 'OFFER_STARTED', requestId: 'req-1' });
    actor.send({ type: 'OFFER_STARTED', requestId: 'req-2' });
    expect(actor.getSnapshot().value).toBe('writingOffer');
    expect(actor.getSnapshot().context.offerRequestId).toBe('req-2');
    actor.send({ type: 'OFFER_SENT' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.offerRequestId).toBeNull();
  });

  it('restores a session in the middle of writing an offer', () => {
    const actor = createActor(providerDeskMachine).start();
    actor.send({ type: 'OFFER_STARTED', requestId: 'req-1' });
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(providerDeskMachine, { snapshot: persisted }).start();
    expect(restored.getSnapshot().value).toBe('writingOffer');
    expect(restored.getSnapshot().context.offerRequestId).toBe('req-1');
    restored.send({ type: 'OFFER_CANCELLED' });
    expect(restored.getSnapshot().value).toBe('ready');
  });
});

describe('provider desk: the chat tools against the graph', () => {
  const provider: AuthContext = {
    sessionId: 's',
    user: { id: 'p', email: 'p@example.com', name: 'P', role: 'provider', locale: 'de', emailVerified: true, twoFactorEnabled: false },
  };
  const states = Object.keys(providerDeskMachine.config.states ?? {});
  const offered = (state: string) => chatTools.forState(provider, 'providerDesk', state).map((d) => d.name);
  // Which tool sends which event of the machine (server/chat/tools/market.ts).
  const sends: Record<string, ProviderDeskEvent> = {
    startOffer: { type: 'OFFER_STARTED', requestId: 'req-1' },
    submitOffer: { type: 'OFFER_SENT' },
    cancelOffer: { type: 'OFFER_CANCELLED' },
  };
  /** A snapshot of the machine in the given state (reached through the generated shortest paths). */
  const snapshotIn = (state: string): Snap => {
    const path = model.getShortestPaths().find((p) => p.state.value === state);
    expect(path, `a path to ${state}`).toBeTruthy();
    const actor = createActor(providerDeskMachine).start();
    for (const step of path!.steps) actor.send(step.event);
    return actor.getSnapshot();
  };

  it('offers a tool that sends an event exactly in the states that accept it', () => {
    for (const state of states) {
      const snap = snapshotIn(state);
      for (const [tool, event] of Object.entries(sends)) {
        expect(offered(state).includes(tool), `${tool} in ${state}`).toBe(snap.can(event));
      }
    }
  });

  it('offers in every state the matches and a way on', () => {
    for (const state of states) {
      expect(offered(state), state).toContain('listMatches');
      const snap = snapshotIn(state);
      const wayOn = Object.entries(sends).some(([tool, event]) => offered(state).includes(tool) && snap.can(event));
      expect(wayOn, `a tool in ${state} moves the machine`).toBe(true);
    }
  });

  it('names only states the machine has, and offers every provider-desk tool in one of them', () => {
    const deskTools = chatTools
      .forRole(provider)
      .filter((d) => d.machine === '*' || d.machine === 'providerDesk' || (Array.isArray(d.machine) && d.machine.includes('providerDesk')));
    expect(deskTools.length).toBeGreaterThan(10);
    const inSomeState = new Set(states.flatMap(offered));
    for (const def of deskTools) {
      // A tool of this machine alone names only its states; one shared by several machines names theirs together.
      if (def.states !== '*' && def.machine === 'providerDesk') for (const s of def.states) expect(states, `${def.name} names state ${s}`).toContain(s);
      expect(inSomeState, def.name).toContain(def.name);
    }
  });
});

describe('transition coverage', () => {
  it('every transition of the provider desk is covered by the generated paths', () => {
    const coverage = createTransitionCoverage(providerDeskMachine, { paths: [...shortestPaths, ...simplePaths] });
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
