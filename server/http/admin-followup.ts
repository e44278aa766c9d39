// Admin routes of the follow-up script editor: thin doors to server/domain/follow-up (decision 031).
import { z } from 'zod';
import { MAX_INPUT_NUMBER } from '../domain/input-bounds.ts';
import { defineRoute } from './route.ts';
import { getFollowUpEditor } from '../domain/follow-up/get-follow-up-editor.ts';
import { saveFollowUpDraft } from '../domain/follow-up/save-follow-up-draft.ts';
import { editFollowUpDraft, followUpEditSchema } from '../domain/follow-up/edit-follow-up-draft.ts';
import { publishFollowUpScript } from '../domain/follow-up/publish-follow-up-script.ts';
import { restoreFollowUpVersion } from '../domain/follow-up/restore-follow-up-version.ts';
import { getFollowUpStats } from '../domain/follow-up/get-follow-up-stats.ts';
import { STEP_PURPOSES } from '../../machines/follow-up-script.ts';
import { SCRIPT_PROBLEMS } from '../domain/follow-up/check-follow-up-script.ts';

const admin = { roles: ['admin'] } as const;

const step = z.object({
  id: z.string(),
  type: z.enum(['text', 'voice']),
  purpose: z.enum(STEP_PURPOSES),
  content: z.object({ de: z.string(), en: z.string() }),
  active: z.boolean(),
});
const script = z.object({ version: z.literal(1), steps: z.array(step) });

const editorView = z.object({
  script,
  draft: z.object({ id: z.string(), number: z.number().int(), restoredFrom: z.number().int().nullable(), updatedAt: z.string() }).nullable(),
  live: z.object({ source: z.enum(['published', 'stored', 'default']), number: z.number().int().nullable() }),
  check: z.object({
    ok: z.boolean(),
    problems: z.array(
      z.object({ code: z.enum(SCRIPT_PROBLEMS), state: z.string().optional(), step: z.string().optional(), stepNumber: z.number().int().optional() }),
    ),
    states: z.number().int(),
    transitions: z.number().int(),
  }),
  versions: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      status: z.string(),
      steps: z.number().int(),
      createdAt: z.string(),
      publishedAt: z.string().nullable(),
      restoredFrom: z.number().int().nullable(),
    }),
  ),
});

export const adminFollowUpRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/followup',
    summary: 'The follow-up script editor: the working copy (draft or the script in use) with its graph check, and every version',
    tags: ['admin'],
    access: admin,
    response: editorView,
    handler: ({ deps }) => getFollowUpEditor(deps.db.prisma),
  }),
  defineRoute({
    method: 'put',
    path: '/api/admin/followup/draft',
    summary: 'Saves the draft of the follow-up script (validated; published only by POST /api/admin/followup/publish)',
    tags: ['admin'],
    access: admin,
    // Checked by the domain command (followUpDraftSchema), which answers FOLLOW_UP_SCRIPT_INVALID.
    body: z.object({ script: z.unknown() }),
    response: editorView,
    responseDescription: 'The editor view after saving. 400 FOLLOW_UP_SCRIPT_INVALID or FOLLOW_UP_STEP_LIMIT for a bad script (nothing saved).',
    handler: async ({ deps, auth, body }) => {
      await saveFollowUpDraft(deps.db.prisma, { actorId: auth.user.id, script: body.script, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/followup/draft/edit',
    summary: 'Changes one step of the draft: hide, show, remove, move or add a text or voice step (the same command as the admin chat)',
    tags: ['admin'],
    access: admin,
    body: followUpEditSchema,
    response: editorView,
    responseDescription:
      'The editor view after the change. 404 FOLLOW_UP_STEP_NOT_FOUND for a step number the script does not have; 400 FOLLOW_UP_STEP_LIMIT beyond 20 steps.',
    handler: async ({ deps, auth, body }) => {
      await editFollowUpDraft(deps.db.prisma, { actorId: auth.user.id, edit: body, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/followup/publish',
    summary: 'Publishes the draft after the graph check; new chat sessions use it, running ones keep theirs',
    tags: ['admin'],
    access: admin,
    body: z.object({}).optional(),
    response: editorView,
    responseDescription:
      '409 FOLLOW_UP_NO_DRAFT without a draft; 422 FOLLOW_UP_TOO_FEW_STEPS, FOLLOW_UP_NAME_HIDDEN, FOLLOW_UP_STEP_UNREACHABLE, FOLLOW_UP_DEAD_END or FOLLOW_UP_NO_HAND_OFF when the check refuses it (nothing changes).',
    handler: async ({ deps, auth }) => {
      await publishFollowUpScript(deps.db.prisma, { actorId: auth.user.id, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/followup/versions/:number/restore',
    summary: 'Makes an earlier version of the follow-up script the draft again (publish it to use it)',
    tags: ['admin'],
    access: admin,
    params: z.object({ number: z.coerce.number().int().min(1).max(MAX_INPUT_NUMBER) }),
    body: z.object({}).optional(),
    response: editorView,
    responseDescription: '404 FOLLOW_UP_VERSION_NOT_FOUND for an unknown version or the draft itself.',
    handler: async ({ deps, auth, params }) => {
      await restoreFollowUpVersion(deps.db.prisma, { actorId: auth.user.id, number: params.number, via: 'dashboard' });
      return getFollowUpEditor(deps.db.prisma);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/followup/stats',
    summary: 'Per step of the published follow-up script: sessions that reached it and sessions that left there',
    tags: ['admin'],
    access: admin,
    response: z.object({
      versionNumber: z.number().int().nullable(),
      sessions: z.number().int(),
      steps: z.array(z.object({ id: z.string(), reached: z.number().int(), leftHere: z.number().int() })),
    }),
    handler: ({ deps }) => getFollowUpStats(deps.db.prisma),
  }),
];
