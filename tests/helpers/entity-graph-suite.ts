// Generated graph tests for a machine whose snapshot is stored on a row (server/machines/entity.ts): every
// shortest and simple path is replayed on a real actor, each state's rules are checked, every transition is
// taken, and the server's pure stepping from the stored snapshot agrees with the actor at every step. The
// coverage check replays the paths itself, so it holds alone, filtered or shuffled (issue 13).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { createTransitionCoverage } from './graph-coverage.ts';

/** `expectations`: one check per state (every state of the machine), given `can(event)` in that state. */
export function entityGraphSuite<E extends AnyEventObject>(
  name: string,
  machine: AnyStateMachine,
  events: E[],
  expectations: Record<string, (can: (e: E) => boolean) => void>,
) {
  const model = createTestModel(machine, { events } as never);
  async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
    const actor = createActor(machine);
    actor.start();
    let persisted: unknown = initialEntity(machine).snapshot;
    await path.test({
      states: Object.fromEntries(
        Object.entries(expectations).map(([state, check]) => [
          state,
          (modelState: { value: unknown }) => {
            expect(actor.getSnapshot().value).toEqual(modelState.value);
            check((e: E) => actor.getSnapshot().can(e));
          },
        ]),
      ),
      events: Object.fromEntries(
        events.map((e) => [
          e.type,
          (step: { event: E }) => {
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
    const simple = model.getSimplePaths();
    it('reaches every state', () => {
      // Paths that are the start of a longer path are merged into it: count every state a path passes.
      const reached = new Set(shortest.flatMap((p) => [...p.steps.map((st) => String(st.state.value)), String(p.state.value)]));
      for (const s of Object.keys(expectations)) expect(reached).toContain(s);
    });
    for (const path of shortest) it(`shortest: ${path.description}`, () => runPath(path));
    for (const path of simple) it(`simple: ${path.description}`, () => runPath(path));
    it('every transition is covered by the generated paths', () => createTransitionCoverage(machine, { paths: [...shortest, ...simple] }).assertAllCovered());
  });
}
