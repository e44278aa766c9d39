// Notice and action (DSA Art. 16, 17 and 20; decision 059): what can be reported, on which grounds, what a
// decision does to each kind of content, and the limits the doors check. One list per kind of value.
import { z } from 'zod';
import { REPORT_DECISIONS } from '../../../machines/content-report.machine.ts';
import {
  EXPLANATION_MAX,
  EXPLANATION_MIN,
  OBJECTION_MAX,
  OBJECTION_MIN,
  PROVISION_MAX,
  PROVISION_MIN,
  REPORT_CATEGORIES,
  REPORT_CONTENT_TYPES,
  REPORT_GROUNDS,
  STATEMENT_MAX,
  STATEMENT_MIN,
} from '../../../core/reports/report-lists.ts';

export * from '../../../core/reports/report-lists.ts';
export { REPORT_DECISIONS };
export type { ReportDecision } from '../../../machines/content-report.machine.ts';

/** The values a `restriction` column takes. */
export const RESTRICTIONS = ['restricted', 'removed'] as const;
export type Restriction = (typeof RESTRICTIONS)[number];

export const createReportInput = z.object({
  contentType: z.enum(REPORT_CONTENT_TYPES),
  contentId: z.uuid(),
  ground: z.enum(REPORT_GROUNDS),
  category: z.enum(REPORT_CATEGORIES),
  explanation: z.string().trim().min(EXPLANATION_MIN).max(EXPLANATION_MAX),
  /** Optional for everyone (a signed-in reporter is reached through the account). */
  name: z.string().trim().max(120).optional(),
  email: z.email().max(200).optional(),
  /** Art. 16(2)(d): the reporter's statement of good faith. */
  goodFaith: z.literal(true),
});
export type CreateReportInput = z.infer<typeof createReportInput>;

export const decideReportInput = z
  .object({
    decision: z.enum(REPORT_DECISIONS),
    ground: z.enum([...REPORT_GROUNDS, 'none']),
    /** The law or the clause of the terms the decision relies on (required unless the content is kept). */
    provision: z.string().trim().max(PROVISION_MAX).optional(),
    /** The facts and circumstances: the statement of reasons the affected person and the reporter read. */
    reason: z.string().trim().min(STATEMENT_MIN).max(STATEMENT_MAX),
  })
  .refine((d) => d.decision === 'keep' || (d.ground !== 'none' && (d.provision?.length ?? 0) >= PROVISION_MIN), {
    path: ['provision'],
    message: 'a removal or restriction names its ground and provision',
  });
export type DecideReportInput = z.infer<typeof decideReportInput>;

export const objectionInput = z.object({ text: z.string().trim().min(OBJECTION_MIN).max(OBJECTION_MAX) });

export const decideObjectionInput = z.object({
  outcome: z.enum(['upheld', 'reversed']),
  reason: z.string().trim().min(STATEMENT_MIN).max(STATEMENT_MAX),
});
export type DecideObjectionInput = z.infer<typeof decideObjectionInput>;

/** The restriction a decision leaves on the content (null: none). */
export function restrictionOf(decision: (typeof REPORT_DECISIONS)[number]): Restriction | null {
  return decision === 'remove' ? 'removed' : decision === 'restrict' ? 'restricted' : null;
}
