// Generated graph tests for the unlock machine: the quote's and the unlock's results are events
// (QUOTE_LOADED/QUOTE_FAILED, UNLOCK_SUCCEEDED/UNLOCK_FAILED/PRICE_CHANGED), so every path through the quote's outcomes,
// the confirmation and the unlock's outcomes is replayed on a real actor. The coverage check replays those
// paths itself, so it holds alone, filtered or shuffled (tests/helpers/graph-coverage.ts, issue 13).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import { unlockMachine, unlockMachineWith, type UnlockEvent, type UnlockQuote } from '../../machines/unlock.machine.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

type Snap = SnapshotFrom<typeof unlockMachine>;

const quote = (q: Partial<UnlockQuote>): UnlockQuote => ({
  requestId: 'r1',
  price: 50,
  balance: 120,
  unlocked: 1,
  max: 5,
  alreadyUnlocked: false,
  available: true,
  reason: null,
  ...q,
});
const quoteDone = (q: Partial<UnlockQuote>): UnlockEvent => ({ type: 'QUOTE_LOADED', quote: quote(q) });
const unlockFailed = (code: string): UnlockEvent => ({ type: 'UNLOCK_FAILED', code });

const events: UnlockEvent[] = [
  quoteDone({}),
  quoteDone({ balance: 20 }),
  quoteDone({ unlocked: 5, available: false, reason: 'soldOut' }),
  quoteDone({ alreadyUnlocked: true }),
  quoteDone({ available: false, reason: 'closed' }),
  { type: 'QUOTE_FAILED', code: 'NOT_FOUND' },
  { type: 'UNLOCK_SUCCEEDED', result: { requestId: 'r1', balance: 70, repeated: false } },
  unlockFailed('INSUFFICIENT_GOINTS'),
  unlockFailed('REQUEST_SOLD_OUT'),
  unlockFailed('ALREADY_UNLOCKED'),
  unlockFailed('REQUEST_NOT_AVAILABLE'),
  unlockFailed('INTERNAL'),
  // The price in force changed between the quote and the click: the fresh quote, affordable or not.
  { type: 'PRICE_CHANGED', quote: quote({ price: 80 }) },
  { type: 'PRICE_CHANGED', quote: quote({ price: 500 }) },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'RETRY' },
];

const expectations: Record<string, (s: Snap) => void> = {
  loadingQuote: (s) => expect(s.can({ type: 'CONFIRM' })).toBe(false),
  quoteFailed: (s) => {
    expect(s.context.error).toBe('NOT_FOUND');
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  awaitingConfirmation: (s) => {
    expect(s.context.quote!.balance).toBeGreaterThanOrEqual(s.context.quote!.price);
    // Asked again after a price change: at the new price, never the one confirmed before.
    if (s.context.priceChangedFrom !== null) expect(s.context.quote!.price).not.toBe(s.context.priceChangedFrom);
    expect(s.context.quote!.unlocked).toBeLessThan(s.context.quote!.max);
    expect(s.can({ type: 'CONFIRM' })).toBe(true);
  },
  // Nothing is charged without the confirmation: the unlock runs only after CONFIRM.
  unlocking: (s) => expect(s.can({ type: 'CONFIRM' })).toBe(false),
  failed: (s) => expect(s.context.error).toBe('INTERNAL'),
  insufficientGoints: (s) => {
    expect(s.can({ type: 'CONFIRM' })).toBe(false);
    expect(s.can({ type: 'RETRY' })).toBe(true);
  },
  unlocked: (s) => expect(s.status).toBe('done'),
  soldOut: (s) => expect(s.status).toBe('done'),
  unavailable: (s) => expect(s.status).toBe('done'),
  cancelled: (s) => expect(s.status).toBe('done'),
};

const input = { requestId: 'r1' };
const model = createTestModel(unlockMachine, { events, input } as never);
const shortestPaths = model.getShortestPaths({
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.error, s.context.quote?.balance, s.context.quote?.price]),
} as never);
const simplePaths = model.getSimplePaths({ serializeState: (s: Snap) => JSON.stringify(s.value) } as never);

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(unlockMachine, { input });
  actor.start();
  await path.test({
    states: Object.fromEntries(
      Object.entries(expectations).map(([state, check]) => [
        state,
        (modelState: Snap) => {
          expect(actor.getSnapshot().value).toEqual(modelState.value);
          check(actor.getSnapshot());
        },
      ]),
    ),
    events: Object.fromEntries(events.map((e) => [e.type, (step: { event: UnlockEvent }) => void actor.send(step.event)])) as never,
  });
  actor.stop();
}

describe('unlock machine: shortest paths', () => {
  const paths = shortestPaths;
  it('reaches every state', () => {
    // Paths that are the start of a longer path are merged into it: count every state a path passes.
    const reached = new Set(paths.flatMap((p) => [...p.steps.map((st) => JSON.stringify(st.state.value)), JSON.stringify(p.state.value)]));
    for (const s of Object.keys(expectations)) expect(reached).toContain(JSON.stringify(s));
  });
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('unlock machine: simple paths', () => {
  const paths = simplePaths;
  it('are bounded', () => expect(paths.length).toBeLessThan(400));
  for (const path of paths) it(path.description, () => runPath(path));
});

describe('unlock machine: the door provides the actors', () => {
  it('runs quote, confirmation and unlock with the provided operations, and never unlocks without CONFIRM', async () => {
    const calls: string[] = [];
    const m = unlockMachineWith({
      quote: async () => (calls.push('quote'), quote({})),
      unlock: async () => (calls.push('unlock'), { requestId: 'r1', balance: 70, repeated: false }),
    });
    const actor = createActor(m, { input: { requestId: 'r1' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    expect(calls).toEqual(['quote']);
    actor.send({ type: 'CONFIRM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(actor.getSnapshot().context.result).toEqual({ requestId: 'r1', balance: 70, repeated: false });
    expect(calls).toEqual(['quote', 'unlock']);
  });
});

describe('unlock machine: the confirmed price', () => {
  it('the unlock gets the price confirmed; a changed price asks again at the new price, which the next unlock carries', async () => {
    const prices: number[] = [];
    let inForce = 100;
    const m = unlockMachineWith({
      quote: async () => quote({ price: 50, balance: 500 }),
      unlock: async (_id, confirmed) => {
        prices.push(confirmed);
        if (confirmed !== inForce)
          throw Object.assign(new Error('changed'), { code: 'UNLOCK_PRICE_CHANGED', details: { quote: quote({ price: inForce, balance: 500 }) } });
        return { requestId: 'r1', balance: 500 - confirmed, repeated: false };
      },
    });
    const actor = createActor(m, { input: { requestId: 'r1' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'CONFIRM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('awaitingConfirmation');
    expect(actor.getSnapshot().context).toMatchObject({ priceChangedFrom: 50, quote: { price: 100 } });
    inForce = 100;
    actor.send({ type: 'CONFIRM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(prices).toEqual([50, 100]);
  });

  it('a price change without a fresh quote is a failure, never an unlock at another price', async () => {
    const m = unlockMachineWith({
      quote: async () => quote({}),
      unlock: async () => {
        throw Object.assign(new Error('changed'), { code: 'UNLOCK_PRICE_CHANGED' });
      },
    });
    const actor = createActor(m, { input: { requestId: 'r1' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'CONFIRM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('UNLOCK_PRICE_CHANGED');
  });
});

describe('unlock machine: errors of the operations', () => {
  it('an operation failing with a code ends in the state for that code', async () => {
    const m = unlockMachineWith({
      quote: async () => quote({}),
      unlock: async () => {
        throw Object.assign(new Error('no'), { code: 'REQUEST_SOLD_OUT' });
      },
    });
    const actor = createActor(m, { input: { requestId: 'r1' } }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'CONFIRM' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('soldOut');
    expect(actor.getSnapshot().context.error).toBe('REQUEST_SOLD_OUT');
  });
});

describe('transition coverage', () => {
  it('every transition of the unlock machine is covered by the generated paths', () => {
    const coverage = createTransitionCoverage(unlockMachine, { paths: [...shortestPaths, ...simplePaths], input });
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
