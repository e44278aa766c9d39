// Generated graph tests for the payout machine: every shortest and simple path is replayed on a real actor
// and through the server's pure stepping, each state's rules are checked, every transition is taken.
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor } from 'xstate';
import { displayStatus, payoutMachine, PAYOUT_STATUSES, RETURNS_FUNDS, type PayoutEvent } from '../../machines/payout.machine.ts';
import { initialEntity, stepEntity } from '../../server/machines/entity.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

const events: PayoutEvent[] = [{ type: 'HELD' }, { type: 'APPROVED' }, { type: 'REJECTED', reason: 'Daten unvollständig' }, { type: 'SENT' }, { type: 'PAID' }, { type: 'FAILED', reason: 'Konto erloschen' }];

const can = (state: string) => (e: PayoutEvent) => createActor(payoutMachine, { snapshot: payoutMachine.resolveState({ value: state, context: {} }) }).getSnapshot().can(e);

const expectations: Record<string, (c: (e: PayoutEvent) => boolean) => void> = {
  requested: (c) => {
    expect(c({ type: 'APPROVED' })).toBe(true);
    expect(c({ type: 'HELD' })).toBe(true);
    // Nothing is paid or sent before an admin approved it.
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'SENT' })).toBe(false);
  },
  held: (c) => {
    // Held for review: only an admin's release (APPROVED) or rejection moves it; nothing is sent or paid.
    expect(c({ type: 'APPROVED' })).toBe(true);
    expect(c({ type: 'REJECTED', reason: 'x' })).toBe(true);
    expect(c({ type: 'SENT' })).toBe(false);
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'HELD' })).toBe(false);
  },
  approved: (c) => {
    expect(c({ type: 'SENT' })).toBe(true);
    expect(c({ type: 'PAID' })).toBe(false);
    expect(c({ type: 'APPROVED' })).toBe(false);
  },
  processing: (c) => {
    expect(c({ type: 'PAID' })).toBe(true);
    // Once sent, it can no longer be rejected, only fail.
    expect(c({ type: 'REJECTED', reason: 'x' })).toBe(false);
  },
  paid: (c) => expect(c({ type: 'FAILED', reason: 'x' })).toBe(false),
  failed: (c) => expect(c({ type: 'PAID' })).toBe(false),
  rejected: (c) => expect(c({ type: 'APPROVED' })).toBe(false),
};

const model = createTestModel(payoutMachine, { events } as never);
const coverage = createTransitionCoverage(payoutMachine);

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(payoutMachine, { inspect: coverage.inspect }).start();
  let stored: unknown = initialEntity(payoutMachine).snapshot;
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
        (step: { event: PayoutEvent }) => {
          actor.send(step.event);
          const s = stepEntity(payoutMachine, stored, step.event);
          expect(s.state).toBe(String(actor.getSnapshot().value));
          stored = s.snapshot;
        },
      ]),
    ) as never,
  });
  actor.stop();
}

describe('payout machine', () => {
  const shortest = model.getShortestPaths();
  it('reaches every state', () => {
    const reached = new Set(shortest.flatMap((p) => [...p.steps.map((s) => String(s.state.value)), String(p.state.value)]));
    for (const s of PAYOUT_STATUSES) expect(reached).toContain(s);
  });
  for (const path of shortest) it(`shortest: ${path.description}`, () => runPath(path));
  for (const path of model.getSimplePaths()) it(`simple: ${path.description}`, () => runPath(path));
  it('shows the specification statuses and returns funds only from failed and rejected', () => {
    expect(PAYOUT_STATUSES.map(displayStatus)).toEqual(['pending', 'pending', 'pending', 'pending', 'processed', 'failed', 'rejected']);
    expect([...RETURNS_FUNDS].sort()).toEqual(['failed', 'rejected']);
  });
  it('every transition is covered', () => coverage.assertAllCovered());
});
