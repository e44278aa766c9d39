// Notice and action (DSA Art. 16, 17 and 20; decision 059): what can be reported, on which grounds, what a
// decision does to each kind of content, and the limits the doors check. One list per kind of value.
import { z } from 'zod';
import { REPORT_DECISIONS } from '../../../machines/content-report.machine.ts';
import {
  EXPLANATION_MAX,
  EXPLANATION_MIN,
  OBJECTION_MAX,
  OBJECTION_MIN,
  REPORT_CATEGORIES,
  REPORT_CONTENT_TYPES,
  REPORT_GROUNDS,
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

export const objectionInput = z.object({ text: z.string().trim().min(OBJECTION_MIN).max(OBJECTION_MAX) });

export { decideObjectionInput, decideReportInput, type DecideObjectionInput, type DecideReportInput } from '../../../core/reports/decision-inputs.ts';

/** The restriction a decision leaves on the content (null: none). */
export function restrictionOf(decision: (typeof REPORT_DECISIONS)[number]): Restriction | null {
  return decision === 'remove' ? 'removed' : decision === 'restrict' ? 'restricted' : null;
}
