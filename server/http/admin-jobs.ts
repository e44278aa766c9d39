// Admin doors to the background jobs (tab 'jobs', decision 044): the failed ones, and a retry of one. Thin:
// parse, call the domain command (which writes the audit entry in the same transaction as the retry).
import { defineRoute } from './route.ts';
import { listFailedJobs } from '../domain/jobs/list-failed-jobs.ts';
import { retryFailedJob } from '../domain/jobs/retry-failed-job.ts';
import { adminContract } from '../../core/contract/admin.ts';

const admin = { roles: ['admin'] } as const;

export const adminJobRoutes = [
  defineRoute({
    ...adminContract.failedJobs,
    summary: 'Background jobs that failed after all their attempts, newest first',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps }) => ({ jobs: await listFailedJobs(deps) }),
  }),
  defineRoute({
    ...adminContract.retryJob,
    summary: 'Runs a failed background job once more (on whichever instance fetches it first)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params }) => retryFailedJob(deps, auth.user.id, params.id, 'dashboard'),
  }),
];
