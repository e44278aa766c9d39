// Admin routes of the follow-up script editor: thin doors to server/domain/follow-up (decision 031).
import { defineRoute } from './route.ts';
import { getFollowUpEditor } from '../domain/follow-up/get-follow-up-editor.ts';
import { saveFollowUpDraft } from '../domain/follow-up/save-follow-up-draft.ts';
import { editFollowUpDraft } from '../domain/follow-up/edit-follow-up-draft.ts';
import { publishFollowUpScript } from '../domain/follow-up/publish-follow-up-script.ts';
import { restoreFollowUpVersion } from '../domain/follow-up/restore-follow-up-version.ts';
import { getFollowUpStats } from '../domain/follow-up/get-follow-up-stats.ts';
import { adminFollowUpContract } from '../../core/contract/admin-followup.ts';

const admin = { roles: ['admin'] } as const;

export const adminFollowUpRoutes = [
  defineRoute({
    ...adminFollowUpContract.editor,
    summary: 'The follow-up script editor: the working copy (draft or the script in use) with its graph check, and every version',
    tags: ['admin'],
    access: admin,
    handler: ({ deps }) => getFollowUpEditor(deps.db.prisma),
  }),
  defineRoute({
    ...adminFollowUpContract.save,
    summary: 'Saves the draft of the follow-up script (validated; published only by POST /api/admin/followup/publish)',
    tags: ['admin'],
    access: admin,
    responseDescription: 'The editor view after saving. 400 FOLLOW_UP_SCRIPT_INVALID or FOLLOW_UP_STEP_LIMIT for a bad script (nothing saved).',
    handler: async ({ deps, auth, body }) => {
      await saveFollowUpDraft(deps.db.prisma, { actorId: auth.user.id, script: body.script, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    ...adminFollowUpContract.edit,
    summary: 'Changes one step of the draft: hide, show, remove, move or add a text or voice step (the same command as the admin chat)',
    tags: ['admin'],
    access: admin,
    responseDescription:
      'The editor view after the change. 404 FOLLOW_UP_STEP_NOT_FOUND for a step number the script does not have; 400 FOLLOW_UP_STEP_LIMIT beyond 20 steps.',
    handler: async ({ deps, auth, body }) => {
      await editFollowUpDraft(deps.db.prisma, { actorId: auth.user.id, edit: body, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    ...adminFollowUpContract.publish,
    summary: 'Publishes the draft after the graph check; new chat sessions use it, running ones keep theirs',
    tags: ['admin'],
    access: admin,
    responseDescription:
      '409 FOLLOW_UP_NO_DRAFT without a draft; 422 FOLLOW_UP_TOO_FEW_STEPS, FOLLOW_UP_NAME_HIDDEN, FOLLOW_UP_STEP_UNREACHABLE, FOLLOW_UP_DEAD_END or FOLLOW_UP_NO_HAND_OFF when the check refuses it (nothing changes).',
    handler: async ({ deps, auth }) => {
      await publishFollowUpScript(deps.db.prisma, { actorId: auth.user.id, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    ...adminFollowUpContract.restore,
    summary: 'Makes an earlier version of the follow-up script the draft again (publish it to use it)',
    tags: ['admin'],
    access: admin,
    responseDescription: '404 FOLLOW_UP_VERSION_NOT_FOUND for an unknown version or the draft itself.',
    handler: async ({ deps, auth, params }) => {
      await restoreFollowUpVersion(deps.db.prisma, { actorId: auth.user.id, number: params.number, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    ...adminFollowUpContract.stats,
    summary: 'Per step of the published follow-up script: sessions that reached it and sessions that left there',
    tags: ['admin'],
    access: admin,
    handler: ({ deps }) => getFollowUpStats(deps.db.prisma),
  }),
];
