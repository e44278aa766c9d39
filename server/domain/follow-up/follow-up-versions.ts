// Shared reads of the follow-up script's versions (decision 031): the draft (at most one), the published
// version (at most one) and what an edit starts from.
import { AppError } from '../../../core/errors.ts';
import type { Db, DbTx } from '../../db.ts';
import { followUpDraftSchema, type FollowUpScript } from '../../../machines/follow-up-script.ts';
import { defaultFollowUpScript, loadFollowUpScript } from '../../intake/follow-up-script.ts';
import type { ScriptProblemCode } from './check-follow-up-script.ts';
import type { ErrorCode } from '../../../core/errors.ts';

export const FOLLOW_UP_ENTITY = 'followUpScript';

export async function findDraft(db: Db | DbTx) {
  return db.followUpScriptVersion.findFirst({ where: { status: 'draft' }, orderBy: { number: 'desc' } });
}

export async function findPublished(db: Db | DbTx) {
  return db.followUpScriptVersion.findFirst({ where: { status: 'published' }, orderBy: { number: 'desc' } });
}

/** A stored config as a script (versions are validated when written; a broken row reads as the default). */
export function scriptOf(config: unknown): FollowUpScript {
  const parsed = followUpDraftSchema.safeParse(config);
  return parsed.success ? parsed.data : defaultFollowUpScript();
}

/** What the editor works on: the draft, or a copy of the script new sessions get. */
export async function workingScript(db: Db | DbTx): Promise<FollowUpScript> {
  const draft = await findDraft(db);
  if (draft) return scriptOf(draft.config);
  return (await loadFollowUpScript(db as Db)).script;
}

export async function nextNumber(db: Db | DbTx): Promise<number> {
  const last = await db.followUpScriptVersion.findFirst({ orderBy: { number: 'desc' }, select: { number: true } });
  return (last?.number ?? 0) + 1;
}

/** Parses a script as a draft; a bad one is FOLLOW_UP_SCRIPT_INVALID (too many steps: FOLLOW_UP_STEP_LIMIT). */
export function parseDraft(input: unknown): FollowUpScript {
  const parsed = followUpDraftSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const tooMany = parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length === 1 && i.path[0] === 'steps');
  if (tooMany) throw new AppError('FOLLOW_UP_STEP_LIMIT', { params: { max: 20 } });
  throw new AppError('FOLLOW_UP_SCRIPT_INVALID', {
    fields: parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })),
  });
}

export const PROBLEM_ERRORS: Record<ScriptProblemCode, ErrorCode> = {
  INVALID: 'FOLLOW_UP_SCRIPT_INVALID',
  TOO_FEW_STEPS: 'FOLLOW_UP_TOO_FEW_STEPS',
  NAME_HIDDEN: 'FOLLOW_UP_NAME_HIDDEN',
  UNREACHABLE: 'FOLLOW_UP_STEP_UNREACHABLE',
  DEAD_END: 'FOLLOW_UP_DEAD_END',
  NO_HAND_OFF: 'FOLLOW_UP_NO_HAND_OFF',
};
