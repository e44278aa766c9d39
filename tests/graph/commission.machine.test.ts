// Generated graph tests for the commission machine: every shortest and simple path is replayed on a real
// actor and through the server's pure stepping, each state's rules are checked, every transition is taken.
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor } from 'xstate';
import { commissionMachine, COMMISSION_STATUSES, dubStatus, NOT_YET_PAYABLE, type CommissionEvent } from '../../machines/commission.machine.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

const events: CommissionEvent[] = [
  { type: 'WINDOW_PASSED' },
  { type: 'FLAGGED' },
  { type: 'RELEASED', reason: 'geprüft, echte Kundin' },
  { type: 'VOIDED', reason: 'Selbstwerbung' },
  { type: 'REVERSED', reason: 'Umsatz storniert' },
];

const can = (state: string) => (e: CommissionEvent) => createActor(commissionMachine, { snapshot: commissionMachine.resolveState({ value: state, context: {} }) }).getSnapshot().can(e);

const expectations: Record<string, (c: (e: CommissionEvent) => boolean) => void> = {
  pending: (c) => {
    expect(c({ type: 'WINDOW_PASSED' })).toBe(true);
    expect(c({ type: 'FLAGGED' })).toBe(true);
    // Only a held one is released by an admin.
    expect(c({ type: 'RELEASED', reason: 'x' })).toBe(false);
  },
  held: (c) => {
    // A held commission never becomes payable by waiting: only an admin's release puts it back.
    expect(c({ type: 'WINDOW_PASSED' })).toBe(false);
    expect(c({ type: 'RELEASED', reason: 'x' })).toBe(true);
    expect(c({ type: 'VOIDED', reason: 'x' })).toBe(true);
  },
  available: (c) => {
    expect(c({ type: 'REVERSED', reason: 'x' })).toBe(true);
    // Once payable, it is no longer flagged or voided; only a reversal of the revenue takes it back.
    expect(c({ type: 'FLAGGED' })).toBe(false);
    expect(c({ type: 'VOIDED', reason: 'x' })).toBe(false);
  },
  reversed: (c) => expect(c({ type: 'WINDOW_PASSED' })).toBe(false),
  canceled: (c) => expect(c({ type: 'RELEASED', reason: 'x' })).toBe(false),
};

const model = createTestModel(commissionMachine, { events } as never);
const coverage = createTransitionCoverage(commissionMachine);

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(commissionMachine, { inspect: coverage.inspect }).start();
  let stored: unknown = initialEntity(commissionMachine).snapshot;
  await path.test({
    states: Object.fromEntries(
      Object.entries(expectations).map(([state, check]) => [
        state,
        (modelState: { value: unknown }) => {
          expect(actor.getSnapshot().value).toEqual(modelState.value);
          check(can(state));
        },
      ]),
    ),
    events: Object.fromEntries(
      events.map((e) => [
        e.type,
        (step: { event: CommissionEvent }) => {
          actor.send(step.event);
          const s = stepEntity(commissionMachine, stored, step.event);
          expect(s.state).toBe(String(actor.getSnapshot().value));
          stored = s.snapshot;
        },
      ]),
    ) as never,
  });
  actor.stop();
}

describe('commission machine', () => {
  const shortest = model.getShortestPaths();
  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]));
    for (const s of COMMISSION_STATUSES) expect(reached).toContain(s);
  });
  for (const path of shortest) it(`shortest: ${path.description}`, () => runPath(path));
  for (const path of model.getSimplePaths()) it(`simple: ${path.description}`, () => runPath(path));
  it('names the states as Dub does and keeps pending and held out of the payable balance', () => {
    expect(COMMISSION_STATUSES.map(dubStatus)).toEqual(['pending', 'pending', 'processed', 'refunded', 'canceled']);
    expect([...NOT_YET_PAYABLE].sort()).toEqual(['held', 'pending']);
  });
  it('every transition is covered', () => coverage.assertAllCovered());
});
