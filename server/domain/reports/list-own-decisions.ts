// What a person sees of the decisions about their own content: each removal or restriction with its statement
// of reasons (DSA Art. 17), whether and until when they may object (once, Art. 20), and the outcome of an
// objection. Reports that did not lead to a decision against the content are not shown (nothing happened to it).
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import type { ReportStatus } from '../../../machines/content-report.machine.ts';
import type { ReportSnapshot } from './report-content.ts';
import { contentLabel, objectionDeadline, reportRef, statementOfReasons } from './report-notices.ts';
import type { ReportContentType } from './report-rules.ts';

import type { OwnDecisionView } from '../../../core/api/reports.ts';

export type { OwnDecisionView };

export async function listOwnDecisions(db: Db, userId: string, lang: Lang): Promise<OwnDecisionView[]> {
  const rows = await db.contentReport.findMany({
    where: { affectedUserId: userId, decision: { in: ['remove', 'restrict'] } },
    orderBy: { decidedAt: 'desc' },
    take: 100,
  });
  const now = new Date();
  return rows.map((r) => {
    const until = objectionDeadline(r.decidedAt ?? r.createdAt);
    const snapshot = r.snapshot as unknown as ReportSnapshot;
    return {
      id: r.id,
      ref: reportRef(r.id),
      contentType: r.contentType as ReportContentType,
      content: contentLabel(r.contentType as ReportContentType, snapshot, lang, 'own'),
      text: snapshot.text,
      status: r.status as ReportStatus,
      decision: r.decision as 'remove' | 'restrict',
      statement: statementOfReasons(r, lang),
      decidedAt: (r.decidedAt ?? r.createdAt).toISOString(),
      objectionUntil: until.toISOString(),
      canObject: r.status === 'decided' && until > now,
      objection: r.objection,
      objectedAt: r.objectedAt?.toISOString() ?? null,
      objectionReason: r.objectionReason,
      objectionDecidedAt: r.objectionDecidedAt?.toISOString() ?? null,
    };
  });
}
