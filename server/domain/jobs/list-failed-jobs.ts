// Failed background jobs for the admin tab 'jobs' (decision 044): the jobs that used up their attempts, newest
// first, with the last error. Read from pg-boss's job table, the one place a job's state lives.
import type { AppDeps } from '../../deps.ts';
import { JOB_SCHEMA } from '../../jobs/queue.ts';
import type { FailedJobView } from '../../../core/api/admin.ts';
export type { FailedJobView } from '../../../core/api/admin.ts';

interface FailedRow {
  id: string;
  name: string;
  retry_count: number;
  output: unknown;
  completed_on: Date | null;
  created_on: Date;
}

/** pg-boss stores a thrown error as its serialised form ({ message, stack, … }) in the job's output. */
export function errorMessageOf(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message;
  if (output === null || output === undefined) return '';
  return typeof output === 'string' ? output : JSON.stringify(output);
}

export async function listFailedJobs(deps: Pick<AppDeps, 'db' | 'jobs'>, opts: { limit?: number; id?: string } = {}): Promise<FailedJobView[]> {
  await deps.jobs.start();
  const rows = await deps.db.prisma.$queryRawUnsafe<FailedRow[]>(
    `SELECT id::text AS id, name, retry_count, output, completed_on, created_on FROM ${JOB_SCHEMA}.job
     WHERE state = 'failed' AND ($2::text IS NULL OR id::text = $2) ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
    opts.limit ?? 100,
    opts.id ?? null,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    attempts: Number(r.retry_count) + 1,
    lastError: errorMessageOf(r.output).slice(0, 2000),
    failedAt: (r.completed_on ?? r.created_on).toISOString(),
    createdAt: r.created_on.toISOString(),
  }));
}
