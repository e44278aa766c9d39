// One change of the follow-up script's draft, as the admin chat proposes it: hide, show, add, move or remove
// a step. applyFollowUpEdit is the pure rule (the confirm card shows its result before anything is saved).
import crypto from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import type { AuditVia } from '../admin/audit.ts';
import { MAX_STEPS, type FollowUpScript } from '../../../machines/follow-up-script.ts';
import { saveFollowUpDraft, type SavedDraft } from './save-follow-up-draft.ts';
import { workingScript } from './follow-up-versions.ts';
import type { FollowUpEdit } from '../../../core/api/follow-up.ts';
export { followUpEditSchema } from '../../../core/api/follow-up.ts';
export type { FollowUpEdit } from '../../../core/api/follow-up.ts';

/** The script after the edit (steps are named by their number in the list, from 1). */
export function applyFollowUpEdit(script: FollowUpScript, edit: FollowUpEdit): FollowUpScript {
  const steps = [...script.steps];
  const at = (n: number) => {
    if (n > steps.length) throw new AppError('FOLLOW_UP_STEP_NOT_FOUND');
    return n - 1;
  };
  switch (edit.op) {
    case 'hide':
    case 'show': {
      const i = at(edit.step);
      steps[i] = { ...steps[i]!, active: edit.op === 'show' };
      break;
    }
    case 'remove':
      steps.splice(at(edit.step), 1);
      break;
    case 'move': {
      const [step] = steps.splice(at(edit.step), 1);
      steps.splice(Math.min(edit.to, steps.length + 1) - 1, 0, step!);
      break;
    }
    case 'add': {
      if (steps.length >= MAX_STEPS) throw new AppError('FOLLOW_UP_STEP_LIMIT', { params: { max: MAX_STEPS } });
      const step = {
        id: `step-${crypto.randomUUID().slice(0, 8)}`,
        type: edit.type,
        purpose: 'greeting' as const,
        content: { de: edit.de, en: edit.en },
        active: true,
      };
      // A new message goes before the first-name question unless a place is given: it is part of the greeting.
      const nameAt = steps.findIndex((s) => s.purpose === 'askName');
      const index = edit.at ? Math.min(edit.at, steps.length + 1) - 1 : nameAt >= 0 ? nameAt : steps.length;
      steps.splice(index, 0, step);
      break;
    }
  }
  return { ...script, steps };
}

export async function editFollowUpDraft(db: Db, input: { actorId: string; edit: FollowUpEdit; via: AuditVia }): Promise<SavedDraft> {
  const next = applyFollowUpEdit(await workingScript(db), input.edit);
  return saveFollowUpDraft(db, { actorId: input.actorId, script: next, via: input.via, action: `followUp.${input.edit.op}Step` });
}
