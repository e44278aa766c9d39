// What the notice-and-action doors answer with (server/http/reports.ts, decision 059), for server and client.
import type { ReportStatus } from '../../machines/content-report.machine.ts';
import { REPORT_STATUSES } from '../../machines/content-report.machine.ts';
import type { z } from 'zod';
import type { ReportContentType } from '../reports/report-lists.ts';
import type { adminReportSchema, reportSnapshotSchema } from '../contract/admin-reports.ts';

export const REPORT_FILTERS = ['todo', ...REPORT_STATUSES, 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** The content as it was reported, and a report as the admins see it: the responses of their endpoints (core/contract/admin-reports.ts). */
export type ReportSnapshot = z.output<typeof reportSnapshotSchema>;
export type AdminReportView = z.output<typeof adminReportSchema>;

/** The statement of reasons (DSA Art. 17(3)) in the reader's language, each part on its own line. */
export interface StatementOfReasons {
  decision: string;
  ground: string;
  facts: string;
  basis: string;
  automation: string;
  redress: string;
}

export interface OwnDecisionView {
  id: string;
  ref: string;
  contentType: ReportContentType;
  /** 'deine Anfrage (Handwerk)' in the reader's language. */
  content: string;
  /** The content as it was reported. */
  text: string;
  status: ReportStatus;
  decision: 'remove' | 'restrict';
  statement: StatementOfReasons;
  decidedAt: string;
  objectionUntil: string;
  canObject: boolean;
  objection: string | null;
  objectedAt: string | null;
  objectionReason: string | null;
  objectionDecidedAt: string | null;
}
