// The machines the chat can run, with the server's implementations (machine.provide) and how a refused
// event is explained. A later flow adds one entry here and its tools in server/chat/tools/.
import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { isUsableNeed, welcomeMachine } from '../../machines/welcome.machine.ts';
import { buildIntakeMachine, intakeMachine, type IntakeContext, type ScriptShapeStep } from '../../machines/intake.machine.ts';
import { checkFirstName } from '../ai/nlu/names.ts';
import { providerDeskMachine } from '../../machines/provider-desk.machine.ts';

export interface MachineEntry {
  /** The machine with the server's implementations provided. */
  logic: AnyStateMachine;
  /**
   * Why an event was refused in this snapshot, as a reason code the model phrases (chat:offline.reason.<code>).
   * Pure: looks only at the snapshot's context and the event.
   */
  explainRejection?: (context: unknown, event: AnyEventObject) => string | undefined;
}

const serverGuards = {
  // The full first-name check (surname lists from @faker-js/faker and gender-detection-from-name).
  isFirstName: ({ event }: { event: { type: string; name?: string; stated?: boolean } }) =>
    event.type === 'FIRST_NAME_SUBMITTED' && checkFirstName(String(event.name ?? ''), { stated: event.stated === true }).ok,
};

export const machines = {
  welcome: {
    // The welcome flow has no side effects yet; later flows provide actions and actors here.
    logic: welcomeMachine.provide({}),
    explainRejection: (_context, event) => (event.type === 'NEED_DESCRIBED' && !isUsableNeed(String(event.need ?? '')) ? 'NEED_TOO_VAGUE' : undefined),
  },
  intake: {
    logic: intakeMachine.provide({ guards: serverGuards }),
    explainRejection: (context, event) => {
      if (event.type === 'FIRST_NAME_SUBMITTED') {
        const check = checkFirstName(String(event.name ?? ''), { stated: event.stated === true });
        return check.ok ? undefined : `NAME_${check.reason.toUpperCase()}`;
      }
      if (event.type === 'DRAFT_UPDATED' || event.type === 'FORM_SUBMITTED') return 'NOTHING_NEW';
      if (event.type === 'REQUEST_CONFIRMED' && (context as IntakeContext).version !== event.version) return 'DRAFT_CHANGED';
      return undefined;
    },
  },
  providerDesk: {
    logic: providerDeskMachine.provide({}),
  },
} satisfies Record<string, MachineEntry>;

export type MachineName = keyof typeof machines;

/** The machine of a session whose stored machine is unknown. */
export const DEFAULT_MACHINE: MachineName = 'intake';

/** The flow a new session starts in: the seeker intake for visitors and seekers, the provider desk for providers, the welcome for admins. */
export function machineFor(role: string | null): MachineName {
  if (role === 'provider') return 'providerDesk';
  return role === 'admin' ? 'welcome' : 'intake';
}

export function isMachineName(name: string): name is MachineName {
  return Object.hasOwn(machines, name);
}

const builtIntakes = new Map<string, AnyStateMachine>();

/**
 * The intake machine built from a follow-up script's steps, with the server's implementations. Built once per
 * shape (which steps, in which order, which shown); a session restores its snapshot with its own script's.
 */
export function intakeLogicFor(steps: readonly ScriptShapeStep[]): AnyStateMachine {
  const key = JSON.stringify(steps.map((s) => [s.id, s.purpose, s.active]));
  let logic = builtIntakes.get(key);
  if (!logic) {
    logic = buildIntakeMachine(steps).provide({ guards: serverGuards });
    // Scripts change rarely; a bound keeps a long-running server from collecting every draft ever previewed.
    if (builtIntakes.size >= 200) builtIntakes.delete(builtIntakes.keys().next().value!);
    builtIntakes.set(key, logic);
  }
  return logic;
}
