// Restores an earlier version of the follow-up script: its steps become the draft (replacing the working
// copy), to be published again through the check. Decision 031.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { AuditVia } from '../admin/audit.ts';
import { saveFollowUpDraft } from './save-follow-up-draft.ts';

export async function restoreFollowUpVersion(db: Db, input: { actorId: string; number: number; via: AuditVia }) {
  const version = await db.followUpScriptVersion.findUnique({ where: { number: input.number } });
  if (!version || version.status === 'draft') throw new AppError('FOLLOW_UP_VERSION_NOT_FOUND');
  return saveFollowUpDraft(db, { actorId: input.actorId, script: version.config, via: input.via, restoredFrom: version.number, action: 'followUp.restore' });
}
