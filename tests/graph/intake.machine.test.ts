// Generated graph tests for the seeker intake machine: every shortest path from @xstate/graph (over the
// state value and which fields the draft has) is replayed on a real actor with each state's expectations
// checked, and every transition, the eventless routing included, must be taken: the coverage check replays
// those paths and the named sequences of the hand-written tests itself, so it holds alone, filtered or
// shuffled (tests/helpers/graph-coverage.ts, issue 13).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type SnapshotFrom } from 'xstate';
import { intakeMachine, nextMissing, type IntakeEvent } from '../../machines/intake.machine.ts';
import { machines } from '../../server/machines/registry.ts';
import { createTransitionCoverage } from '../helpers/graph-coverage.ts';

type Snap = SnapshotFrom<typeof intakeMachine>;

const FULL = {
  category: 'handwerk',
  description: 'Heizung fällt aus',
  postcode: '50667',
  place: 'Köln',
  budgetMin: 300,
  budgetMax: 500,
  urgency: 'dringend',
  date: '2030-01-01',
} as const;

// The events the intake's tools send. REQUEST_CONFIRMED names the version shown; a stale one is refused.
const events = (s: Snap): IntakeEvent[] => [
  { type: 'FIRST_NAME_SUBMITTED', name: 'Anna' },
  { type: 'FIRST_NAME_SUBMITTED', name: 'Anna Schmidt' },
  { type: 'CATEGORY_CHOSEN', category: 'auto' },
  { type: 'DRAFT_UPDATED', patch: FULL },
  { type: 'DRAFT_UPDATED', patch: { place: 'Olpe' } },
  { type: 'DRAFT_UPDATED', patch: { postcode: '57462', place: 'Olpe' } },
  { type: 'DRAFT_UPDATED', patch: { description: 'Bremsen quietschen' } },
  { type: 'DRAFT_UPDATED', patch: {} },
  { type: 'FORM_SUBMITTED', patch: { category: 'auto', description: 'Marke: BMW; Bremsen', postcode: '50667', place: 'Köln' } },
  { type: 'FORM_SUBMITTED', patch: { budgetMin: 100, budgetMax: 100 }, open: ['date'] },
  { type: 'QUESTION_SKIPPED' },
  { type: 'REQUEST_CONFIRMED', version: s.context.version, requestId: 'r1', requestStatus: 'draft' },
  { type: 'REQUEST_CONFIRMED', version: s.context.version - 1, requestId: 'r0', requestStatus: 'draft' },
  { type: 'NEW_REQUEST_STARTED' },
  { type: 'REQUEST_CANCELLED' },
  { type: 'STEP_BACK' },
];

const flags = (s: Snap) =>
  JSON.stringify([
    s.value,
    Object.entries(s.context.draft).map(([k, v]) => (v === null ? '' : k)),
    [...s.context.skipped].sort(),
    s.context.requestId !== null,
    s.context.firstName !== null,
  ]);

const expectations: Record<string, (s: Snap) => void> = {
  greeting: (s) => {
    expect(s.context.firstName).toBeNull();
    expect(s.can({ type: 'FIRST_NAME_SUBMITTED', name: 'Jürgen' })).toBe(true);
    expect(s.can({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna Schmidt' })).toBe(false);
    expect(s.can({ type: 'CATEGORY_CHOSEN', category: 'auto' })).toBe(false);
    // A need told instead of the name is kept (the name is asked again).
    expect(s.can({ type: 'DRAFT_UPDATED', patch: FULL })).toBe(JSON.stringify(s.context.draft) !== JSON.stringify(FULL));
  },
  idle: (s) => {
    expect(s.context.draft).toEqual({
      category: null,
      description: null,
      postcode: null,
      place: null,
      budgetMin: null,
      budgetMax: null,
      urgency: null,
      date: null,
    });
    expect(s.can({ type: 'DRAFT_UPDATED', patch: FULL })).toBe(true);
    expect(s.can({ type: 'NEW_REQUEST_STARTED' })).toBe(true);
  },
  choosingCategory: (s) => {
    expect(s.can({ type: 'CATEGORY_CHOSEN', category: 'auto' })).toBe(true);
    expect(s.can({ type: 'DRAFT_UPDATED', patch: {} })).toBe(false);
  },
  fillingForm: (s) => {
    expect(s.context.draft.category).toBe('auto');
    expect(s.can({ type: 'FORM_SUBMITTED', patch: { place: 'Olpe' } })).toBe(true);
  },
  'asking.category': (s) => expect(nextMissing(s.context.draft, s.context.skipped)).toBe('category'),
  'asking.description': (s) => expect(nextMissing(s.context.draft, s.context.skipped)).toBe('description'),
  'asking.location': (s) => expect(nextMissing(s.context.draft, s.context.skipped)).toBe('location'),
  'asking.budget': (s) => {
    expect(nextMissing(s.context.draft, s.context.skipped)).toBe('budget');
    expect(s.can({ type: 'QUESTION_SKIPPED' })).toBe(true);
  },
  'asking.urgency': (s) => expect(s.can({ type: 'QUESTION_SKIPPED' })).toBe(true),
  'asking.date': (s) => expect(s.can({ type: 'QUESTION_SKIPPED' })).toBe(true),
  reviewing: (s) => {
    expect(nextMissing(s.context.draft, s.context.skipped)).toBeNull();
    expect(s.can({ type: 'REQUEST_CONFIRMED', version: s.context.version, requestId: 'x', requestStatus: 'draft' })).toBe(true);
    expect(s.can({ type: 'REQUEST_CONFIRMED', version: s.context.version + 1, requestId: 'x', requestStatus: 'draft' })).toBe(false);
    expect(s.can({ type: 'QUESTION_SKIPPED' })).toBe(false);
  },
  submitted: (s) => {
    expect(s.hasTag('done')).toBe(true);
    expect(s.context.requestId).toBe('r1');
    expect(s.can({ type: 'DRAFT_UPDATED', patch: FULL })).toBe(false);
    expect(s.can({ type: 'NEW_REQUEST_STARTED' })).toBe(true);
  },
};

const key = (s: Snap) =>
  typeof s.value === 'string'
    ? s.value
    : Object.entries(s.value)
        .map(([k, v]) => `${k}.${String(v)}`)
        .join('');

const model = createTestModel(intakeMachine, { events, serializeState: flags } as never);
const shortestPaths = model.getShortestPaths({ limit: 5000 } as never);

async function runPath(path: ReturnType<typeof model.getShortestPaths>[number]) {
  const actor = createActor(intakeMachine);
  actor.start();
  for (const step of path.steps) {
    actor.send(step.event as IntakeEvent);
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual(step.state.value);
    expectations[key(snap)]?.(snap);
  }
  actor.stop();
}

describe('intake machine: shortest paths', () => {
  const paths = shortestPaths;
  it('reaches every state', () => {
    // Paths that are prefixes of longer ones are merged by @xstate/graph: count every step's state.
    const reached = new Set(paths.flatMap((p) => p.steps.map((step) => key(step.state as Snap))));
    for (const s of Object.keys(expectations)) expect(reached).toContain(s);
  });
  it('are a bounded number', () => expect(paths.length).toBeLessThan(2000));
  it('each path replays on a real actor with every state checked', async () => {
    for (const path of paths) await runPath(path);
  });
});

// Sequences the generated shortest paths do not take (a loop back to the routing, another category's form, a
// new request after a stored one): sent by the hand-written tests below and replayed by the coverage check.
const NAME: IntakeEvent = { type: 'FIRST_NAME_SUBMITTED', name: 'Anna' };
/** A need with urgency, a place, budget and date skipped, then a budget given in the review. */
const ASKED_IN_ORDER: [IntakeEvent, IntakeEvent, IntakeEvent, IntakeEvent, IntakeEvent, IntakeEvent] = [
  NAME,
  { type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Heizung kaputt', urgency: 'dringend' } },
  { type: 'DRAFT_UPDATED', patch: { postcode: '57462', place: 'Olpe' } },
  { type: 'QUESTION_SKIPPED' },
  { type: 'QUESTION_SKIPPED' },
  { type: 'DRAFT_UPDATED', patch: { budgetMin: 50, budgetMax: 80 } },
];
/** One category's form, then another's. */
const ANOTHER_CATEGORY_FORM: [IntakeEvent, IntakeEvent, IntakeEvent] = [
  NAME,
  { type: 'CATEGORY_CHOSEN', category: 'auto' },
  { type: 'CATEGORY_CHOSEN', category: 'beauty' },
];
/** A need with no category, then the category when asked for it. */
const CATEGORY_WHEN_ASKED: [IntakeEvent, IntakeEvent, IntakeEvent] = [
  NAME,
  { type: 'DRAFT_UPDATED', patch: { postcode: '57462', place: 'Olpe', description: 'Bitte schnell' } },
  { type: 'CATEGORY_CHOSEN', category: 'handwerk' },
];
/** The need told before the first name: kept, and after the name the intake goes on with it. */
const NEED_BEFORE_NAME: [IntakeEvent, IntakeEvent] = [{ type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Wasserhahn tropft' } }, NAME];
/** The form left ('abbrechen'), then a new need from where it was left; a name given later on the way. */
const CANCEL_AND_AGAIN: IntakeEvent[] = [
  NAME,
  { type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Wasserhahn tropft' } },
  { type: 'REQUEST_CANCELLED' },
  { type: 'FIRST_NAME_SUBMITTED', name: 'Marta' },
  { type: 'CATEGORY_CHOSEN', category: 'auto' },
  { type: 'REQUEST_CANCELLED' },
  { type: 'FORM_SUBMITTED', patch: { category: 'auto', description: 'Reifenwechsel bitte' } },
  { type: 'REQUEST_CANCELLED' },
  { type: 'NEW_REQUEST_STARTED' },
  { type: 'REQUEST_CANCELLED' },
];
/** 'Zurück' asks the question before again; in the summary, the last one. */
const BACK: IntakeEvent[] = [
  NAME,
  { type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Wasserhahn tropft', postcode: '50667', place: 'Köln' } },
  { type: 'STEP_BACK' },
  { type: 'DRAFT_UPDATED', patch: { postcode: '50667', place: 'Köln' } },
  { type: 'QUESTION_SKIPPED' },
  { type: 'QUESTION_SKIPPED' },
  { type: 'QUESTION_SKIPPED' },
  { type: 'STEP_BACK' },
];
/** The summary left without sending. */
const CANCEL_IN_SUMMARY: IntakeEvent[] = [NAME, { type: 'DRAFT_UPDATED', patch: FULL }, { type: 'REQUEST_CANCELLED' }];
/** A full need confirmed at the version shown, then a new request. */
const NEW_REQUEST_AFTER_SUBMITTED: [IntakeEvent, IntakeEvent, (s: Snap) => IntakeEvent, IntakeEvent] = [
  NAME,
  { type: 'DRAFT_UPDATED', patch: FULL },
  (s) => ({ type: 'REQUEST_CONFIRMED', version: s.context.version, requestId: 'r1', requestStatus: 'open' }),
  { type: 'NEW_REQUEST_STARTED' },
];

describe('intake machine: rules', () => {
  it('the server checks first names against the surname lists (the registry provides the guard)', () => {
    const logic = machines.intake.logic;
    for (const [name, ok] of [
      ['Jürgen', true],
      ['Anne-Marie', true],
      ['Müller', false],
      ['Schmidt', false],
      ['Anna Schmidt', false],
      ['R2D2', false],
    ] as const) {
      const actor = createActor(logic).start();
      actor.send({ type: 'FIRST_NAME_SUBMITTED', name });
      expect(actor.getSnapshot().value, name).toBe(ok ? 'choosingCategory' : 'greeting');
    }
  });

  it('asks the missing fields in order and only those', () => {
    const actor = createActor(intakeMachine).start();
    const [name, need, place, skipBudget, skipDate, budget] = ASKED_IN_ORDER;
    actor.send(name);
    actor.send(need);
    expect(actor.getSnapshot().value).toEqual({ asking: 'location' });
    actor.send(place);
    expect(actor.getSnapshot().value).toEqual({ asking: 'budget' });
    actor.send(skipBudget);
    // Urgency was given with the need: the date is next.
    expect(actor.getSnapshot().value).toEqual({ asking: 'date' });
    actor.send(skipDate);
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context.skipped).toEqual(['budget', 'date']);
    // A budget given later reopens nothing and replaces 'open'.
    actor.send(budget);
    expect(actor.getSnapshot().context.skipped).toEqual(['date']);
    expect(actor.getSnapshot().value).toBe('reviewing');
  });

  it('the form of another category replaces the first; a category chosen when asked goes on to the next question', () => {
    const actor = createActor(intakeMachine).start();
    for (const event of ANOTHER_CATEGORY_FORM) actor.send(event);
    expect(actor.getSnapshot().value).toBe('fillingForm');
    expect(actor.getSnapshot().context.draft.category).toBe('beauty');

    const asked = createActor(intakeMachine).start();
    const [askedName, withoutCategory, category] = CATEGORY_WHEN_ASKED;
    asked.send(askedName);
    asked.send(withoutCategory);
    expect(asked.getSnapshot().value).toEqual({ asking: 'category' });
    asked.send(category);
    expect(asked.getSnapshot().value).toEqual({ asking: 'budget' });
  });

  it('a new request after a submitted one keeps the first name and starts with an empty draft', () => {
    const actor = createActor(intakeMachine).start();
    const [name, need, confirm, again] = NEW_REQUEST_AFTER_SUBMITTED;
    actor.send(name);
    actor.send(need);
    const { version } = actor.getSnapshot().context;
    actor.send(confirm(actor.getSnapshot()));
    expect(actor.getSnapshot().value).toBe('submitted');
    actor.send(again);
    const s = actor.getSnapshot();
    expect(s.value).toBe('choosingCategory');
    expect(s.context).toMatchObject({ firstName: 'Anna', requestId: null, skipped: [], draft: { category: null, description: null } });
    expect(s.context.version).toBeGreaterThan(version);
  });

  it('a refused event changes nothing, not even the version', () => {
    const actor = createActor(intakeMachine).start();
    actor.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna' });
    const before = actor.getSnapshot().context;
    actor.send({ type: 'DRAFT_UPDATED', patch: {} });
    actor.send({ type: 'QUESTION_SKIPPED' });
    actor.send({ type: 'REQUEST_CONFIRMED', version: before.version, requestId: 'x', requestStatus: 'open' });
    expect(actor.getSnapshot().context).toEqual(before);
  });

  it('keeps a need told before the first name and goes on with it after the name', () => {
    const actor = createActor(intakeMachine).start();
    const [need, name] = NEED_BEFORE_NAME;
    actor.send(need);
    expect(actor.getSnapshot().value).toBe('greeting');
    expect(actor.getSnapshot().context.draft.description).toBe('Wasserhahn tropft');
    actor.send(name);
    expect(actor.getSnapshot().value).toEqual({ asking: 'location' });
    expect(actor.getSnapshot().context.firstName).toBe('Anna');
  });

  it('a place without a postcode asks for the postcode', () => {
    const actor = createActor(intakeMachine).start();
    actor.send(NAME);
    actor.send({ type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Klempner', place: 'Berlin' } });
    expect(actor.getSnapshot().value).toEqual({ asking: 'location' });
  });

  it('leaves the form with the draft dropped and starts again from a need, a category or a new request', () => {
    const actor = createActor(intakeMachine).start();
    for (const e of CANCEL_AND_AGAIN.slice(0, 3)) actor.send(e);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.draft.category).toBeNull();
    actor.send(CANCEL_AND_AGAIN[3]!);
    expect(actor.getSnapshot().context.firstName).toBe('Marta');
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(CANCEL_AND_AGAIN[4]!);
    expect(actor.getSnapshot().value).toBe('fillingForm');
  });

  it("'zurück' asks the question before again", () => {
    const actor = createActor(intakeMachine).start();
    for (const e of BACK.slice(0, 3)) actor.send(e);
    // From the budget question back to the place.
    expect(actor.getSnapshot().value).toEqual({ asking: 'location' });
    expect(actor.getSnapshot().context.draft.postcode).toBeNull();
    for (const e of BACK.slice(3)) actor.send(e);
    // From the summary back to the date, which was left open.
    expect(actor.getSnapshot().value).toEqual({ asking: 'date' });
    expect(actor.getSnapshot().context.skipped).not.toContain('date');
  });

  it('restores from a persisted snapshot in a nested state', () => {
    const actor = createActor(intakeMachine).start();
    actor.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna' });
    actor.send({ type: 'DRAFT_UPDATED', patch: { category: 'beauty', description: 'Haare schneiden zu Hause' } });
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    const restored = createActor(intakeMachine, { snapshot: persisted }).start();
    expect(restored.getSnapshot().value).toEqual({ asking: 'location' });
    expect(restored.getSnapshot().context.draft.category).toBe('beauty');
  });
});

describe('transition coverage', () => {
  it('every transition of the intake machine is taken by the generated paths and the named sequences', () => {
    const coverage = createTransitionCoverage(intakeMachine, {
      paths: shortestPaths,
      extra: [
        ASKED_IN_ORDER,
        ANOTHER_CATEGORY_FORM,
        CATEGORY_WHEN_ASKED,
        NEW_REQUEST_AFTER_SUBMITTED,
        NEED_BEFORE_NAME,
        CANCEL_AND_AGAIN,
        BACK,
        CANCEL_IN_SUMMARY,
      ],
    });
    expect(coverage.covered().size).toBeGreaterThan(0);
    coverage.assertAllCovered();
  });
});
