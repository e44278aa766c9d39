// An admin puts a failed background job back in line (decision 044): one more attempt, run by whichever
// instance fetches it first. The change and its audit entry commit together.
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../../core/errors.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { listFailedJobs } from './list-failed-jobs.ts';

export async function retryFailedJob(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  actorId: string,
  id: string,
  via: AuditVia,
): Promise<{ id: string; name: string; retried: true }> {
  const [failed] = await listFailedJobs(deps, { id, limit: 1 });
  if (!failed) throw new AppError('JOB_NOT_FAILED');
  await deps.db.prisma.$transaction(async (tx) => {
    if (!(await deps.jobs.retryFailed(tx, failed.name, id))) throw new AppError('JOB_NOT_FAILED');
    await recordAudit(tx, {
      actorId,
      action: 'job.retry',
      entityType: 'job',
      entityId: id,
      before: { name: failed.name, state: 'failed', attempts: failed.attempts, lastError: failed.lastError },
      after: { name: failed.name, state: 'retry' },
      via,
    });
  });
  return { id, name: failed.name, retried: true };
}
