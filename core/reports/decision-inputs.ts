// What an admin sends to decide a report or an objection (decision 059): the dashboard's endpoints and the admin
// chat's tools check the same inputs.
import { z } from 'zod';
import { REPORT_DECISIONS } from '../../machines/content-report.machine.ts';
import { PROVISION_MAX, PROVISION_MIN, REPORT_GROUNDS, STATEMENT_MAX, STATEMENT_MIN } from './report-lists.ts';

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

export const decideObjectionInput = z.object({
  outcome: z.enum(['upheld', 'reversed']),
  reason: z.string().trim().min(STATEMENT_MIN).max(STATEMENT_MAX),
});
export type DecideObjectionInput = z.infer<typeof decideObjectionInput>;
