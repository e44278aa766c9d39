// Generated graph tests for the intake machine built from follow-up scripts other than the default: the
// shortest paths of each built machine are replayed on a real actor, every transition must be taken (the
// coverage check replays those paths and the named loops itself, so it holds alone, filtered or shuffled;
// tests/helpers/graph-coverage.ts, issue 13), the steps are said in the script's order, and the publish
// check accepts them. Broken scripts are refused by
// the same check (server/domain/follow-up/check-follow-up-script.ts).
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { createActor, type AnyStateMachine } from 'xstate';
import { buildIntakeMachine, DEFAULT_SCRIPT_SHAPE, type IntakeEvent, type ScriptShapeStep } from '../../machines/intake.machine.ts';
import { checkFollowUpScript } from '../../server/domain/follow-up/check-follow-up-script.ts';
import { defaultFollowUpScript } from '../../server/intake/follow-up-script.ts';
import type { FollowUpScript } from '../../machines/follow-up-script.ts';
import { createTransitionCoverage, type EventSequence } from '../helpers/graph-coverage.ts';

const FULL = {
  category: 'handwerk',
  description: 'Heizung fällt aus',
  postcode: '50667',
  place: 'Köln',
  budgetMin: 300,
  budgetMax: 500,
  urgency: 'dringend',
  date: '2099-01-01',
} as const;

type Snap = { value: unknown; context: { version: number; said: string[]; requestId: string | null; draft: Record<string, unknown>; skipped: string[] } };

const events = (s: Snap): IntakeEvent[] => [
  { type: 'FIRST_NAME_SUBMITTED', name: 'Anna' },
  { type: 'FIRST_NAME_SUBMITTED', name: 'Anna Schmidt' },
  { type: 'CATEGORY_CHOSEN', category: 'auto' },
  { type: 'DRAFT_UPDATED', patch: FULL },
  { type: 'DRAFT_UPDATED', patch: { place: 'Olpe' } },
  { type: 'DRAFT_UPDATED', patch: { description: 'Bremsen quietschen' } },
  { type: 'FORM_SUBMITTED', patch: { category: 'auto', description: 'Bremsen', postcode: '50667', place: 'Köln' } },
  { type: 'FORM_SUBMITTED', patch: { budgetMin: 100, budgetMax: 100 }, open: ['date'] },
  { type: 'QUESTION_SKIPPED' },
  { type: 'REQUEST_CONFIRMED', version: s.context.version, requestId: 'r1', requestStatus: 'draft' },
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
  ]);

function script(edit: (s: FollowUpScript) => void): FollowUpScript {
  const s = defaultFollowUpScript();
  edit(s);
  return s;
}

// The loops shortest paths do not take: another category's form, a category given when asked, an edit of the
// summary, and a new request after a stored one.
const NAME: IntakeEvent = { type: 'FIRST_NAME_SUBMITTED', name: 'Anna' };
const LOOPS: EventSequence<ReturnType<typeof buildIntakeMachine>>[] = [
  [NAME, { type: 'CATEGORY_CHOSEN', category: 'auto' }, { type: 'CATEGORY_CHOSEN', category: 'beauty' }],
  [NAME, { type: 'DRAFT_UPDATED', patch: { place: 'Olpe', description: 'Bitte schnell' } }, { type: 'CATEGORY_CHOSEN', category: 'handwerk' }],
  [NAME, { type: 'DRAFT_UPDATED', patch: FULL }, { type: 'DRAFT_UPDATED', patch: { budgetMin: 50, budgetMax: 80 } }],
  [
    NAME,
    { type: 'DRAFT_UPDATED', patch: FULL },
    (x) => ({ type: 'REQUEST_CONFIRMED', version: x.context.version, requestId: 'r1', requestStatus: 'draft' }),
    { type: 'NEW_REQUEST_STARTED' },
  ],
  // The need told before the name; the form left and started again each way from where it was left.
  [{ type: 'DRAFT_UPDATED', patch: { category: 'handwerk', description: 'Wasserhahn tropft' } }, NAME],
  [
    NAME,
    { type: 'REQUEST_CANCELLED' },
    { type: 'FIRST_NAME_SUBMITTED', name: 'Marta' },
    { type: 'CATEGORY_CHOSEN', category: 'auto' },
    { type: 'REQUEST_CANCELLED' },
    { type: 'FORM_SUBMITTED', patch: { category: 'auto', description: 'Reifenwechsel' } },
    { type: 'REQUEST_CANCELLED' },
    { type: 'NEW_REQUEST_STARTED' },
    { type: 'CATEGORY_CHOSEN', category: 'auto' },
    { type: 'REQUEST_CANCELLED' },
    { type: 'DRAFT_UPDATED', patch: FULL },
    { type: 'REQUEST_CANCELLED' },
  ],
];

const shape = (s: FollowUpScript): ScriptShapeStep[] => s.steps.map(({ id, purpose, active }) => ({ id, purpose, active }));

/** Runs the name, a full need and the confirmation; returns the steps said at each stage. */
function conversation(machine: AnyStateMachine) {
  const actor = createActor(machine).start();
  const opened = [...actor.getSnapshot().context.said];
  actor.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna' });
  const afterName = actor.getSnapshot().context.said.slice(opened.length);
  actor.send({ type: 'DRAFT_UPDATED', patch: FULL });
  const before = actor.getSnapshot().context.said.length;
  actor.send({ type: 'REQUEST_CONFIRMED', version: actor.getSnapshot().context.version, requestId: 'r1', requestStatus: 'draft' });
  const closing = actor.getSnapshot().context.said.slice(before);
  const state = actor.getSnapshot().value;
  actor.stop();
  return { opened, afterName, closing, state };
}

const configs: { name: string; script: FollowUpScript; opened: string[]; afterName: string[]; closing: string[] }[] = [
  {
    name: 'the default script',
    script: defaultFollowUpScript(),
    opened: ['greeting-hello', 'greeting-urgent', 'ask-name'],
    afterName: ['name-confirmed', 'category-prompt'],
    closing: ['closing'],
  },
  {
    name: 'a reordered script (the second greeting after the name, a message after the closing)',
    script: script((s) => {
      const [hello, urgent, ask, confirmed, category, closing] = s.steps;
      s.steps = [
        hello!,
        ask!,
        urgent!,
        confirmed!,
        category!,
        closing!,
        { ...confirmed!, id: 'after-closing', purpose: 'greeting', content: { de: 'Bis bald!', en: 'See you!' } },
      ];
    }),
    opened: ['greeting-hello', 'ask-name'],
    afterName: ['greeting-urgent', 'name-confirmed', 'category-prompt'],
    closing: ['closing', 'after-closing'],
  },
  {
    name: 'a script with hidden steps',
    script: script((s) => {
      s.steps[1]!.active = false;
      s.steps[3]!.active = false;
    }),
    opened: ['greeting-hello', 'ask-name'],
    afterName: ['category-prompt'],
    closing: ['closing'],
  },
  {
    name: 'a script with a voice step',
    script: script((s) => {
      s.steps.splice(1, 0, {
        id: 'voice-hello',
        type: 'voice',
        purpose: 'greeting',
        content: { de: 'Hallo, hier spricht {persona}.', en: 'Hello, this is {persona}.' },
        active: true,
      });
    }),
    opened: ['greeting-hello', 'voice-hello', 'greeting-urgent', 'ask-name'],
    afterName: ['name-confirmed', 'category-prompt'],
    closing: ['closing'],
  },
];

describe.each(configs)('intake built from $name', ({ script: s, opened, afterName, closing }) => {
  const machine = buildIntakeMachine(shape(s));
  const paths = createTestModel(machine, { events, serializeState: flags } as never).getShortestPaths({ limit: 5000 } as never);

  it('passes the publish check', () => expect(checkFollowUpScript(s)).toMatchObject({ ok: true, problems: [] }));

  it('says the shown steps in the script order: greeting, after the name, closing', () => {
    expect(conversation(machine)).toEqual({ opened, afterName, closing, state: 'submitted' });
  });

  it('every shortest path replays on a real actor', () => {
    const reached = new Set<string>();
    for (const path of paths) {
      const actor = createActor(machine).start();
      for (const step of path.steps) {
        actor.send(step.event as IntakeEvent);
        expect(actor.getSnapshot().value).toEqual(step.state.value);
        reached.add(JSON.stringify(step.state.value));
      }
      actor.stop();
    }
    for (const state of ['greeting', 'choosingCategory', 'fillingForm', 'reviewing', 'submitted']) expect(reached).toContain(JSON.stringify(state));
  });

  it('every transition is taken by the shortest paths and the loops', () => {
    createTransitionCoverage(machine, { paths, extra: LOOPS }).assertAllCovered();
  });

  it('a new request says the category step again, not the greeting', () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna' });
    actor.send({ type: 'DRAFT_UPDATED', patch: FULL });
    actor.send({ type: 'REQUEST_CONFIRMED', version: actor.getSnapshot().context.version, requestId: 'r1', requestStatus: 'open' });
    const before = actor.getSnapshot().context.said.length;
    actor.send({ type: 'NEW_REQUEST_STARTED' });
    expect(actor.getSnapshot().context.said.slice(before)).toEqual(['category-prompt']);
  });
});

describe('the publish check refuses a broken script', () => {
  it('without a shown category step: no path reaches the request intake, and the flow ends in a dead end', () => {
    const check = checkFollowUpScript(script((s) => void (s.steps[4]!.active = false)));
    expect(check.ok).toBe(false);
    expect(check.problems.map((p) => p.code).sort()).toEqual(['DEAD_END', 'NO_HAND_OFF']);
  });

  it('with the first-name question after the category step: that step is unreachable', () => {
    const check = checkFollowUpScript(script((s) => void s.steps.splice(4, 0, s.steps.splice(2, 1)[0]!)));
    expect(check.problems).toEqual([{ code: 'UNREACHABLE', state: 'greeting', step: 'ask-name', stepNumber: 5 }]);
  });

  it('with the first-name question hidden, with fewer than six steps, or not a script at all', () => {
    expect(checkFollowUpScript(script((s) => void (s.steps[2]!.active = false))).problems.map((p) => p.code)).toEqual(['NAME_HIDDEN']);
    expect(checkFollowUpScript(script((s) => void s.steps.splice(1, 1))).problems.map((p) => p.code)).toEqual(['TOO_FEW_STEPS']);
    expect(checkFollowUpScript({ version: 1, steps: [{ id: 'x' }] }).problems.map((p) => p.code)).toEqual(['INVALID']);
  });

  it('the default shape is the six steps the default script words', () => {
    expect(shape(defaultFollowUpScript())).toEqual(DEFAULT_SCRIPT_SHAPE);
  });
});
