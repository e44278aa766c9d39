// npm start with DATABASE_URL runs WEB_CONCURRENCY worker processes on one port (node:cluster); a worker that
// dies is replaced, SIGTERM stops them all. Runs with the PostgreSQL suite.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseTarget, onPostgres } from '../helpers/test-db.ts';
import { freePort } from '../helpers/pg-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
const listeningPids = (out: string) => [...out.matchAll(/"pid":(\d+)[^\n]*akut listening/g)].map((m) => Number(m[1]));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(check: () => boolean, ms: number, what: () => string) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(what());
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(onPostgres)('npm start with several workers', () => {
  let child: ChildProcess | undefined;
  let out = '';
  let url = '';
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const fresh = await freshDatabaseTarget();
    drop = fresh.drop;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: (fresh.target as { url: string }).url,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: url,
        WEB_CONCURRENCY: '2',
        SKIP_BUILD: '1',
        AUTH_SECRET: 'workers-test-secret-workers-test-secret-0123456',
        PAYOUT_ENCRYPTION_KEY: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await until(
      () => listeningPids(out).length >= 2,
      120_000,
      () => `two workers did not start:\n${out.slice(-3000)}`,
    );
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await drop?.();
  }, 60_000);

  it('runs two worker processes serving one port', async () => {
    const pids = listeningPids(out);
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(child!.pid);
    const r = await fetch(`${url}/api/health`);
    expect(r.status).toBe(200);
  });

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const [first, second] = listeningPids(out) as [number, number];
    process.kill(first, 'SIGKILL');
    await until(
      () => listeningPids(out).length >= 3,
      60_000,
      () => `no replacement worker:\n${out.slice(-3000)}`,
    );
    const replacement = listeningPids(out)[2]!;
    expect([first, second]).not.toContain(replacement);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((r) => child!.once('exit', (code) => r(code)));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(
      () => !alive(second) && !alive(replacement),
      15_000,
      () => 'workers still running after SIGTERM',
    );
  });
});
