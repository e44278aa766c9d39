// The durable job queue (issue 14, decision 044), on PGlite and on PostgreSQL: a failing job is retried with
// back-off and runs to success once; a job enqueued before a restart runs after it; on one PostgreSQL shared
// by two instances, a scheduled job and each queued job run once; admins see failed jobs and retry one
// (audited), others may not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { freshDatabaseTarget, onPostgres } from '../helpers/test-db.ts';
import { createJobQueue, JOB_SCHEMA, type JobQueue } from '../../server/jobs/queue.ts';
import type { JobDefinition } from '../../server/jobs/definitions.ts';
import type { DatabaseTarget } from '../../server/db.ts';

async function waitFor<T>(read: () => Promise<T> | T, done: (v: T) => boolean, what: string, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const FAST = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
const quickRetry = (retryLimit: number) => ({ retryLimit, retryDelay: 1, retryDelayMax: 4 });

function queueOn(app: TestApp, definitions: JobDefinition[]): JobQueue {
  return createJobQueue(app.deps.db, app.deps.logger, { definitions, ...FAST });
}

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  start_after: Date;
  retry_backoff: boolean;
}
const jobRow = async (app: TestApp, id: string) =>
  (
    await app.deps.db.prisma.$queryRawUnsafe<JobRow[]>(
      `SELECT id::text AS id, state::text AS state, retry_count, start_after, retry_backoff FROM ${JOB_SCHEMA}.job WHERE id::text = $1`,
      id,
    )
  )[0];
const jobsNamed = (app: TestApp, name: string) =>
  app.deps.db.prisma.$queryRawUnsafe<{ id: string; state: string }[]>(
    `SELECT id::text AS id, state::text AS state FROM ${JOB_SCHEMA}.job WHERE name = $1`,
    name,
  );

describe('one instance', () => {
  let app: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await app?.close();
  });

  it('retries a job that fails twice with back-off, then runs it to success once', { timeout: 120_000 }, async () => {
    const attempts: unknown[] = [];
    // When each failed attempt gave up (this clock), and when the next attempt was due (the job row's start_after).
    const failedAt: number[] = [];
    const dueAt: number[] = [];
    let effects = 0;
    const q = queueOn(app, [
      {
        name: 'test-flaky',
        retry: quickRetry(3),
        run: async (_deps, data) => {
          attempts.push(data);
          if (attempts.length > 1) {
            const [row] = await app.deps.db.prisma.$queryRawUnsafe<{ start_after: Date }[]>(
              `SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = 'test-flaky' AND state = 'active'`,
            );
            dueAt.push(row!.start_after.getTime());
          }
          if (attempts.length <= 2) {
            failedAt.push(Date.now());
            throw new Error(`provider down (${attempts.length})`);
          }
          effects++;
          return { ok: true };
        },
      },
    ]);
    queues.push(q);
    await q.start({ deps: app.deps });
    const id = (await q.send('test-flaky', { requestId: 'r-1' }))!;

    const done = (await waitFor(
      () => jobRow(app, id),
      (r) => r?.state === 'completed',
      'the job to complete',
    ))!;
    expect(done.retry_count).toBe(2);
    expect(done.retry_backoff).toBe(true);
    expect(attempts).toEqual([{ requestId: 'r-1' }, { requestId: 'r-1' }, { requestId: 'r-1' }]);
    expect(effects).toBe(1);
    // Back-off: the first retry was due at least retryDelay (1 s) after the failure, the second at least twice that.
    // Lower bounds only: a busy machine makes the gaps longer, never shorter.
    expect(dueAt[0]! - failedAt[0]!).toBeGreaterThanOrEqual(1_000 - 50);
    expect(dueAt[1]! - failedAt[1]!).toBeGreaterThanOrEqual(2_000 - 50);
    // Nothing runs it again.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(attempts).toHaveLength(3);
  });

  it('shows a job that used up its attempts to admins, who can retry it once (audited); others may not', { timeout: 120_000 }, async () => {
    let fail = true;
    const runs: string[] = [];
    const q = queueOn(app, [
      {
        name: 'test-mailer',
        retry: quickRetry(1),
        run: async (_deps, data) => {
          runs.push(String(data.to));
          if (fail) throw new Error('SMTP 421 try later');
          return null;
        },
      },
    ]);
    queues.push(q);
    await q.start({ deps: app.deps });
    const id = (await q.send('test-mailer', { to: 'a@example.com' }))!;
    await waitFor(
      () => jobRow(app, id),
      (r) => r?.state === 'failed',
      'the job to fail for good',
    );
    expect(runs).toHaveLength(2);

    const admin = await signedInClient(app, { role: 'admin' });
    const list = await admin.client.get<{ jobs: { id: string; name: string; attempts: number; lastError: string; failedAt: string }[] }>(
      '/api/admin/jobs/failed',
    );
    expect(list.status).toBe(200);
    const listed = list.body.jobs.find((j) => j.id === id);
    expect(listed).toMatchObject({ name: 'test-mailer', attempts: 2, lastError: 'SMTP 421 try later' });
    expect(Number.isNaN(Date.parse(listed!.failedAt))).toBe(false);

    // Not for anyone else, and nothing changes.
    for (const role of ['seeker', 'provider'] as const) {
      const other = await signedInClient(app, { role });
      expect((await other.client.get('/api/admin/jobs/failed')).status).toBe(403);
      expect((await other.client.post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(403);
    }
    expect((await app.client().post(`/api/admin/jobs/${id}/retry`, {})).status).toBe(401);
    expect((await jobRow(app, id))?.state).toBe('failed');

    fail = false;
    const res = await admin.client.post<{ id: string; name: string; retried: boolean }>(`/api/admin/jobs/${id}/retry`, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, name: 'test-mailer', retried: true });
    await waitFor(
      () => jobRow(app, id),
      (r) => r?.state === 'completed',
      'the retried job to complete',
    );
    expect(runs).toHaveLength(3);
    expect((await admin.client.get<{ jobs: { id: string }[] }>('/api/admin/jobs/failed')).body.jobs.some((j) => j.id === id)).toBe(false);

    const audit = await app.deps.db.prisma.auditLog.findMany({ where: { entityId: id } });
    expect(audit.map((a) => [a.action, a.actorId, a.via, a.entityType])).toEqual([['job.retry', admin.user.id, 'dashboard', 'job']]);
    expect(audit[0]!.before).toMatchObject({ name: 'test-mailer', state: 'failed', attempts: 2, lastError: 'SMTP 421 try later' });

    // A second retry of the same job (no longer failed) is refused with a clear message and changes nothing.
    admin.client.lang = 'en';
    const again = await admin.client.post<{ error: { code: string; message: string } }>(`/api/admin/jobs/${id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('JOB_NOT_FAILED');
    expect(again.body.error.message).toBe('There is no such failed job (any more): it may have been retried already.');
    expect(await app.deps.db.prisma.auditLog.count({ where: { entityId: id } })).toBe(1);
    expect((await admin.client.post(`/api/admin/jobs/not-a-uuid/retry`, {})).status).toBe(400);
  });
  it('runs a job again soon whose worker was killed while holding it (heartbeat), not after 15 minutes', { timeout: 120_000 }, async () => {
    const ran: unknown[] = [];
    const q = createJobQueue(app.deps.db, app.deps.logger, {
      definitions: [{ name: 'test-orphaned', retry: quickRetry(2), run: async (_deps, data) => void ran.push(data) }],
      ...FAST,
      superviseIntervalSeconds: 1,
    });
    queues.push(q);
    await q.start();
    const id = (await q.send('test-orphaned', { n: 1 }))!;
    // What a process killed while holding the job leaves behind: active, its last heartbeat a minute ago.
    await app.deps.db.prisma.$executeRawUnsafe(
      `UPDATE ${JOB_SCHEMA}.job SET state = 'active', started_on = now() - interval '1 minute', heartbeat_on = now() - interval '1 minute' WHERE id::text = $1`,
      id,
    );
    await q.stop();
    await q.start({ deps: app.deps });
    await waitFor(
      () => jobRow(app, id),
      (r) => r?.state === 'completed',
      'the orphaned job to run again',
      60_000,
    );
    expect(ran).toEqual([{ n: 1 }]);
  });
});

describe('restart', () => {
  it('runs a job enqueued before a restart after it', { timeout: 180_000 }, async () => {
    let target: DatabaseTarget;
    let cleanup: () => Promise<void>;
    if (onPostgres) {
      const fresh = await freshDatabaseTarget();
      target = fresh.target;
      cleanup = fresh.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-jobs-'));
      target = { kind: 'pglite', dir: path.join(dir, 'db') };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const ran: unknown[] = [];
    const def: JobDefinition = {
      name: 'test-refund',
      retry: quickRetry(2),
      run: async (_deps, data) => {
        ran.push(data);
        return null;
      },
    };
    try {
      // The first instance only enqueues (it stops before any worker could take the job).
      const before = await startTestApp({}, { database: target });
      const q1 = queueOn(before, [def]);
      await q1.start();
      const id = (await q1.send('test-refund', { requestId: 'r-9' }))!;
      await q1.stop();
      await before.close();
      expect(ran).toEqual([]);

      const after = await startTestApp({}, { database: target });
      const q2 = queueOn(after, [def]);
      try {
        await q2.start({ deps: after.deps });
        await waitFor(
          () => jobRow(after, id),
          (r) => r?.state === 'completed',
          'the job to run after the restart',
        );
        expect(ran).toEqual([{ requestId: 'r-9' }]);
      } finally {
        await q2.stop();
        await after.close();
      }
    } finally {
      await cleanup();
    }
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    const fresh = await freshDatabaseTarget();
    drop = fresh.drop;
    a = await startTestApp({}, { database: fresh.target });
    b = await startTestApp({}, { database: fresh.target });
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('runs a scheduled job once per occurrence, the catch-up after start once, and each queued job once', { timeout: 180_000 }, async () => {
    const runs: { by: string; id: string }[] = [];
    const make = (by: string): JobDefinition[] => [
      {
        name: 'test-tick',
        cron: '* * * * *',
        retry: quickRetry(1),
        run: async () => {
          runs.push({ by, id: 'tick' });
          return null;
        },
      },
      {
        name: 'test-catch-up',
        retry: quickRetry(1),
        runAfterStart: true,
        run: async () => {
          runs.push({ by, id: 'catch-up' });
          return null;
        },
      },
      {
        name: 'test-each',
        retry: quickRetry(1),
        run: async (_deps, data) => {
          runs.push({ by, id: String(data.n) });
          return null;
        },
      },
    ];
    // A minute boundary inside the window would rightly give a second occurrence: start well before one.
    const seconds = new Date().getUTCSeconds();
    if (seconds > 40) await new Promise((r) => setTimeout(r, (61 - seconds) * 1000));
    const qa = queueOn(a, make('a'));
    const qb = queueOn(b, make('b'));
    queues.push(qa, qb);
    await Promise.all([qa.start({ deps: a.deps }), qb.start({ deps: b.deps })]);

    // The schedule's current minute is due at once; both instances check it every second.
    await waitFor(
      () => runs.filter((r) => r.id === 'tick').length,
      (n) => n >= 1,
      'the scheduled job to run',
      15_000,
    );
    for (let n = 0; n < 20; n++) await (n % 2 ? qa : qb).send('test-each', { n });
    await waitFor(
      () => runs.filter((r) => r.id !== 'tick' && r.id !== 'catch-up').length,
      (n) => n >= 20,
      'the queued jobs to run',
    );
    // Both instances started together: one catch-up run between them.
    await waitFor(
      () => runs.filter((r) => r.id === 'catch-up').length,
      (n) => n >= 1,
      'the catch-up run after start',
    );
    // Several more schedule checks by both instances.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(runs.filter((r) => r.id === 'tick')).toHaveLength(1);
    expect(runs.filter((r) => r.id === 'catch-up')).toHaveLength(1);
    expect(await jobsNamed(a, 'test-tick')).toHaveLength(1);
    const each = runs.filter((r) => r.id !== 'tick' && r.id !== 'catch-up').map((r) => Number(r.id));
    expect(each.sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
  });
});
