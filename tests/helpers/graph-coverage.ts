// Transition coverage for any XState v5 machine: all edges come from toDirectedGraph(machine) (children
// included) plus eventless `always` transitions; the covered ones are those an actor really took, seen
// through inspect (@xstate.microstep). assertAllTransitionsCovered fails with the list of missing edges.
//
//   const coverage = createTransitionCoverage(myMachine);
//   for (const path of createTestModel(myMachine).getShortestPaths()) coverage.replay(path.steps.map((s) => s.event));
//   coverage.assertAllCovered();
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import { createActor, type AnyEventObject, type AnyStateMachine, type InspectionEvent } from 'xstate';

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

export interface TransitionCoverage {
  /** Runs a fresh actor through the events (from the initial state, or from a snapshot), recording transitions. */
  replay(events: readonly AnyEventObject[], options?: { snapshot?: unknown; input?: unknown }): void;
  /** Records transitions from your own actor: pass this as createActor(machine, { inspect: coverage.inspect }). */
  inspect(event: InspectionEvent): void;
  covered(): Set<string>;
  missing(): string[];
  /** Throws listing every transition no test took. */
  assertAllCovered(): void;
}

export function createTransitionCoverage(machine: AnyStateMachine): TransitionCoverage {
  const all = allTransitions(machine);
  const seen = new Set<string>();
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) seen.add(transitionKey(t));
  };
  return {
    replay(events, options = {}) {
      const actor = createActor(machine, {
        inspect,
        ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
        ...(options.input !== undefined ? { input: options.input } : {}),
      });
      actor.start();
      for (const e of events) {
        // xstate.init is the start itself, not an event to send.
        if (e.type === 'xstate.init') continue;
        actor.send(e);
      }
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
}
