// Generated graph tests for the welcome machine: every shortest and simple path from @xstate/graph is
// replayed on a real actor, each state's expectations are checked, and every transition must be taken: the
// coverage check replays those paths itself, so it holds alone, filtered or shuffled
// (tests/helpers/graph-coverage.ts, issue 13).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { welcomeMachine, type WelcomeEvent } from '../../machines/welcome.machine.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

const events: WelcomeEvent[] = [
  { type: 'NEED_DESCRIBED', need: 'Ich brauche einen Klempner in Köln' },
  { type: 'NEED_DESCRIBED', need: 'I need a painter for two rooms' },
  { type: 'NEED_DESCRIBED', need: '?!' },
  { type: 'POST_REQUEST_CHOSEN' },
  { type: 'HOW_IT_WORKS_CHOSEN' },
  { type: 'RESTARTED' },
];

type Snap = SnapshotFrom<typeof welcomeMachine>;

// What each state must allow: these are the events the state's tools can send.
const expectations: Record<string, (s: Snap) => void> = {
  greeting: (s) => {
    expect(s.context.need).toBeNull();
    expect(s.can({ type: 'POST_REQUEST_CHOSEN' })).toBe(true);
    expect(s.can({ type: 'HOW_IT_WORKS_CHOSEN' })).toBe(true);
    expect(s.can({ type: 'RESTARTED' })).toBe(false);
  },
  explainingHowItWorks: (s) => {
    expect(s.can({ type: 'POST_REQUEST_CHOSEN' })).toBe(true);
    expect(s.can({ type: 'HOW_IT_WORKS_CHOSEN' })).toBe(false);
  },
  offeringRequest: (s) => {
    expect(typeof s.context.need).toBe('string');
    expect(s.can({ type: 'POST_REQUEST_CHOSEN' })).toBe(true);
  },
  seekerHandoff: (s) => {
    expect(s.hasTag('handoff')).toBe(true);
    expect(s.can({ type: 'RESTARTED' })).toBe(true);
    expect(s.can({ type: 'NEED_DESCRIBED', need: 'Ich brauche einen Maler' })).toBe(false);
  },
};

const model = createTestModel(welcomeMachine, { events });
const shortestPaths = model.getShortestPaths();
// Simple paths over the state values (context aside), or the two needs multiply them into thousands.
const simplePaths = model.getSimplePaths({ serializeState: (s) => JSON.stringify(s.value) });

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  // The system under test is a real actor of the machine; the model drives it step by step.
  const actor = createActor(welcomeMachine);
  actor.start();
  await path.test({
    states: Object.fromEntries(
      Object.entries(expectations).map(([state, check]) => [
        state,
        (modelState: Snap) => {
          expect(actor.getSnapshot().value).toEqual(modelState.value);
          check(actor.getSnapshot());
        },
      ]),
    ),
    events: Object.fromEntries(events.map((e) => [e.type, (step: { event: WelcomeEvent }) => void actor.send(step.event)])) as never,
  });
  actor.stop();
}

describe('welcome machine: shortest paths', () => {
  const paths = shortestPaths;
  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const s of Object.keys(expectations)) expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('welcome machine: simple paths', () => {
  const paths = simplePaths;
  it('are a handful, not thousands', () => expect(paths.length).toBeLessThan(100));
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('welcome machine: guards', () => {
  it('refuses a need without enough letters and keeps the state', () => {
    const actor = createActor(welcomeMachine).start();
    expect(actor.getSnapshot().can({ type: 'NEED_DESCRIBED', need: '?!' })).toBe(false);
    actor.send({ type: 'NEED_DESCRIBED', need: '?!' });
    expect(actor.getSnapshot().value).toBe('greeting');
    actor.send({ type: 'NEED_DESCRIBED', need: 'x'.repeat(501) });
    expect(actor.getSnapshot().value).toBe('greeting');
  });

  it.each(['Ich suche', 'Ich brauche Hilfe', 'I need help', 'Hallo, ich brauche dringend jemanden', '?!'])('refuses a need that names nothing: %s', (need) => {
    const actor = createActor(welcomeMachine).start();
    actor.send({ type: 'NEED_DESCRIBED', need });
    expect(actor.getSnapshot().value).toBe('greeting');
  });

  it.each(['Ich brauche einen Klempner', 'Heizung kaputt', 'I need a plumber', 'Maler'])('accepts a need that names something: %s', (need) => {
    const actor = createActor(welcomeMachine).start();
    actor.send({ type: 'NEED_DESCRIBED', need });
    expect(actor.getSnapshot().value).toBe('offeringRequest');
  });

  it('a second need replaces the first while the request is offered', () => {
    const actor = createActor(welcomeMachine).start();
    actor.send({ type: 'NEED_DESCRIBED', need: 'Ich brauche einen Elektriker' });
    actor.send({ type: 'NEED_DESCRIBED', need: 'Ich brauche doch einen Maler' });
    expect(actor.getSnapshot().value).toBe('offeringRequest');
    expect(actor.getSnapshot().context.need).toBe('Ich brauche doch einen Maler');
  });

  it('forgets the need when the conversation starts over', () => {
    const actor = createActor(welcomeMachine).start();
    actor.send({ type: 'NEED_DESCRIBED', need: 'Ich brauche einen Elektriker' });
    expect(actor.getSnapshot().context.need).toBe('Ich brauche einen Elektriker');
    actor.send({ type: 'POST_REQUEST_CHOSEN' });
    actor.send({ type: 'RESTARTED' });
    expect(actor.getSnapshot().value).toBe('greeting');
    expect(actor.getSnapshot().context.need).toBeNull();
  });

  it('restores from a persisted snapshot', () => {
    const actor = createActor(welcomeMachine).start();
    actor.send({ type: 'HOW_IT_WORKS_CHOSEN' });
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(welcomeMachine, { snapshot: persisted }).start();
    expect(restored.getSnapshot().value).toBe('explainingHowItWorks');
  });
});

describe('transition coverage', () => {
  it('the coverage check fails when a transition is not taken', () => {
    const tiny = createMachine({ id: 'tiny', initial: 'a', states: { a: { on: { GO: 'b' } }, b: { on: { BACK: 'a' } } } });
    const c = createTransitionCoverage(tiny);
    c.replay([{ type: 'GO' }]);
    expect(() => c.assertAllCovered()).toThrow(/1 of 2 transitions of tiny are not covered/);
    c.replay([{ type: 'GO' }, { type: 'BACK' }]);
    expect(() => c.assertAllCovered()).not.toThrow();
    // The same with the runs given at once, as each file's coverage check does: paths' events and extra sequences.
    const path = { steps: [{ event: { type: 'GO' } }] };
    expect(() => createTransitionCoverage(tiny, { paths: [path] }).assertAllCovered()).toThrow(
      /1 of 2 transitions of tiny are not covered:\n {2}tiny.b --BACK--> tiny.a/,
    );
    expect(() => createTransitionCoverage(tiny, { paths: [path], extra: [[{ type: 'GO' }, { type: 'BACK' }]] }).assertAllCovered()).not.toThrow();
  });

  it('every transition of the welcome machine is covered by the generated paths', () => {
    const coverage = createTransitionCoverage(welcomeMachine, { paths: [...shortestPaths, ...simplePaths] });
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
