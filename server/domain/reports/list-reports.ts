// The admins' queue of content reports: what needs a decision (open reports, objections) first, with the
// content as it was reported, who reported it and whom it concerns, and every decision taken on it.
import type { Db } from '../../db.ts';
import type { ReportDecision, ReportStatus } from '../../../machines/content-report.machine.ts';
import type { ReportSnapshot } from './report-content.ts';
import { reportRef } from './report-notices.ts';
import type { ReportCategory, ReportContentType, ReportGround } from './report-rules.ts';

import { REPORT_FILTERS, type AdminReportView, type ReportFilter } from '../../../core/api/reports.ts';

export { REPORT_FILTERS, type AdminReportView, type ReportFilter };

export async function listReports(db: Db, opts: { filter?: ReportFilter; limit?: number } = {}): Promise<{ reports: AdminReportView[]; todo: number }> {
  const filter = opts.filter ?? 'todo';
  const where = filter === 'all' ? {} : filter === 'todo' ? { status: { in: ['open', 'objected'] } } : { status: filter satisfies ReportStatus as string };
  const [rows, todo] = await Promise.all([
    db.contentReport.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: Math.min(opts.limit ?? 50, 200) }),
    db.contentReport.count({ where: { status: { in: ['open', 'objected'] } } }),
  ]);
  return { todo, reports: await toViews(db, rows) };
}

/** One report by its reference ('#a1b2c3') or id, for the chat; null when none or several match. */
export async function findReportByRef(db: Db, ref: string): Promise<AdminReportView | null> {
  const clean = ref.replace(/^#/, '').toLowerCase();
  const rows = await db.contentReport.findMany({ where: { id: { startsWith: clean } }, take: 2 });
  if (rows.length !== 1) return null;
  return (await toViews(db, rows))[0]!;
}

type Row = Awaited<ReturnType<Db['contentReport']['findMany']>>[number];

async function toViews(db: Db, rows: Row[]): Promise<AdminReportView[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.affectedUserId, r.decidedById, r.objectionDecidedById]).filter((x): x is string => !!x))];
  const users = userIds.length ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const contents = [...new Map(rows.map((r) => [`${r.contentType}:${r.contentId}`, { contentType: r.contentType, contentId: r.contentId }])).values()];
  const open = contents.length
    ? await db.contentReport.groupBy({ by: ['contentType', 'contentId'], where: { status: 'open', OR: contents }, _count: { _all: true } })
    : [];
  const openCount = new Map(open.map((o) => [`${o.contentType}:${o.contentId}`, o._count._all]));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return rows.map((r) => {
    const affected = r.affectedUserId ? byId.get(r.affectedUserId) : undefined;
    const sameOpen = openCount.get(`${r.contentType}:${r.contentId}`) ?? 0;
    return {
      id: r.id,
      ref: reportRef(r.id),
      contentType: r.contentType as ReportContentType,
      contentId: r.contentId,
      ground: r.ground as ReportGround,
      category: r.category as ReportCategory,
      explanation: r.explanation,
      reporter: { signedIn: r.reporterId !== null, name: r.reporterName, email: r.reporterEmail },
      affected: affected ? { id: affected.id, name: affected.name, email: affected.email } : null,
      snapshot: r.snapshot as unknown as ReportSnapshot,
      status: r.status as ReportStatus,
      decision: r.decision as ReportDecision | null,
      decisionGround: r.decisionGround,
      decisionProvision: r.decisionProvision,
      decisionReason: r.decisionReason,
      decidedById: r.decidedById,
      decidedBy: r.decidedById ? (byId.get(r.decidedById)?.email ?? null) : null,
      decidedAt: iso(r.decidedAt),
      objection: r.objection,
      objectedAt: iso(r.objectedAt),
      objectionReason: r.objectionReason,
      objectionDecidedBy: r.objectionDecidedById ? (byId.get(r.objectionDecidedById)?.email ?? null) : null,
      objectionDecidedAt: iso(r.objectionDecidedAt),
      otherOpen: Math.max(0, sameOpen - (r.status === 'open' ? 1 : 0)),
      createdAt: r.createdAt.toISOString(),
    };
  });
}
