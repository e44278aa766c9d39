// Saves the editor's working copy of the follow-up script as the draft version (one draft at a time).
import type { Db } from '../../db.ts';
import { lockConfig } from '../../db/config-lock.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import type { FollowUpScript } from '../../../machines/follow-up-script.ts';
import { FOLLOW_UP_ENTITY, findDraft, nextNumber, parseDraft, workingScript } from './follow-up-versions.ts';

export interface SavedDraft {
  id: string;
  number: number;
  script: FollowUpScript;
  before: FollowUpScript;
}

export async function saveFollowUpDraft(
  db: Db,
  input: { actorId: string; script: unknown; via: AuditVia; restoredFrom?: number | null; action?: string },
): Promise<SavedDraft> {
  const script = parseDraft(input.script);
  return db.$transaction(async (tx) => {
    await lockConfig(tx, 'followUpScript');
    const before = await workingScript(tx);
    const draft = await findDraft(tx);
    const row = draft
      ? await tx.followUpScriptVersion.update({ where: { id: draft.id }, data: { config: script, restoredFrom: input.restoredFrom ?? null } })
      : await tx.followUpScriptVersion.create({
          data: { number: await nextNumber(tx), config: script, status: 'draft', createdById: input.actorId, restoredFrom: input.restoredFrom ?? null },
        });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.action ?? 'followUp.saveDraft',
      entityType: FOLLOW_UP_ENTITY,
      entityId: row.id,
      before: { number: draft?.number ?? null, steps: before.steps },
      after: { number: row.number, steps: script.steps, ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}) },
      via: input.via,
    });
    return { id: row.id, number: row.number, script, before };
  });
}
