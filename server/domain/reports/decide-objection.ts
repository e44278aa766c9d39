// Another admin than the one who decided first upholds or reverses the decision an objection is against
// (DSA Art. 20(4)). Reversing lifts the effect as far as it can be lifted (content-effects.ts); both the
// affected person and the reporter are told the outcome with its reasons.
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { liftContentEffect, type ContentEffect } from './content-effects.ts';
import { stepReport } from './decide-report.ts';
import type { ReportSnapshot } from './report-content.ts';
import type { DecideObjectionInput, ReportContentType } from './report-rules.ts';
import { queueObjectionNotices } from './report-notices.ts';

export async function decideObjection(
  deps: AppDeps,
  adminId: string,
  reportId: string,
  input: DecideObjectionInput,
  via: AuditVia = 'dashboard',
): Promise<{ status: string }> {
  const prisma = deps.db.prisma;
  const current = await prisma.contentReport.findUnique({ where: { id: reportId }, select: { status: true, decidedById: true } });
  if (!current) throw new AppError('NOT_FOUND');
  if (current.status !== 'objected') throw new AppError('REPORT_NOT_OBJECTED');
  if (current.decidedById === adminId) throw new AppError('REPORT_SAME_ADMIN');
  await inTransaction(prisma, async (tx) => {
    const stepped = await stepReport(tx, reportId, input.outcome === 'upheld' ? { type: 'UPHELD', adminId } : { type: 'REVERSED', adminId }, {
      objectionReason: input.reason,
      objectionDecidedById: adminId,
      objectionDecidedAt: new Date(),
    });
    // The machine refuses the same admin too; a status moved meanwhile is a conflict.
    if (!stepped.accepted) throw new AppError(stepped.report.decidedById === adminId ? 'REPORT_SAME_ADMIN' : 'REPORT_NOT_OBJECTED');
    const r = stepped.report;
    const effect = r.effect as ContentEffect | null;
    if (input.outcome === 'reversed' && effect)
      await liftContentEffect(tx, r.contentType as ReportContentType, r.contentId, effect, (r.snapshot as unknown as ReportSnapshot).text);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'report.decideObjection',
      entityType: 'contentReport',
      entityId: reportId,
      before: { status: 'objected', decision: r.decision, restriction: effect?.restriction ?? null },
      after: { status: input.outcome, restriction: input.outcome === 'reversed' ? (effect?.before ?? null) : (effect?.restriction ?? null) },
      reason: input.reason,
      via,
    });
    // Both mails commit with the outcome (decision 082).
    await queueObjectionNotices(tx, deps, reportId);
  });
  deps.mailer.flush();
  await deps.bus.publish({ type: 'report.updated', to: { role: 'admin' }, payload: { reportId } }).catch(() => {});
  return { status: input.outcome };
}
