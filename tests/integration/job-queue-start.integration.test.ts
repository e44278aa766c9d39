// An instance whose job queue cannot start because the database dropped just then (issue 24): it used to
// exit (server/main.ts process.exit(1)), and with a single `npm start` nothing brought it back. It must wait
// and try again like every other database use, and keep serving meanwhile. The queue's first read is held by
// a table lock of the test's, and the connections waiting on it are ended: a database that dropped at that
// moment. A real process (server/main.ts) on the PostgreSQL suite's server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { holdTable, problems, startAppProcess, type AppProcess } from '../helpers/app-process.ts';
import { JOB_SCHEMA } from '../../server/jobs/queue.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onPostgres)('the job queue when the database drops while it starts', () => {
  let app: TestApp;
  let url: string;
  let instance: AppProcess | undefined;

  beforeAll(async () => {
    app = await startTestApp();
    url = (app.target as { url: string }).url;
    // The queue's schema exists (as on any database an instance ran on before).
    await app.deps.jobs.start();
  }, 120_000);
  afterAll(async () => {
    await instance?.stop();
    await app?.close();
  }, 60_000);

  it('keeps the instance serving and starts the queue once the database answers again', async () => {
    const held = await holdTable(url, 'version', { schema: JOB_SCHEMA, mode: 'ACCESS EXCLUSIVE' });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      instance = await startAppProcess('jobs-start', { DATABASE_URL: url, EVENT_BUS: 'postgres' });
      // Twice: the first start fails, and so does the first try again.
      for (let round = 0; round < 2; round++) {
        const pids = await held.waiting();
        for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        const until = Date.now() + 30_000;
        while (Date.now() < until && (instance.output().match(/job queue could not start/g) ?? []).length <= round) await sleep(100);
        expect(instance.child.exitCode, problems(instance)).toBeNull();
      }
      expect(instance.output()).toMatch(/job queue could not start yet; trying again/);
    } finally {
      await held.release();
      await admin.end();
    }
    const until = Date.now() + 90_000;
    while (Date.now() < until && !instance.output().includes('job queue started')) await sleep(200);
    expect(instance.output(), problems(instance)).toContain('job queue started');
    expect(instance.child.exitCode).toBeNull();
    expect((await fetch(`${instance.baseUrl}/api/health`)).status).toBe(200);
  }, 180_000);
});
