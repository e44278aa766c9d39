// The example on /suchende: how many of 5,000 dealers show interest in one request, 25 more on each tick
// (every 50 ms in the page) up to 500, at 5 € each = 2,500 €, half of it (1,250 €) the seeker's share.
// An example from the product idea, labelled as such on the page. Pure: the page sends the ticks.
import { assign, setup } from 'xstate';

export const SIMULATION = { dealers: 5000, target: 500, step: 25, intervalMs: 50, priceEur: 5, seekerSharePercent: 50 } as const;

export interface SimulationContext {
  /** Dealers interested so far. */
  count: number;
}

export type SimulationEvent =
  | { type: 'START' }
  | { type: 'TICK' }
  /** Straight to the result (prefers-reduced-motion, or the person skips the animation). */
  | { type: 'SHOW_RESULT' }
  | { type: 'REPLAY' };

/** Euro paid by the interested dealers, and the seeker's share of it. */
export function simulationAmounts(count: number) {
  const totalEur = count * SIMULATION.priceEur;
  return { totalEur, seekerShareEur: (totalEur * SIMULATION.seekerSharePercent) / 100 };
}

export const simulationMachine = setup({
  types: { context: {} as SimulationContext, events: {} as SimulationEvent },
  guards: {
    lastStep: ({ context }) => context.count + SIMULATION.step >= SIMULATION.target,
  },
  actions: {
    step: assign({ count: ({ context }) => context.count + SIMULATION.step }),
    complete: assign({ count: () => SIMULATION.target }),
    reset: assign({ count: () => 0 }),
  },
}).createMachine({
  id: 'simulation',
  initial: 'idle',
  context: { count: 0 },
  states: {
    idle: {
      description: 'Nothing counted yet; the page offers to start.',
      on: { START: 'running', SHOW_RESULT: { target: 'finished', actions: 'complete' } },
    },
    running: {
      description: 'The counter grows by 25 on every tick.',
      on: {
        TICK: [{ guard: 'lastStep', target: 'finished', actions: 'complete' }, { actions: 'step' }],
        SHOW_RESULT: { target: 'finished', actions: 'complete' },
      },
    },
    finished: {
      description: '500 of 5,000 dealers: 2,500 €, of which 1,250 € for the seeker.',
      on: { REPLAY: { target: 'idle', actions: 'reset' } },
    },
  },
});
