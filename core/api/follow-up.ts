// The follow-up script editor's views and edits (server/http/admin-followup.ts), for server and client.
import { z } from 'zod';
import { MAX_STEPS, MAX_STEP_TEXT } from '../../machines/follow-up-script.ts';
import type { followUpEditorSchema, scriptCheckSchema, scriptProblemSchema, stepFiguresSchema } from '../contract/admin-followup.ts';

export const SCRIPT_PROBLEMS = ['INVALID', 'TOO_FEW_STEPS', 'NAME_HIDDEN', 'UNREACHABLE', 'DEAD_END', 'NO_HAND_OFF'] as const;

export type ScriptProblemCode = (typeof SCRIPT_PROBLEMS)[number];

/** A problem of the graph check, the check, the editor's view and the figures of a step: the responses of the editor's endpoints (core/contract/admin-followup.ts). */
export type ScriptProblem = z.output<typeof scriptProblemSchema>;
export type ScriptCheck = z.output<typeof scriptCheckSchema>;

const stepNumber = z.number().int().min(1).max(MAX_STEPS);

const stepText = z.string().trim().min(1).max(MAX_STEP_TEXT);

export const followUpEditSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('hide'), step: stepNumber }),
  z.object({ op: z.literal('show'), step: stepNumber }),
  z.object({ op: z.literal('remove'), step: stepNumber }),
  z.object({ op: z.literal('move'), step: stepNumber, to: stepNumber }),
  z.object({ op: z.literal('add'), type: z.enum(['text', 'voice']).default('text'), de: stepText, en: stepText, at: stepNumber.optional() }),
]);

export type FollowUpEdit = z.infer<typeof followUpEditSchema>;

export type FollowUpEditorView = z.output<typeof followUpEditorSchema>;
export type StepFigures = z.output<typeof stepFiguresSchema>;
