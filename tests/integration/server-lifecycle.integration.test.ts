// The real entry point: starts on an empty data folder (creating and migrating the embedded database),
// serves, and on SIGTERM closes ws, HTTP and the database and exits 0, leaving the folder reopenable.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db.ts';
import { onPostgres } from '../helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe.runIf(!onPostgres)('server/main.ts', () => {
  it('starts on a fresh DATA_DIR and shuts down gracefully on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-life-'));
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        AUTH_SECRET: '',
        PAYOUT_ENCRYPTION_KEY: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 40_000);
      child.stdout.on('data', () => {
        const m = /"port":(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json());
    expect(health).toEqual({ status: 'ok', database: 'pglite', db: 'ok', bus: 'ok' });
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    expect(out).toContain('shutting down');

    const db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    expect(await db.prisma.user.count()).toBe(0);
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('npm start fails (128 + 9) when its server is killed with SIGKILL, so an on-failure restart policy restarts it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-start-kill-'));
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: { ...process.env, SKIP_BUILD: '1', DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const serverPid = await new Promise<number>((resolve, reject) => {
        // A fresh embedded database applies every migration first: minutes on a loaded machine (a hang guard).
        const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 240_000);
        child.stdout.on('data', () => {
          const m = /"pid":(\d+)[^\n]*akut listening/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
      });
      process.kill(serverPid, 'SIGKILL');
      expect(await exited).toBe(137);
    } finally {
      // npm start passes SIGTERM on to its server: neither is left behind.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('npm start on the embedded database runs in production with the labelled test checkout on (the README try-out run)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-start-'));
    const { TEST_CHECKOUT: _t, NODE_ENV: _n, ...env } = process.env;
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'scripts/start.ts')], {
      cwd: root,
      env: {
        ...env,
        SKIP_BUILD: '1',
        DATABASE_URL: '',
        AUTH_SECRET: '',
        PAYOUT_ENCRYPTION_KEY: '',
        STRIPE_SECRET_KEY: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        // npm start builds the client first when dist/ is missing or stale: on a loaded CI machine that takes
        // more than a minute (a hang guard, not a timing).
        const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 240_000);
        child.stdout.on('data', () => {
          const m = /"port":(\d+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(Number(m[1]));
          }
        });
      });
      const packages = await fetch(`http://127.0.0.1:${port}/api/shop/packages`).then((r) => r.json());
      expect(packages.checkout).toBe('test');
    } finally {
      await new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
