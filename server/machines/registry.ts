// The machines the chat can run, with the server's implementations (machine.provide) and how a refused
// event is explained. A later flow adds one entry here and its tools in server/chat/tools/.
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { isUsableNeed, welcomeMachine } from '../../machines/welcome.machine.ts';

export interface MachineEntry {
  /** The machine with the server's implementations provided. */
  logic: AnyStateMachine;
  /**
   * Why an event was refused in this snapshot, as a reason code the model phrases (chat:offline.reason.<code>).
   * Pure: looks only at the snapshot's context and the event.
   */
  explainRejection?: (context: unknown, event: AnyEventObject) => string | undefined;
}

export const machines = {
  welcome: {
    // The welcome flow has no side effects yet; later flows provide actions and actors here.
    logic: welcomeMachine.provide({}),
    explainRejection: (_context, event) => (event.type === 'NEED_DESCRIBED' && !isUsableNeed(String(event.need ?? '')) ? 'NEED_TOO_VAGUE' : undefined),
  },
} satisfies Record<string, MachineEntry>;

export type MachineName = keyof typeof machines;

export const DEFAULT_MACHINE: MachineName = 'welcome';

export function isMachineName(name: string): name is MachineName {
  return Object.hasOwn(machines, name);
}
