// The follow-up script of the seeker intake at run time: the published version (FollowUpScriptVersion,
// decision 031) that new intake sessions are built from, or the default of six steps. The schemas and the
// machine built from a script are pure and live in machines/ (follow-up-script.ts, intake.machine.ts).
// An older stored form (MachineConfig key 'intake.followUpScript') is still read when nothing is published.
import type { Db } from '../db.ts';
import { translator } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { DEFAULT_SCRIPT_SHAPE } from '../../machines/intake.machine.ts';
import {
  DEFAULT_STEP_COUNT,
  followUpScriptSchema,
  stepText,
  type FollowUpScript,
  type FollowUpStep,
  type StepPurpose,
} from '../../machines/follow-up-script.ts';

export {
  DEFAULT_STEP_COUNT,
  MAX_STEPS,
  MAX_STEP_TEXT,
  STEP_PURPOSES,
  followUpDraftSchema,
  followUpScriptSchema,
  followUpStepSchema,
  stepText,
  stepsById,
  type FollowUpScript,
  type FollowUpStep,
  type StepPurpose,
} from '../../machines/follow-up-script.ts';

export const FOLLOW_UP_SCRIPT_KEY = 'intake.followUpScript';

/** The default script: the specification's six steps, worded in the locale files (chat:intake.script.*). */
export function defaultFollowUpScript(): FollowUpScript {
  const de = translator('de');
  const en = translator('en');
  return {
    version: 1,
    steps: DEFAULT_SCRIPT_SHAPE.map(({ id, purpose }) => ({
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
  source: 'published' | 'stored' | 'default';
  /** The published version's id (null for the default and the older stored form). */
  versionId: string | null;
  versionNumber: number | null;
}

/** A script the intake may run: valid and with at least six steps; null otherwise (the default applies). */
export function usableScript(config: unknown, logger?: Logger): FollowUpScript | null {
  const parsed = followUpScriptSchema.safeParse(config);
  if (!parsed.success) {
    logger?.warn({ issues: parsed.error.issues.slice(0, 5) }, 'stored follow-up script is invalid; using the default');
    return null;
  }
  if (parsed.data.steps.length < DEFAULT_STEP_COUNT) {
    logger?.info({ steps: parsed.data.steps.length }, 'stored follow-up script has fewer than six steps; using the default');
    return null;
  }
  return parsed.data;
}

/** The script new sessions start with: the published version, else the older stored form, else the default. */
export async function loadFollowUpScript(prisma: Db, logger?: Logger): Promise<LoadedScript> {
  const published = await prisma.followUpScriptVersion.findFirst({ where: { status: 'published' }, orderBy: { number: 'desc' } });
  if (published) {
    const script = usableScript(published.config, logger);
    if (script) return { script, source: 'published', versionId: published.id, versionNumber: published.number };
  } else {
    const row = await prisma.machineConfig.findUnique({ where: { key: FOLLOW_UP_SCRIPT_KEY } });
    const script = row ? usableScript(row.config, logger) : null;
    if (script) return { script, source: 'stored', versionId: null, versionNumber: null };
  }
  return { script: defaultFollowUpScript(), source: 'default', versionId: null, versionNumber: null };
}

/** The script a session was built from (its stored copy), or what new sessions get for older sessions. */
export async function sessionFollowUpScript(prisma: Db, session: { followUpScript?: unknown } | null, logger?: Logger): Promise<FollowUpScript> {
  const own = session?.followUpScript ? followUpScriptSchema.safeParse(session.followUpScript) : null;
  if (own?.success) return own.data;
  return (await loadFollowUpScript(prisma, logger)).script;
}

/** Validates and stores a script in the older form (kept for data written before versions). */
export async function saveFollowUpScript(prisma: Db, input: unknown, updatedById: string | null = null): Promise<FollowUpScript> {
  const script = followUpScriptSchema.parse(input);
  await prisma.machineConfig.upsert({
    where: { key: FOLLOW_UP_SCRIPT_KEY },
    create: { key: FOLLOW_UP_SCRIPT_KEY, config: script, updatedById },
    update: { config: script, updatedById },
  });
  return script;
}

/** The active steps of one purpose, in script order. */
export function stepsFor(script: FollowUpScript, purposes: readonly StepPurpose[]): FollowUpStep[] {
  return script.steps.filter((s) => s.active && purposes.includes(s.purpose));
}

/** The texts of these steps, joined as one reply; null when there are none. */
export function sayText(steps: readonly FollowUpStep[], lang: 'de' | 'en', vars: { name?: string | null; persona: string }): string | null {
  const texts = steps.map((s) => stepText(s, lang, vars));
  return texts.length ? texts.join('\n\n') : null;
}
