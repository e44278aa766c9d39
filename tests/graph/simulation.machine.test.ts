// Generated graph tests for the /suchende simulation: every shortest and simple path from @xstate/graph is
// replayed on a real actor, each state's expectations are checked, and every transition must be taken: the
// coverage check replays those paths and the named sequences of the hand-written tests itself, so it holds
// alone, filtered or shuffled (tests/helpers/graph-coverage.ts, issue 13).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import { SIMULATION, simulationAmounts, simulationMachine, type SimulationEvent } from '../../machines/simulation.machine.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

const events: SimulationEvent[] = [{ type: 'START' }, { type: 'TICK' }, { type: 'SHOW_RESULT' }, { type: 'REPLAY' }];
type Snap = SnapshotFrom<typeof simulationMachine>;

const expectations: Record<string, (s: Snap) => void> = {
  idle: (s) => {
    expect(s.context.count).toBe(0);
    expect(s.can({ type: 'START' })).toBe(true);
    expect(s.can({ type: 'TICK' })).toBe(false);
    expect(s.can({ type: 'REPLAY' })).toBe(false);
  },
  running: (s) => {
    expect(s.context.count).toBeGreaterThanOrEqual(0);
    expect(s.context.count).toBeLessThan(SIMULATION.target);
    expect(s.context.count % SIMULATION.step).toBe(0);
    expect(s.can({ type: 'START' })).toBe(false);
  },
  finished: (s) => {
    expect(s.context.count).toBe(SIMULATION.target);
    expect(s.can({ type: 'TICK' })).toBe(false);
    expect(s.can({ type: 'REPLAY' })).toBe(true);
  },
};

const model = createTestModel(simulationMachine, { events });
// Over state values only: the counter's 20 values would otherwise each be a state of the graph.
const shortestPaths = model.getShortestPaths({ serializeState: (s) => JSON.stringify(s.value) });
const simplePaths = model.getSimplePaths({ serializeState: (s) => JSON.stringify(s.value) });

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(simulationMachine);
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
    events: Object.fromEntries(events.map((e) => [e.type, (step: { event: SimulationEvent }) => void actor.send(step.event)])) as never,
  });
  actor.stop();
}

describe('simulation machine: shortest paths', () => {
  const paths = shortestPaths;
  it('reaches every state (idle is where every path starts)', () => {
    const reached = new Set([JSON.stringify('idle'), ...paths.map((p) => JSON.stringify(p.state.value))]);
    for (const s of Object.keys(expectations)) expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('simulation machine: simple paths', () => {
  const paths = simplePaths;
  it('are a handful, not thousands', () => expect(paths.length).toBeLessThan(50));
  for (const path of paths) it(path.description, () => runPath(path));
});

// Sequences the generated paths do not take (they are simple paths over the state values, with no loop):
// sent by the hand-written tests below and replayed by the coverage check.
/** START and one TICK per step up to the target: the counting loop and its last tick. */
const COUNT_TO_THE_END: SimulationEvent[] = [
  { type: 'START' },
  ...Array.from({ length: SIMULATION.target / SIMULATION.step }, (): SimulationEvent => ({ type: 'TICK' })),
];
/** The result at once (reduced motion), then replay: back to idle. */
const RESULT_THEN_REPLAY: [SimulationEvent, SimulationEvent] = [{ type: 'SHOW_RESULT' }, { type: 'REPLAY' }];

describe('simulation machine: the example of the specification', () => {
  it('counts 25 per tick up to 500 of 5,000 dealers: 2,500 €, seeker share 1,250 €', () => {
    const actor = createActor(simulationMachine).start();
    const seen: number[] = [];
    for (const event of COUNT_TO_THE_END) {
      expect(actor.getSnapshot().value).not.toBe('finished');
      actor.send(event);
      if (event.type === 'TICK') seen.push(actor.getSnapshot().context.count);
    }
    expect(seen).toHaveLength(SIMULATION.target / SIMULATION.step);
    expect(seen[0]).toBe(25);
    expect(seen.at(-1)).toBe(500);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(simulationAmounts(actor.getSnapshot().context.count)).toEqual({ totalEur: 2500, seekerShareEur: 1250 });
    expect(SIMULATION.dealers).toBe(5000);
  });

  it('replay resets the counter, and reduced motion goes straight to the result', () => {
    const actor = createActor(simulationMachine).start();
    const [showResult, replay] = RESULT_THEN_REPLAY;
    actor.send(showResult);
    expect(actor.getSnapshot().context.count).toBe(500);
    actor.send(replay);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.count).toBe(0);
  });

  it('skipping while running shows the result; ticks after the end change nothing', () => {
    const actor = createActor(simulationMachine).start();
    actor.send({ type: 'START' });
    actor.send({ type: 'TICK' });
    actor.send({ type: 'SHOW_RESULT' });
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.count).toBe(500);
  });
});

describe('transition coverage', () => {
  it('every transition of the simulation machine is covered by the generated paths and the named sequences', () => {
    const coverage = createTransitionCoverage(simulationMachine, { paths: [...shortestPaths, ...simplePaths], extra: [COUNT_TO_THE_END, RESULT_THEN_REPLAY] });
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
