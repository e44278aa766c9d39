// The follow-up script editor's endpoints (server/http/admin-followup.ts defines the routes; decision 031): the
// editor view, saving and editing the draft, publishing, restoring a version, and the figures per step.
import { z } from 'zod';
import { STEP_PURPOSES } from '../../machines/follow-up-script.ts';
import { followUpEditSchema, SCRIPT_PROBLEMS } from '../api/follow-up.ts';
import { MAX_INPUT_NUMBER } from '../input-bounds.ts';
import { endpoint } from './endpoint.ts';

const stepSchema = z.object({
  id: z.string(),
  type: z.enum(['text', 'voice']),
  purpose: z.enum(STEP_PURPOSES),
  content: z.object({ de: z.string(), en: z.string() }),
  active: z.boolean(),
});

export const scriptProblemSchema = z.object({
  code: z.enum(SCRIPT_PROBLEMS),
  state: z.string().optional().describe('The state of the built machine the problem is in'),
  step: z.string().optional().describe('The script step it concerns'),
  stepNumber: z.number().int().optional().describe('Its number in the list, counted from 1'),
});

export const scriptCheckSchema = z.object({
  ok: z.boolean(),
  problems: z.array(scriptProblemSchema),
  states: z.number().int().describe('Size of the checked graph: states'),
  transitions: z.number().int().describe('and transitions'),
});

export const followUpEditorSchema = z.object({
  script: z.object({ version: z.literal(1), steps: z.array(stepSchema) }),
  draft: z.object({ id: z.string(), number: z.number().int(), restoredFrom: z.number().int().nullable(), updatedAt: z.string() }).nullable(),
  live: z.object({ source: z.enum(['published', 'stored', 'default']), number: z.number().int().nullable() }),
  check: scriptCheckSchema,
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

export const stepFiguresSchema = z.object({ id: z.string(), reached: z.number().int(), leftHere: z.number().int() });

export const adminFollowUpContract = {
  editor: endpoint({ method: 'get', path: '/api/admin/followup', response: followUpEditorSchema }),
  // The script is checked by the domain command (followUpDraftSchema), which answers FOLLOW_UP_SCRIPT_INVALID.
  save: endpoint({ method: 'put', path: '/api/admin/followup/draft', body: z.object({ script: z.unknown() }), response: followUpEditorSchema }),
  edit: endpoint({ method: 'post', path: '/api/admin/followup/draft/edit', body: followUpEditSchema, response: followUpEditorSchema }),
  publish: endpoint({ method: 'post', path: '/api/admin/followup/publish', body: z.object({}).optional(), response: followUpEditorSchema }),
  restore: endpoint({
    method: 'post',
    path: '/api/admin/followup/versions/:number/restore',
    params: z.object({ number: z.coerce.number().int().min(1).max(MAX_INPUT_NUMBER) }),
    body: z.object({}).optional(),
    response: followUpEditorSchema,
  }),
  stats: endpoint({
    method: 'get',
    path: '/api/admin/followup/stats',
    response: z.object({ versionNumber: z.number().int().nullable(), sessions: z.number().int(), steps: z.array(stepFiguresSchema) }),
  }),
};

export type FollowUpStats = z.output<typeof adminFollowUpContract.stats.response>;
