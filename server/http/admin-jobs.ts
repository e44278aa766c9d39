// Admin doors to the background jobs (tab 'jobs', decision 044): the failed ones, and a retry of one. Thin:
// parse, call the domain command (which writes the audit entry in the same transaction as the retry).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { idParams } from './marketplace.schemas.ts';
import { listFailedJobs } from '../domain/jobs/list-failed-jobs.ts';
import { retryFailedJob } from '../domain/jobs/retry-failed-job.ts';

const admin = { roles: ['admin'] } as const;

const failedJobSchema = z.object({
  id: z.string(),
  name: z.string().describe('The job: expire-requests, reconcile-purchases, sync-paypal-payouts, release-commissions'),
  attempts: z.number().int().describe('Attempts made, the first run and every retry'),
  lastError: z.string(),
  failedAt: z.string(),
  createdAt: z.string(),
});

export const adminJobRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/jobs/failed',
    summary: 'Background jobs that failed after all their attempts, newest first',
    tags: ['admin'],
    access: admin,
    response: z.object({ jobs: z.array(failedJobSchema) }),
    handler: async ({ deps }) => ({ jobs: await listFailedJobs(deps) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/jobs/:id/retry',
    summary: 'Runs a failed background job once more (on whichever instance fetches it first)',
    tags: ['admin'],
    access: admin,
    params: idParams,
    response: z.object({ id: z.string(), name: z.string(), retried: z.literal(true) }),
    handler: ({ deps, auth, params }) => retryFailedJob(deps, auth.user.id, params.id, 'dashboard'),
  }),
];
