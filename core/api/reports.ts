// What the notice-and-action doors answer with (server/http/reports.ts, decision 059), for server and client.
import type { ReportStatus } from '../../machines/content-report.machine.ts';
import { REPORT_STATUSES } from '../../machines/content-report.machine.ts';
import type { ReportCategory, ReportContentType, ReportGround } from '../reports/report-lists.ts';

export const REPORT_FILTERS = ['todo', ...REPORT_STATUSES, 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** The content as it was reported. `title` names it, `text` is what was written, `fields` the rest. */
export interface ReportSnapshot {
  title: string;
  text: string;
  fields: Record<string, string | number | null>;
  /** Where it is shown in the app (the 'exact electronic location' of DSA Art. 16(2)(b)). */
  path: string | null;
}

export interface AdminReportView {
  id: string;
  ref: string;
  contentType: ReportContentType;
  contentId: string;
  ground: ReportGround;
  category: ReportCategory;
  explanation: string;
  reporter: { signedIn: boolean; name: string | null; email: string | null };
  affected: { id: string; name: string; email: string } | null;
  snapshot: ReportSnapshot;
  status: ReportStatus;
  decision: string | null;
  decisionGround: string | null;
  decisionProvision: string | null;
  decisionReason: string | null;
  decidedById: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  objection: string | null;
  objectedAt: string | null;
  objectionReason: string | null;
  objectionDecidedBy: string | null;
  objectionDecidedAt: string | null;
  /** Other reports on the same content that still wait for a decision. */
  otherOpen: number;
  createdAt: string;
}

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
