// The follow-up script editor's views and edits (server/http/admin-followup.ts), for server and client.
import { z } from 'zod';
import { MAX_STEPS, MAX_STEP_TEXT, type FollowUpScript } from '../../machines/follow-up-script.ts';

export const SCRIPT_PROBLEMS = ['INVALID', 'TOO_FEW_STEPS', 'NAME_HIDDEN', 'UNREACHABLE', 'DEAD_END', 'NO_HAND_OFF'] as const;

export type ScriptProblemCode = (typeof SCRIPT_PROBLEMS)[number];

export interface ScriptProblem {
  code: ScriptProblemCode;
  /** The state of the built machine the problem is in. */
  state?: string;
  /** The script step it concerns (its number in the list counts from 1). */
  step?: string;
  stepNumber?: number;
}

export interface ScriptCheck {
  ok: boolean;
  problems: ScriptProblem[];
  /** Size of the checked graph: states and transitions. */
  states: number;
  transitions: number;
}

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

export interface FollowUpEditorView {
  script: FollowUpScript;
  draft: { id: string; number: number; restoredFrom: number | null; updatedAt: string } | null;
  live: { source: 'published' | 'stored' | 'default'; number: number | null };
  check: ScriptCheck;
  versions: { id: string; number: number; status: string; steps: number; createdAt: string; publishedAt: string | null; restoredFrom: number | null }[];
}

export interface StepFigures {
  id: string;
  reached: number;
  leftHere: number;
}
