// The lists of notice and action (decision 059) that the browser shows too: what can be reported, on which
// grounds, what kinds of problem, which decisions fit each kind of content, and the lengths the forms check.
// Pure (the client imports it); the zod inputs of the doors are in report-rules.ts (the admins' decisions: decision-inputs.ts).
import type { ReportDecision } from '../../machines/content-report.machine.ts';

/** What can be reported: a request, a provider's public page, a review (rating and testimonial), an offer's text, a deal inquiry. */
export const REPORT_CONTENT_TYPES = ['request', 'provider', 'review', 'offer', 'inquiry'] as const;
export type ReportContentType = (typeof REPORT_CONTENT_TYPES)[number];

/** Illegal content (a law) or content against akut's terms (a clause of the AGB). */
export const REPORT_GROUNDS = ['illegal', 'terms'] as const;
export type ReportGround = (typeof REPORT_GROUNDS)[number];

/** The kind of problem the reporter sees (shown to admins, for statistics and the transparency report). */
export const REPORT_CATEGORIES = ['fraud', 'hate', 'privacy', 'ip', 'unsafe', 'spam', 'fake', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** What a decision may do, per kind of content. An inquiry is only ever erased or kept. */
export const DECISIONS_BY_TYPE: Record<ReportContentType, readonly ReportDecision[]> = {
  request: ['remove', 'restrict', 'keep'],
  provider: ['remove', 'restrict', 'keep'],
  review: ['remove', 'restrict', 'keep'],
  offer: ['remove', 'restrict', 'keep'],
  inquiry: ['remove', 'keep'],
};

/** DSA Art. 20(1): the affected person may object for at least six months after the decision. */
export const OBJECTION_PERIOD_DAYS = 183;

export const EXPLANATION_MIN = 10;
export const EXPLANATION_MAX = 2000;
export const STATEMENT_MIN = 20;
export const STATEMENT_MAX = 2000;
export const PROVISION_MIN = 3;
export const PROVISION_MAX = 200;
export const OBJECTION_MIN = 10;
export const OBJECTION_MAX = 2000;
