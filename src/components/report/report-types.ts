// The kinds of content and reasons a report names, as the server's lists have them (report-lists.ts).
export {
  DECISIONS_BY_TYPE,
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
export type { ReportCategory, ReportContentType, ReportGround } from '../../../core/reports/report-lists.ts';
export { REPORT_DECISIONS, REPORT_STATUSES, type ReportDecision, type ReportStatus } from '../../../machines/content-report.machine.ts';
