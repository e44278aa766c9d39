// Starts that must be refused with a clear message: PostgreSQL without the shared secrets, and a second
// process on an embedded database folder that a running server holds (a stale lock of a killed one is
// taken over).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface Run {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the port once the server listens, or with the exit code if it stops first. */
  outcome: Promise<{ port: number } | { exit: number | null }>;
  exited: Promise<number | null>;
}

function run(script: string, env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const outcome = new Promise<{ port: number } | { exit: number | null }>((resolve) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /"port":(\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((exit) => resolve({ exit }));
  });
  return { child, output: () => out, outcome, exited };
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-refuse-'));
  dirs.push(dir);
  return dir;
}

async function stop(r: Run, signal: NodeJS.Signals = 'SIGTERM') {
  r.child.kill(signal);
  return r.exited;
}

describe.runIf(!onPostgres)('start refusals', () => {
  it('refuses to start on PostgreSQL without AUTH_SECRET and PAYOUT_ENCRYPTION_KEY, naming both', async () => {
    // Nothing listens on port 9: the refusal must come before any connection attempt.
    const env = { DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:9/akut', DATA_DIR: tempDataDir() };
    const none = run('server/main.ts', { ...env, AUTH_SECRET: '', PAYOUT_ENCRYPTION_KEY: '' });
    children.push(none.child);
    const r1 = await none.outcome;
    expect(r1).toMatchObject({ exit: 1 });
    expect(none.output()).toMatch(/AUTH_SECRET/);
    expect(none.output()).toMatch(/PAYOUT_ENCRYPTION_KEY/);
    expect(none.output()).not.toMatch(/ECONNREFUSED/);

    const onlyAuth = run('server/main.ts', { ...env, AUTH_SECRET: 'a-secret-of-at-least-32-characters-0123456789', PAYOUT_ENCRYPTION_KEY: '' });
    children.push(onlyAuth.child);
    expect(await onlyAuth.outcome).toMatchObject({ exit: 1 });
    expect(onlyAuth.output()).toMatch(/missing: PAYOUT_ENCRYPTION_KEY/);
    // Nothing was written into DATA_DIR in their place.
    expect(fs.readdirSync(env.DATA_DIR)).toEqual([]);
  }, 60_000);

  it('refuses a second server, seed, admin:create and db:migrate on the folder of a running server', async () => {
    const dataDir = tempDataDir();
    const env = { DATABASE_URL: '', DATA_DIR: dataDir };
    const first = run('server/main.ts', env);
    children.push(first.child);
    const started = await first.outcome;
    expect(started, first.output()).toHaveProperty('port');
    const port = (started as { port: number }).port;

    for (const [script, args] of [
      ['server/main.ts', []],
      ['prisma/seed.ts', []],
      ['scripts/admin-create.ts', ['chefin@example.com']],
      ['scripts/db-migrate.ts', []],
    ] as const) {
      const second = run(script, env, [...args]);
      children.push(second.child);
      const outcome = await second.outcome;
      if ('port' in outcome) second.child.kill('SIGKILL');
      expect(outcome, `${script}: ${second.output()}`).toEqual({ exit: 1 });
      expect(second.output()).toContain(`in use by another akut process (pid ${first.child.pid}`);
      expect(second.output()).toContain(path.join(dataDir, 'pglite'));
    }
    // The first one is undisturbed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await stop(first)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);

  it('takes over the stale lock of a server killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const env = { DATABASE_URL: '', DATA_DIR: dataDir };
    const killed = run('server/main.ts', env);
    children.push(killed.child);
    expect(await killed.outcome, killed.output()).toHaveProperty('port');
    await stop(killed, 'SIGKILL');
    const lockFile = path.join(dataDir, 'pglite.lock');
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: killed.child.pid });

    const next = run('server/main.ts', env);
    children.push(next.child);
    const started = await next.outcome;
    expect(started, next.output()).toHaveProperty('port');
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: next.child.pid });
    expect((await fetch(`http://127.0.0.1:${(started as { port: number }).port}/api/health`)).status).toBe(200);
    expect(await stop(next)).toBe(0);
  }, 120_000);
});
