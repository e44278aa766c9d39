// Restores an earlier version of the follow-up script: its steps become the draft (replacing the working
// copy), to be published again through the check. Decision 031.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { AuditVia } from '../admin/audit.ts';
import { saveFollowUpDraft } from './save-follow-up-draft.ts';
import { MAX_INPUT_NUMBER } from '../input-bounds.ts';

export async function restoreFollowUpVersion(db: Db, input: { actorId: string; number: number; via: AuditVia }) {
  // A number the version column cannot hold is no version (and no query that fails as 'integer out of range').
  if (!Number.isInteger(input.number) || input.number < 1 || input.number > MAX_INPUT_NUMBER) throw new AppError('FOLLOW_UP_VERSION_NOT_FOUND');
  const version = await db.followUpScriptVersion.findUnique({ where: { number: input.number } });
  if (!version || version.status === 'draft') throw new AppError('FOLLOW_UP_VERSION_NOT_FOUND');
  return saveFollowUpDraft(db, { actorId: input.actorId, script: version.config, via: input.via, restoredFrom: version.number, action: 'followUp.restore' });
}
