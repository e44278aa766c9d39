// A real app process (`node server/main.ts`) for tests that need one to die: SIGKILL in the middle of a step,
// then another process on the same database. Its output is kept for failure messages.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './pg-cluster.ts';
import { TestClient } from './test-app.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** The same browser (cookies, language) talking to this process. */
  as(client: TestClient): TestClient;
  /** SIGKILL, and the moment it is gone. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export const APP_PROCESS_SECRETS = {
  AUTH_SECRET: 'app-process-secret-app-process-secret-0123456789',
  PAYOUT_ENCRYPTION_KEY: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * `dataDir`: a DATA_DIR the caller made (and may have seeded, e.g. its PGlite database); removed on stop like
 * the one made here otherwise.
 */
export async function startAppProcess(
  name: string,
  env: Record<string, string>,
  opts: { port?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<AppProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `akut-${name}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...APP_PROCESS_SECRETS,
      AI_PROVIDER: 'offline',
      RATE_LIMIT_AUTH: '1000',
      RATE_LIMIT_CHAT: '1000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const app: AppProcess = {
    name,
    baseUrl,
    child,
    output: () => out,
    as(client) {
      const other = new TestClient(baseUrl);
      for (const [k, v] of client.cookies) other.cookies.set(k, v);
      other.lang = client.lang;
      return other;
    },
    async kill() {
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = exited(child);
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await gone;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), opts.timeoutMs ?? 60_000);
    const check = () => {
      if (out.includes('akut listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}): ${out}`));
    });
  });
  await started.catch(async (e: unknown) => {
    await app.stop();
    throw e;
  });
  return app;
}

/** The warnings, errors and crash lines of a process's output, for a failure message. */
export function problems(app: AppProcess): string {
  return app
    .output()
    .split('\n')
    .filter((l) => /"level":(40|50|60)|Error|^\s+at /.test(l))
    .slice(-25)
    .join('\n');
}

export interface HeldLock {
  /** Resolves with the backends waiting on the lock, once there is one. */
  waiting(timeoutMs?: number): Promise<number[]>;
  release(): Promise<void>;
}

async function waitersOf(c: pg.Client, sql: string, params: unknown[], what: string, timeoutMs: number): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await c.query<{ pid: number }>(sql, params);
    if (r.rows.length) return r.rows.map((row) => row.pid);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nobody waited on ${what} within ${timeoutMs} ms`);
}

/**
 * A table held in EXCLUSIVE mode (reads pass, writes wait; ACCESS EXCLUSIVE: reads wait too) by a transaction
 * of the test's own, to stop an app's step at the moment it uses the table.
 */
export async function holdTable(url: string, table: string, opts: { schema?: string; mode?: 'EXCLUSIVE' | 'ACCESS EXCLUSIVE' } = {}): Promise<HeldLock> {
  const c = new pg.Client({ connectionString: url, application_name: 'akut-test-lock' });
  await c.connect();
  await c.query('BEGIN');
  await c.query(`LOCK TABLE ${opts.schema ? `"${opts.schema}".` : ''}"${table}" IN ${opts.mode ?? 'EXCLUSIVE'} MODE`);
  return {
    waiting: (timeoutMs = 30_000) =>
      waitersOf(
        c,
        `SELECT DISTINCT l.pid FROM pg_locks l JOIN pg_class t ON t.oid = l.relation WHERE NOT l.granted AND t.relname = $1 AND l.pid <> pg_backend_pid()`,
        [table],
        `"${table}"`,
        timeoutMs,
      ),
    async release() {
      await c.query('ROLLBACK').catch(() => {});
      await c.end().catch(() => {});
    },
  };
}

/** An advisory lock of the test's own (a trigger of the test's waits on it to stop a chosen statement). */
export async function holdAdvisoryLock(url: string, key: number): Promise<HeldLock> {
  const c = new pg.Client({ connectionString: url, application_name: 'akut-test-lock' });
  await c.connect();
  await c.query('SELECT pg_advisory_lock($1)', [key]);
  return {
    waiting: (timeoutMs = 30_000) =>
      waitersOf(c, `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1`, [key], `advisory lock ${key}`, timeoutMs),
    async release() {
      await c.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {});
      await c.end().catch(() => {});
    },
  };
}

/**
 * SIGKILL of `app` while its step waits at `held`. PostgreSQL does not notice a vanished client while a
 * statement waits on a lock, and would finish it once the lock is free; the backends that waited are ended
 * first, so the step stops exactly there, as if the process had died just before it.
 */
export async function killWhileHeld(url: string, app: AppProcess, held: HeldLock, send: () => Promise<unknown>): Promise<void> {
  const answer = send().catch(() => null);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const pids = await held.waiting();
    await app.kill();
    for (const pid of pids) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await held.release();
    await admin.end();
  }
  await answer;
}
