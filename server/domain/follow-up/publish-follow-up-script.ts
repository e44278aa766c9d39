// Publishes the draft of the follow-up script: the graph check runs on it first and a broken script is
// refused with the first problem's reason. New intake sessions are built from it; running ones keep theirs.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { lockConfig } from '../../db/config-lock.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { DEFAULT_STEP_COUNT } from '../../../machines/follow-up-script.ts';
import { checkFollowUpScript, type ScriptCheck } from './check-follow-up-script.ts';
import { FOLLOW_UP_ENTITY, PROBLEM_ERRORS, findDraft, findPublished, scriptOf } from './follow-up-versions.ts';

/** Throws the AppError of a failed check's first problem. */
export function refuseBroken(check: ScriptCheck): void {
  const first = check.problems[0];
  if (!first) return;
  throw new AppError(PROBLEM_ERRORS[first.code], { params: { min: DEFAULT_STEP_COUNT, step: first.stepNumber ?? '?' } });
}

export async function publishFollowUpScript(db: Db, input: { actorId: string; via: AuditVia; expected?: { id: string; updatedAt: string } }) {
  return db.$transaction(async (tx) => {
    await lockConfig(tx, 'followUpScript');
    const draft = await findDraft(tx);
    if (!draft) throw new AppError('FOLLOW_UP_NO_DRAFT');
    // A confirmation card showed one draft: when it was edited since, publishing it would publish unseen words.
    if (input.expected && (draft.id !== input.expected.id || draft.updatedAt.toISOString() !== input.expected.updatedAt))
      throw new AppError('FOLLOW_UP_DRAFT_CHANGED');
    const check = checkFollowUpScript(draft.config);
    refuseBroken(check);
    const previous = await findPublished(tx);
    if (previous) await tx.followUpScriptVersion.update({ where: { id: previous.id }, data: { status: 'archived' } });
    const published = await tx.followUpScriptVersion.update({
      where: { id: draft.id },
      data: { status: 'published', publishedAt: new Date(), publishedById: input.actorId },
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'followUp.publish',
      entityType: FOLLOW_UP_ENTITY,
      entityId: published.id,
      before: previous ? { number: previous.number, steps: scriptOf(previous.config).steps } : null,
      after: { number: published.number, steps: scriptOf(published.config).steps },
      via: input.via,
    });
    return { id: published.id, number: published.number, check };
  });
}
