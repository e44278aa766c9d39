// Machines of stored things (an offer, a deal, a payout): the snapshot lives on the row, a command restores
// it, sends one event and stores the next snapshot with the status derived from the state, all with the
// pure transition functions of XState (no actor, no timers).
import { initialTransition, transition, type AnyEventObject, type AnyStateMachine, type StateValue } from 'xstate';
import { stateValueToString } from './runtime.ts';

export interface EntityStep {
  accepted: boolean;
  /** The state after the event ('awaitingSeeker'), unchanged when refused. */
  state: string;
  /** JSON to store as the row's machineSnapshot. */
  snapshot: unknown;
  /** The state names the machine was in before the event. */
  before: string;
}

function restore(machine: AnyStateMachine, persisted: unknown) {
  if (persisted && typeof persisted === 'object' && 'value' in persisted) {
    const p = persisted as { value: StateValue; context?: Record<string, unknown> };
    return machine.resolveState({ value: p.value, context: p.context ?? {} });
  }
  return initialTransition(machine)[0];
}

/** The initial snapshot and state of a new thing. */
export function initialEntity(machine: AnyStateMachine, input?: unknown): { state: string; snapshot: unknown } {
  const [s] = input === undefined ? initialTransition(machine) : initialTransition(machine, input);
  return { state: stateValueToString(s.value as StateValue), snapshot: machine.getPersistedSnapshot(s) };
}

/** Sends one event to the stored snapshot; a refused event changes nothing. */
export function stepEntity(machine: AnyStateMachine, persisted: unknown, event: AnyEventObject): EntityStep {
  const current = restore(machine, persisted);
  const before = stateValueToString(current.value as StateValue);
  if (!current.can(event)) return { accepted: false, state: before, snapshot: persisted, before };
  const [next] = transition(machine, current, event);
  return { accepted: true, state: stateValueToString(next.value as StateValue), snapshot: machine.getPersistedSnapshot(next), before };
}

/** The state of a stored snapshot. */
export function entityState(machine: AnyStateMachine, persisted: unknown): string {
  return stateValueToString(restore(machine, persisted).value as StateValue);
}
