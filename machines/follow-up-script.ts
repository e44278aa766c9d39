// The follow-up script of the seeker intake as data: the steps the intake machine is built from
// (machines/intake.machine.ts buildIntakeMachine). Pure: zod schemas and helpers, shared by the server (which
// stores and publishes versions) and the admin editor's preview (which runs the same machine in the browser).
import { z } from 'zod';

export const DEFAULT_STEP_COUNT = 6;
export const MAX_STEPS = 20;
export const MAX_STEP_TEXT = 1000;

/**
 * What a step is for. greeting and nameConfirmed are messages (said where they stand in the order); askName
 * is the first-name question, categoryPrompt the category dropdown (the hand-off to the request intake),
 * closing the closing with the registration link.
 */
export const STEP_PURPOSES = ['greeting', 'askName', 'nameConfirmed', 'categoryPrompt', 'closing'] as const;
export type StepPurpose = (typeof STEP_PURPOSES)[number];

/** The purposes that are steps of the flow (each at most once), not only messages. */
export const STRUCTURAL_PURPOSES = ['askName', 'categoryPrompt', 'closing'] as const satisfies readonly StepPurpose[];

const text = z.string().trim().min(1).max(MAX_STEP_TEXT);

export const followUpStepSchema = z.object({
  // Also a state name of the built machine: letters, digits, '-' and '_' only.
  id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/),
  /** text: shown; voice: shown and read aloud by the server's text-to-speech. */
  type: z.enum(['text', 'voice']),
  purpose: z.enum(STEP_PURPOSES),
  /** The words in both languages; {name} is the person's first name, {persona} the assistant's name. */
  content: z.object({ de: text, en: text }),
  active: z.boolean(),
});

function uniqueSteps(script: { steps: { id: string; purpose: StepPurpose }[] }, ctx: z.RefinementCtx) {
  const ids = new Set<string>();
  script.steps.forEach((step, i) => {
    if (ids.has(step.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: 'duplicate step id' });
    ids.add(step.id);
  });
  for (const purpose of STRUCTURAL_PURPOSES) {
    if (script.steps.filter((s) => s.purpose === purpose).length > 1)
      ctx.addIssue({ code: 'custom', path: ['steps'], message: `more than one ${purpose} step` });
  }
}

/** A draft as the editor saves it: well-formed steps; whether the flow works is the publish check's question. */
export const followUpDraftSchema = z.object({ version: z.literal(1), steps: z.array(followUpStepSchema).max(MAX_STEPS) }).superRefine(uniqueSteps);

/** A script the intake may run: a draft whose first-name question is shown. */
export const followUpScriptSchema = followUpDraftSchema.superRefine((script, ctx) => {
  if (!script.steps.some((s) => s.active && s.purpose === 'askName')) {
    ctx.addIssue({ code: 'custom', path: ['steps'], message: 'an active step must ask for the first name' });
  }
});

export type FollowUpStep = z.infer<typeof followUpStepSchema>;
export type FollowUpScript = z.infer<typeof followUpDraftSchema>;
export type ScriptLang = 'de' | 'en';

/** One step's words for the person: placeholders filled. */
export function stepText(step: FollowUpStep, lang: ScriptLang, vars: { name?: string | null; persona: string }): string {
  return step.content[lang]
    .replace(/\{(name|persona)\}/g, (_m, key: 'name' | 'persona') => (key === 'name' ? (vars.name ?? '') : vars.persona))
    .replace(/\s+([,.!?])/g, '$1');
}

/** The steps with these ids, in the order given (ids the script does not have are left out). */
export function stepsById(script: FollowUpScript, ids: readonly string[]): FollowUpStep[] {
  const byId = new Map(script.steps.map((s) => [s.id, s]));
  return ids.map((id) => byId.get(id)).filter((s): s is FollowUpStep => !!s);
}
