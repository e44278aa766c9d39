// An admin decides a report: remove, restrict or keep the content, on a ground (a law or a clause of the
// terms) with the facts as the statement of reasons. In one transaction: the report's machine steps (a
// report is decided once), the effect on the content is applied and recorded, and the audit entry is
// written. After the commit the reporter and the affected person are told (report-notices.ts).
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import type { DbTx } from '../../db.ts';
import { contentReportMachine, type ContentReportEvent } from '../../../machines/content-report.machine.ts';
import { stepEntity } from '../../machines/entity.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { announceRefunds } from '../requests/end-request.ts';
import { applyContentEffect, type ContentEffect } from './content-effects.ts';
import { DECISIONS_BY_TYPE, restrictionOf, type DecideReportInput, type ReportContentType } from './report-rules.ts';
import { queueDecisionNotices } from './report-notices.ts';

/** Steps the report's machine and stores the next snapshot, only from the version it read. */
export async function stepReport(tx: DbTx, reportId: string, event: ContentReportEvent, data: Record<string, unknown>) {
  const r = await tx.contentReport.findUnique({ where: { id: reportId } });
  if (!r) throw new AppError('NOT_FOUND');
  const step = stepEntity(contentReportMachine, r.machineSnapshot, event);
  if (!step.accepted) return { report: r, accepted: false as const };
  const done = await tx.contentReport.updateMany({
    where: { id: reportId, version: r.version },
    data: { machineSnapshot: step.snapshot as never, status: step.state, version: { increment: 1 }, ...data },
  });
  if (done.count !== 1) throw new AppError('CONFLICT');
  return { report: r, accepted: true as const, status: step.state };
}

export async function decideReport(
  deps: AppDeps,
  adminId: string,
  reportId: string,
  input: DecideReportInput,
  via: AuditVia = 'dashboard',
): Promise<{ status: string; decision: string }> {
  const prisma = deps.db.prisma;
  const current = await prisma.contentReport.findUnique({ where: { id: reportId }, select: { contentType: true, status: true } });
  if (!current) throw new AppError('NOT_FOUND');
  if (!DECISIONS_BY_TYPE[current.contentType as ReportContentType].includes(input.decision)) throw new AppError('REPORT_DECISION_NOT_POSSIBLE');
  const keep = input.decision === 'keep';
  const result = await inTransaction(prisma, async (tx) => {
    const now = new Date();
    const stepped = await stepReport(
      tx,
      reportId,
      { type: 'DECIDED', decision: input.decision, adminId },
      {
        decision: input.decision,
        decisionGround: keep ? (input.ground === 'none' ? 'none' : input.ground) : input.ground,
        decisionProvision: input.provision || null,
        decisionReason: input.reason,
        decidedById: adminId,
        decidedAt: now,
      },
    );
    if (!stepped.accepted) throw new AppError('REPORT_ALREADY_DECIDED');
    const r = stepped.report;
    const restriction = restrictionOf(input.decision);
    let effect: ContentEffect | null = null;
    if (restriction) {
      effect = await applyContentEffect(tx, r.contentType as ReportContentType, r.contentId, restriction);
      await tx.contentReport.update({ where: { id: reportId }, data: { effect: effect as never } });
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'report.decide',
      entityType: 'contentReport',
      entityId: reportId,
      before: { status: 'open', restriction: effect?.before ?? null },
      after: {
        status: 'decided',
        decision: input.decision,
        ground: input.ground,
        provision: input.provision ?? null,
        restriction: effect?.restriction ?? null,
        ...(effect?.refunded?.length ? { refunds: effect.refunded } : {}),
        ...(effect?.withdrawn ? { offerWithdrawn: true } : {}),
      },
      reason: input.reason,
      via,
    });
    // The reporter's and the affected person's mails commit with the decision (decision 082).
    const affected = await queueDecisionNotices(tx, deps, reportId);
    return { contentType: r.contentType, contentId: r.contentId, effect, affected };
  });
  if (result.contentType === 'request' && result.effect?.refunded?.length) await announceRefunds(deps, result.contentId, 'rejected', result.effect.refunded);
  deps.mailer.flush();
  if (result.affected) await deps.bus.publish({ type: 'report.decided', to: { userId: result.affected }, payload: { reportId } }).catch(() => {});
  await deps.bus.publish({ type: 'report.updated', to: { role: 'admin' }, payload: { reportId } }).catch(() => {});
  return { status: 'decided', decision: input.decision };
}
