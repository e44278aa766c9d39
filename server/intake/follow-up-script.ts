// The follow-up script of the seeker intake: the greeting and follow-up messages, stored in the database as
// a validated machine configuration (MachineConfig key 'intake.followUpScript'). The greeting is sent from
// it when an intake session opens; the name confirmation, the category prompt and the closing come from it
// as the flow reaches them. A stored script with fewer than six steps (or one that fails validation) is
// replaced by the default of six steps. The admin editor is its own issue; this is the model and runtime.
import { z } from 'zod';
import type { Db } from '../db.ts';
import { translator, type Lang } from '../i18n.ts';
import type { Logger } from '../logger.ts';

export const FOLLOW_UP_SCRIPT_KEY = 'intake.followUpScript';
export const DEFAULT_STEP_COUNT = 6;
export const MAX_STEPS = 20;
export const MAX_STEP_TEXT = 1000;

/** What a step is for: where the flow says it. */
export const STEP_PURPOSES = ['greeting', 'askName', 'nameConfirmed', 'categoryPrompt', 'closing'] as const;
export type StepPurpose = (typeof STEP_PURPOSES)[number];

const text = z.string().trim().min(1).max(MAX_STEP_TEXT);

export const followUpStepSchema = z.object({
  id: z.string().trim().min(1).max(64),
  /** text: shown; voice: shown and read aloud by the server's text-to-speech. */
  type: z.enum(['text', 'voice']),
  purpose: z.enum(STEP_PURPOSES),
  /** The words in both languages; {name} is the person's first name, {persona} the assistant's name. */
  content: z.object({ de: text, en: text }),
  active: z.boolean(),
});

export const followUpScriptSchema = z
  .object({
    version: z.literal(1),
    steps: z.array(followUpStepSchema).max(MAX_STEPS),
  })
  .superRefine((script, ctx) => {
    const ids = new Set<string>();
    script.steps.forEach((step, i) => {
      if (ids.has(step.id)) ctx.addIssue({ code: 'custom', path: ['steps', i, 'id'], message: 'duplicate step id' });
      ids.add(step.id);
    });
    if (!script.steps.some((s) => s.active && s.purpose === 'askName')) {
      ctx.addIssue({ code: 'custom', path: ['steps'], message: 'an active step must ask for the first name' });
    }
  });

export type FollowUpStep = z.infer<typeof followUpStepSchema>;
export type FollowUpScript = z.infer<typeof followUpScriptSchema>;

const DEFAULT_STEPS: { id: string; purpose: StepPurpose }[] = [
  { id: 'greeting-hello', purpose: 'greeting' },
  { id: 'greeting-urgent', purpose: 'greeting' },
  { id: 'ask-name', purpose: 'askName' },
  { id: 'name-confirmed', purpose: 'nameConfirmed' },
  { id: 'category-prompt', purpose: 'categoryPrompt' },
  { id: 'closing', purpose: 'closing' },
];

/** The default script: the specification's six steps, worded in the locale files (chat:intake.script.*). */
export function defaultFollowUpScript(): FollowUpScript {
  const de = translator('de');
  const en = translator('en');
  return {
    version: 1,
    steps: DEFAULT_STEPS.map(({ id, purpose }) => ({
      id,
      type: 'text' as const,
      purpose,
      content: { de: de(`chat:intake.script.${id}`) as string, en: en(`chat:intake.script.${id}`) as string },
      active: true,
    })),
  };
}

export interface LoadedScript {
  script: FollowUpScript;
  source: 'stored' | 'default';
}

/** The active script: the stored one when it is valid and has at least six steps, otherwise the default. */
export async function loadFollowUpScript(prisma: Db, logger?: Logger): Promise<LoadedScript> {
  const row = await prisma.machineConfig.findUnique({ where: { key: FOLLOW_UP_SCRIPT_KEY } });
  if (!row) return { script: defaultFollowUpScript(), source: 'default' };
  const parsed = followUpScriptSchema.safeParse(row.config);
  if (!parsed.success) {
    logger?.warn({ issues: parsed.error.issues.slice(0, 5) }, 'stored follow-up script is invalid; using the default');
    return { script: defaultFollowUpScript(), source: 'default' };
  }
  if (parsed.data.steps.length < DEFAULT_STEP_COUNT) {
    logger?.info({ steps: parsed.data.steps.length }, 'stored follow-up script has fewer than six steps; using the default');
    return { script: defaultFollowUpScript(), source: 'default' };
  }
  return { script: parsed.data, source: 'stored' };
}

/** Validates and stores a script (the admin editor's door). Throws the zod error for bad input. */
export async function saveFollowUpScript(prisma: Db, input: unknown, updatedById: string | null = null): Promise<FollowUpScript> {
  const script = followUpScriptSchema.parse(input);
  await prisma.machineConfig.upsert({
    where: { key: FOLLOW_UP_SCRIPT_KEY },
    create: { key: FOLLOW_UP_SCRIPT_KEY, config: script, updatedById },
    update: { config: script, updatedById },
  });
  return script;
}

/** One step's words for the person: placeholders filled. */
export function stepText(step: FollowUpStep, lang: Lang, vars: { name?: string | null; persona: string }): string {
  return step.content[lang].replace(/\{(name|persona)\}/g, (_m, key: 'name' | 'persona') => (key === 'name' ? (vars.name ?? '') : vars.persona)).replace(/\s+([,.!?])/g, '$1');
}

/** The active steps of one purpose, in script order. */
export function stepsFor(script: FollowUpScript, purposes: readonly StepPurpose[]): FollowUpStep[] {
  return script.steps.filter((s) => s.active && purposes.includes(s.purpose));
}

/** The messages of the greeting: the active greeting steps up to and including the question for the name. */
export function greetingSteps(script: FollowUpScript): FollowUpStep[] {
  return stepsFor(script, ['greeting', 'askName']);
}

/** The texts the flow says at one point, joined as one reply. */
export function scriptSay(script: FollowUpScript, purposes: readonly StepPurpose[], lang: Lang, vars: { name?: string | null; persona: string }): string | null {
  const texts = stepsFor(script, purposes).map((s) => stepText(s, lang, vars));
  return texts.length ? texts.join('\n\n') : null;
}
