// The admins' notice-and-action endpoints (server/http/reports.ts defines the routes; decision 059): the reports
// to decide, a decision, and the decision on an objection.
import { z } from 'zod';
import { REPORT_DECISIONS, REPORT_STATUSES } from '../../machines/content-report.machine.ts';
import { REPORT_FILTERS } from '../api/reports.ts';
import { decideObjectionInput, decideReportInput } from '../reports/decision-inputs.ts';
import { REPORT_CATEGORIES, REPORT_CONTENT_TYPES, REPORT_GROUNDS } from '../reports/report-lists.ts';
import { idParams } from './common.ts';
import { endpoint } from './endpoint.ts';

/** The content as it was reported. `title` names it, `text` is what was written, `fields` the rest. */
export const reportSnapshotSchema = z.object({
  title: z.string(),
  text: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  path: z.string().nullable().describe("Where it is shown in the app (the 'exact electronic location' of DSA Art. 16(2)(b))"),
});

export const adminReportSchema = z.object({
  id: z.string(),
  ref: z.string(),
  contentType: z.enum(REPORT_CONTENT_TYPES),
  contentId: z.string(),
  ground: z.enum(REPORT_GROUNDS),
  category: z.enum(REPORT_CATEGORIES),
  explanation: z.string(),
  reporter: z.object({ signedIn: z.boolean(), name: z.string().nullable(), email: z.string().nullable() }),
  affected: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  snapshot: reportSnapshotSchema.describe('The content as it was reported'),
  status: z.enum(REPORT_STATUSES),
  decision: z.enum(REPORT_DECISIONS).nullable(),
  decisionGround: z.string().nullable(),
  decisionProvision: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedById: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  objection: z.string().nullable(),
  objectedAt: z.string().nullable(),
  objectionReason: z.string().nullable(),
  objectionDecidedBy: z.string().nullable(),
  objectionDecidedAt: z.string().nullable(),
  otherOpen: z.number().int().describe('Other reports on the same content that still wait for a decision'),
  createdAt: z.string(),
});

export const adminReportsContract = {
  reports: endpoint({
    method: 'get',
    path: '/api/admin/reports',
    query: z.object({ filter: z.enum(REPORT_FILTERS).optional() }),
    response: z.object({ reports: z.array(adminReportSchema), todo: z.number().int() }),
  }),
  decide: endpoint({
    method: 'post',
    path: '/api/admin/reports/:id/decide',
    params: idParams,
    body: decideReportInput,
    response: z.object({ status: z.string(), decision: z.string() }),
  }),
  decideObjection: endpoint({
    method: 'post',
    path: '/api/admin/reports/:id/objection-decision',
    params: idParams,
    body: decideObjectionInput,
    response: z.object({ status: z.string() }),
  }),
};
