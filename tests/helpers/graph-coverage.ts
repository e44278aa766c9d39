// Transition coverage for any XState v5 machine: all edges come from toDirectedGraph(machine) (children
// included) plus eventless `always` transitions; the covered ones are those an actor really took, seen
// through inspect (@xstate.microstep). assertAllCovered fails with the list of missing edges.
//
// A coverage check is one self-contained test (issue 13): it builds its own coverage and replays, itself,
// every path it counts, so it passes alone, filtered (-t) or shuffled, never on what earlier tests left:
//
//   const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];
//   const SECOND_NEED = [{ type: 'NEED_DESCRIBED', ... }, ...];   // also sent by the hand-written test
//   it('every transition is covered', () => createTransitionCoverage(myMachine, { paths, extra: [SECOND_NEED], input }).assertAllCovered());
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import { createActor, type Actor, type AnyEventObject, type AnyStateMachine, type EventFromLogic, type InspectionEvent, type SnapshotFrom } from 'xstate';

interface TransitionLike {
  source: { id: string };
  eventType: string;
  target?: readonly { id: string }[] | undefined;
  guard?: unknown;
  reenter?: boolean;
}

function guardName(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

/** A stable name for one transition: source, event, targets and guard. */
export function transitionKey(t: TransitionLike): string {
  const targets = (t.target ?? []).map((n) => n.id).join('+') || '(self)';
  const guard = guardName(t.guard);
  return `${t.source.id} --${t.eventType || '(always)'}${guard ? ` [${guard}]` : ''}--> ${targets}`;
}

function collectEdges(node: DirectedGraphNode, out: Map<string, TransitionLike>) {
  for (const edge of node.edges) out.set(transitionKey(edge.transition as unknown as TransitionLike), edge.transition as unknown as TransitionLike);
  // toDirectedGraph lists event transitions; eventless ones live in stateNode.always.
  for (const t of (node.stateNode as unknown as { always?: TransitionLike[] }).always ?? []) out.set(transitionKey(t), t);
  for (const child of node.children) collectEdges(child, out);
}

/** Every transition of the machine, keyed by transitionKey. */
export function allTransitions(machine: AnyStateMachine): Map<string, TransitionLike> {
  const out = new Map<string, TransitionLike>();
  collectEdges(toDirectedGraph(machine), out);
  return out;
}

/** One step of a sequence: an event, or a function of the snapshot reached so far (an event naming the current version). */
export type EventStep<M extends AnyStateMachine = AnyStateMachine> = EventFromLogic<M> | ((snapshot: SnapshotFrom<M>) => EventFromLogic<M>);
/** A sequence of events sent to a fresh actor, from the machine's initial state. */
export type EventSequence<M extends AnyStateMachine = AnyStateMachine> = readonly EventStep<M>[];

function sendAll(actor: Actor<AnyStateMachine>, events: readonly (AnyEventObject | ((snapshot: never) => AnyEventObject))[]) {
  for (const e of events) {
    const event = typeof e === 'function' ? e(actor.getSnapshot() as never) : e;
    // xstate.init is the start itself, not an event to send.
    if (event.type === 'xstate.init') continue;
    actor.send(event);
  }
}

export interface TransitionCoverage {
  /** Runs a fresh actor through the events (from the initial state, or from a snapshot), recording transitions. */
  replay(events: readonly (AnyEventObject | ((snapshot: never) => AnyEventObject))[], options?: { snapshot?: unknown; input?: unknown }): void;
  /** Records transitions from your own actor: pass this as createActor(machine, { inspect: coverage.inspect }). */
  inspect(event: InspectionEvent): void;
  covered(): Set<string>;
  missing(): string[];
  /** Throws listing every transition no test took. */
  assertAllCovered(): void;
}

/** A generated path of @xstate/graph (createTestModel(...).getShortestPaths() or getSimplePaths()): only its events are replayed. */
export interface PathLike {
  steps: readonly { event: AnyEventObject }[];
}

/** What a fresh coverage replays at once, each on a fresh actor given the same input. */
export interface CoverageRuns<M extends AnyStateMachine> {
  /** Generated paths: their events. */
  paths?: readonly PathLike[];
  /** The sequences only hand-written tests take: the same named constants those tests send. */
  extra?: readonly EventSequence<M>[];
  input?: unknown;
}

/**
 * A fresh coverage of the machine. With `runs`, every path's events and every extra sequence are replayed
 * at once: the whole of what a coverage check counts, built inside the check itself.
 */
export function createTransitionCoverage<M extends AnyStateMachine>(machine: M, runs: CoverageRuns<M> = {}): TransitionCoverage {
  const all = allTransitions(machine);
  const seen = new Set<string>();
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) seen.add(transitionKey(t));
  };
  const coverage: TransitionCoverage = {
    replay(events, options = {}) {
      const actor = createActor(machine as AnyStateMachine, {
        inspect,
        ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
        ...(options.input !== undefined ? { input: options.input } : {}),
      });
      actor.start();
      sendAll(actor, events);
      actor.stop();
    },
    inspect,
    covered: () => new Set([...seen].filter((k) => all.has(k))),
    missing: () => [...all.keys()].filter((k) => !seen.has(k)).sort(),
    assertAllCovered() {
      const missing = [...all.keys()].filter((k) => !seen.has(k)).sort();
      if (missing.length) {
        throw new Error(`${missing.length} of ${all.size} transitions of ${machine.id} are not covered:\n  ${missing.join('\n  ')}`);
      }
    },
  };
  for (const path of runs.paths ?? [])
    coverage.replay(
      path.steps.map((s) => s.event),
      { input: runs.input },
    );
  for (const events of runs.extra ?? []) coverage.replay(events as never, { input: runs.input });
  return coverage;
}
