// Anyone, signed in or not, reports content as illegal or against the terms (DSA Art. 16). The report keeps
// the content as it was (snapshot) and who it concerns; its receipt is confirmed by e-mail when the reporter
// can be reached (an account, or an address given in the form) and the admins see it in their queue at once.
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import type { Lang } from '../../i18n.ts';
import { contentReportMachine } from '../../../machines/content-report.machine.ts';
import { initialEntity } from '../../machines/entity.ts';
import { recordAudit } from '../admin/audit.ts';
import { readReportedContent } from './report-content.ts';
import type { CreateReportInput } from './report-rules.ts';
import { queueReportReceipt } from './report-notices.ts';

export interface Reporter {
  userId: string | null;
  lang: Lang;
}

export async function createReport(deps: AppDeps, reporter: Reporter, input: CreateReportInput): Promise<{ reportId: string; repeated: boolean }> {
  const prisma = deps.db.prisma;
  const content = await readReportedContent(prisma, input.contentType, input.contentId);
  // One's own content is changed or deleted, not reported.
  if (reporter.userId && content.affectedUserId === reporter.userId) throw new AppError('REPORT_OWN_CONTENT');
  const account = reporter.userId ? await prisma.user.findUnique({ where: { id: reporter.userId }, select: { email: true, name: true } }) : null;
  const email = input.email?.toLowerCase() ?? account?.email ?? null;
  // The same reporter reporting the same content again while it is open: the first report stands.
  const same = await prisma.contentReport.findFirst({
    where: {
      contentType: input.contentType,
      contentId: input.contentId,
      status: 'open',
      ...(reporter.userId ? { reporterId: reporter.userId } : email ? { reporterId: null, reporterEmail: email } : { id: '-' }),
    },
    select: { id: true },
  });
  if (same) return { reportId: same.id, repeated: true };
  const init = initialEntity(contentReportMachine);
  const row = await inTransaction(prisma, async (tx) => {
    const report = await tx.contentReport.create({
      data: {
        contentType: input.contentType,
        contentId: input.contentId,
        ground: input.ground,
        category: input.category,
        explanation: input.explanation,
        reporterId: reporter.userId,
        reporterName: input.name || account?.name || null,
        reporterEmail: email,
        reporterLang: reporter.lang,
        affectedUserId: content.affectedUserId,
        snapshot: content.snapshot as never,
        status: init.state,
        machineSnapshot: init.snapshot as never,
      },
    });
    // Every step of a report is in the audit log; the reporter is its actor when signed in.
    await recordAudit(tx, {
      actorId: reporter.userId,
      action: 'report.create',
      entityType: 'contentReport',
      entityId: report.id,
      after: { contentType: input.contentType, contentId: input.contentId, ground: input.ground, category: input.category, status: 'open' },
      via: 'dashboard',
    });
    // The receipt commits with the report (decision 082).
    await queueReportReceipt(tx, deps, report.id);
    return report;
  });
  await deps.bus.publish({ type: 'report.created', to: { role: 'admin' }, payload: { reportId: row.id } }).catch(() => {});
  deps.mailer.flush();
  return { reportId: row.id, repeated: false };
}
