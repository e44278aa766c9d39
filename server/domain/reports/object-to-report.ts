// The person whose content was removed or restricted objects, once, within six months (DSA Art. 20): the
// report goes back to the admins, to be decided by another admin than the one who decided first.
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit } from '../admin/audit.ts';
import { stepReport } from './decide-report.ts';
import { objectionDeadline } from './report-notices.ts';

export async function objectToReport(deps: AppDeps, userId: string, reportId: string, text: string): Promise<{ status: string }> {
  const prisma = deps.db.prisma;
  const r = await prisma.contentReport.findUnique({ where: { id: reportId }, select: { affectedUserId: true, decidedAt: true, status: true } });
  // Only the person the decision concerns sees it at all.
  if (!r || r.affectedUserId !== userId) throw new AppError('NOT_FOUND');
  if (r.decidedAt && objectionDeadline(r.decidedAt) < new Date()) throw new AppError('OBJECTION_PERIOD_OVER');
  await inTransaction(prisma, async (tx) => {
    const stepped = await stepReport(tx, reportId, { type: 'OBJECTED' }, { objection: text, objectedAt: new Date() });
    if (!stepped.accepted) throw new AppError('OBJECTION_NOT_POSSIBLE');
    await recordAudit(tx, {
      actorId: userId,
      action: 'report.object',
      entityType: 'contentReport',
      entityId: reportId,
      before: { status: 'decided' },
      after: { status: 'objected' },
      reason: text,
      via: 'dashboard',
    });
  });
  await deps.bus.publish({ type: 'report.updated', to: { role: 'admin' }, payload: { reportId } }).catch(() => {});
  return { status: 'objected' };
}
