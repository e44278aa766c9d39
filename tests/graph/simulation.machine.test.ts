// Generated graph tests for the /suchende simulation: every shortest and simple path from @xstate/graph is
// replayed on a real actor, each state's expectations are checked, and every transition must be taken.
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
const coverage = createTransitionCoverage(simulationMachine);

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(simulationMachine, { inspect: coverage.inspect });
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
  // Over state values only: the counter's 20 values would otherwise each be a state of the graph.
  const paths = model.getShortestPaths({ serializeState: (s) => JSON.stringify(s.value) });
  it('reaches every state (idle is where every path starts)', () => {
    const reached = new Set([JSON.stringify('idle'), ...paths.map((p) => JSON.stringify(p.state.value))]);
    for (const s of Object.keys(expectations)) expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('simulation machine: simple paths', () => {
  const paths = model.getSimplePaths({ serializeState: (s) => JSON.stringify(s.value) });
  it('are a handful, not thousands', () => expect(paths.length).toBeLessThan(50));
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('simulation machine: the example of the specification', () => {
  it('counts 25 per tick up to 500 of 5,000 dealers: 2,500 €, seeker share 1,250 €', () => {
    const actor = createActor(simulationMachine, { inspect: coverage.inspect }).start();
    actor.send({ type: 'START' });
    const seen: number[] = [];
    while (actor.getSnapshot().value === 'running') {
      actor.send({ type: 'TICK' });
      seen.push(actor.getSnapshot().context.count);
    }
    expect(seen).toHaveLength(SIMULATION.target / SIMULATION.step);
    expect(seen[0]).toBe(25);
    expect(seen.at(-1)).toBe(500);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(simulationAmounts(actor.getSnapshot().context.count)).toEqual({ totalEur: 2500, seekerShareEur: 1250 });
    expect(SIMULATION.dealers).toBe(5000);
  });

  it('replay resets the counter, and reduced motion goes straight to the result', () => {
    const actor = createActor(simulationMachine, { inspect: coverage.inspect }).start();
    actor.send({ type: 'SHOW_RESULT' });
    expect(actor.getSnapshot().context.count).toBe(500);
    actor.send({ type: 'REPLAY' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.count).toBe(0);
  });

  it('skipping while running shows the result; ticks after the end change nothing', () => {
    const actor = createActor(simulationMachine, { inspect: coverage.inspect }).start();
    actor.send({ type: 'START' });
    actor.send({ type: 'TICK' });
    actor.send({ type: 'SHOW_RESULT' });
    actor.send({ type: 'TICK' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.count).toBe(500);
  });
});

describe('transition coverage', () => {
  it('every transition of the simulation machine is covered by the tests above', () => {
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
