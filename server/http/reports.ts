// Notice and action (decision 059): anyone reports content; the person concerned reads the decisions about
// their content and objects once; admins decide reports and objections. Thin doors to server/domain/reports.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { REPORT_STATUSES } from '../../machines/content-report.machine.ts';
import { createReport } from '../domain/reports/create-report.ts';
import { decideReport } from '../domain/reports/decide-report.ts';
import { objectToReport } from '../domain/reports/object-to-report.ts';
import { decideObjection } from '../domain/reports/decide-objection.ts';
import { listReports } from '../domain/reports/list-reports.ts';
import { adminReportsContract } from '../../core/contract/admin-reports.ts';
import { listOwnDecisions } from '../domain/reports/list-own-decisions.ts';
import { createReportInput, objectionInput, REPORT_CONTENT_TYPES } from '../domain/reports/report-rules.ts';

const admin = { roles: ['admin'] } as const;

const statementSchema = z.object({
  decision: z.string(),
  ground: z.string(),
  facts: z.string(),
  basis: z.string(),
  automation: z.string(),
  redress: z.string(),
});

const ownDecisionSchema = z.object({
  id: z.string(),
  ref: z.string(),
  contentType: z.enum(REPORT_CONTENT_TYPES),
  content: z.string(),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  decision: z.enum(['remove', 'restrict']),
  statement: statementSchema.describe('The statement of reasons (DSA Art. 17), in the reader’s language'),
  decidedAt: z.string(),
  objectionUntil: z.string(),
  canObject: z.boolean(),
  objection: z.string().nullable(),
  objectedAt: z.string().nullable(),
  objectionReason: z.string().nullable(),
  objectionDecidedAt: z.string().nullable(),
});

export const reportRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/reports',
    summary:
      'Reports a request, a provider page, a review, an offer or a deal inquiry as illegal or against the terms (DSA Art. 16); anyone may, signed in or not; rate-limited per IP',
    tags: ['reports'],
    access: 'public',
    rateLimit: 'contact',
    body: createReportInput,
    status: 201,
    response: z.object({ reportId: z.string(), repeated: z.boolean() }),
    handler: ({ deps, auth, body, lang }) => createReport(deps, { userId: auth.user?.id ?? null, lang: auth.user?.locale ?? lang }, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/me/report-decisions',
    summary: "Decisions that removed or restricted the caller's content, with their statement of reasons and whether an objection is possible",
    tags: ['reports'],
    access: 'user',
    response: z.object({ decisions: z.array(ownDecisionSchema) }),
    handler: async ({ deps, auth, lang }) => ({ decisions: await listOwnDecisions(deps.db.prisma, auth.user.id, lang) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/me/report-decisions/:id/objection',
    summary: 'Objects, once and within six months, to a decision about the caller’s content (DSA Art. 20); another admin decides',
    tags: ['reports'],
    access: 'user',
    params: idParams,
    body: objectionInput,
    response: z.object({ status: z.string() }),
    handler: ({ deps, auth, params, body }) => objectToReport(deps, auth.user.id, params.id, body.text),
  }),
  defineRoute({
    ...adminReportsContract.reports,
    summary: 'Content reports for the admins: filter todo (open and objected, the default), a status, or all; newest first',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, query }) => listReports(deps.db.prisma, { filter: query.filter }),
  }),
  defineRoute({
    ...adminReportsContract.decide,
    summary:
      'Decides a report: remove, restrict or keep the content, with the ground, the provision and the statement of reasons; the effect applies at once, both sides are told',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => decideReport(deps, auth.user.id, params.id, body),
  }),
  defineRoute({
    ...adminReportsContract.decideObjection,
    summary: 'Upholds or reverses a decision the affected person objected to; only an admin other than the one who decided',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => decideObjection(deps, auth.user.id, params.id, body),
  }),
];
