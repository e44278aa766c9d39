// Runs a chat session's machine on the server: restores the persisted snapshot, sends events (the
// machine's guards decide), and hands back what to persist (snapshot + state string).
import { createActor, type AnyActor, type AnyEventObject, type AnyStateMachine, type StateValue } from 'xstate';
import type { Logger } from '../logger.ts';
import { DEFAULT_MACHINE, isMachineName, machines, type MachineName } from './registry.ts';

export interface SendResult {
  accepted: boolean;
  /** The state after the event (unchanged when refused). */
  state: string;
  /** Reason code when refused. */
  reason?: string;
}

export interface MachineRun {
  readonly name: MachineName;
  /** The current state as a string: 'greeting', or 'parent.child' for nested states. */
  readonly state: string;
  readonly context: Record<string, unknown>;
  /** Whether the machine would take this event now (guards included), without sending it. */
  can(event: AnyEventObject): boolean;
  /** Sends the event if the machine takes it; a refused event changes nothing. */
  send(event: AnyEventObject): SendResult;
  /** JSON to store in ChatSession.machineSnapshot. */
  persisted(): unknown;
  /** Whether the machine changed since it was restored (a snapshot needs saving). */
  readonly changed: boolean;
  stop(): void;
}

export function stateValueToString(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child && (typeof child === 'string' || Object.keys(child).length) ? `${key}.${stateValueToString(child as StateValue)}` : key))
    .join(',');
}

function startActor(name: MachineName, snapshot: unknown, logger?: Logger, own?: AnyStateMachine): AnyActor {
  const logic = own ?? machines[name].logic;
  if (snapshot) {
    try {
      // A snapshot of an older machine version may name states that no longer exist: start over then.
      const actor = createActor(logic, { snapshot: snapshot as never });
      // An unusable snapshot puts the actor in 'error'; observe it here instead of as an unhandled error.
      let failure: unknown;
      const sub = actor.subscribe({ error: (err) => void (failure = err) });
      actor.start();
      sub.unsubscribe();
      const s = actor.getSnapshot();
      if (s.status === 'active' || s.status === 'done') return actor;
      actor.stop();
      logger?.warn(
        { machine: name, err: failure instanceof Error ? failure.message : String(failure ?? s.status) },
        'machine snapshot could not be restored; starting over',
      );
    } catch (err) {
      logger?.warn({ machine: name, err: err instanceof Error ? err.message : String(err) }, 'machine snapshot could not be restored; starting over');
    }
  }
  const actor = createActor(logic);
  actor.start();
  return actor;
}

/** `logic`: the machine to run instead of the registry's (an intake built from the session's follow-up script). */
export function restoreMachine(name: string, snapshot: unknown, logger?: Logger, logic?: AnyStateMachine): MachineRun {
  const machineName: MachineName = isMachineName(name) ? name : DEFAULT_MACHINE;
  const entry = machines[machineName];
  const actor = startActor(machineName, machineName === name ? snapshot : null, logger, machineName === name ? logic : undefined);
  let changed = machineName !== name || !snapshot;
  return {
    name: machineName,
    get state() {
      return stateValueToString(actor.getSnapshot().value as StateValue);
    },
    get context() {
      return (actor.getSnapshot().context ?? {}) as Record<string, unknown>;
    },
    get changed() {
      return changed;
    },
    can(event) {
      return actor.getSnapshot().can(event);
    },
    send(event) {
      const before = actor.getSnapshot();
      if (!before.can(event)) {
        const reason = ('explainRejection' in entry ? entry.explainRejection?.(before.context, event) : undefined) ?? 'NOT_POSSIBLE_NOW';
        return { accepted: false, state: stateValueToString(before.value as StateValue), reason };
      }
      actor.send(event);
      changed = true;
      return { accepted: true, state: stateValueToString(actor.getSnapshot().value as StateValue) };
    },
    persisted() {
      return actor.getPersistedSnapshot();
    },
    stop() {
      actor.stop();
    },
  };
}
