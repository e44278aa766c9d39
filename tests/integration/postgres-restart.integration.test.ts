// PostgreSQL stopped for some seconds under a running server (a cluster of the test's own, so the shared
// one is untouched): the process stays up, answers 503 with Retry-After and a translated message while
// the database is away, and afterwards answers again and delivers live events without a restart.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db.ts';
import { BUS_CHANNEL } from '../../server/realtime/bus.ts';
import { createUser } from '../factories/users.ts';
import { signIn } from '../helpers/auth.ts';
import { TestClient } from '../helpers/test-app.ts';
import { canRunOwnCluster, freePort, startOwnCluster, type OwnCluster } from '../helpers/pg-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function notify(url: string, event: unknown) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, JSON.stringify(event)]);
  await c.end();
}

let cluster: OwnCluster | undefined;
afterAll(() => cluster?.destroy());

describe.runIf(Boolean(process.env.DATABASE_URL) && canRunOwnCluster())('PostgreSQL stopped under a running server', () => {
  it('keeps the process up, answers 503 meanwhile, and recovers by itself', async () => {
    cluster = await startOwnCluster();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: cluster.url,
        AUTH_SECRET: 'restart-secret-restart-secret-restart-secret',
        PAYOUT_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    let exited: number | null | undefined;
    child.on('exit', (code) => (exited = code));
    try {
      await until(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200 || exited !== undefined, 'the server');
      expect(exited, out).toBeUndefined();

      const db = await openDatabase({ kind: 'postgres', url: cluster.url }, { migrate: false });
      const user = await createUser(db.prisma, { role: 'provider' });
      await db.close();
      const client = new TestClient(baseUrl);
      await signIn(client, user.email, user.password);
      const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie: client.cookieHeader, origin: baseUrl } });
      const types: string[] = [];
      ws.on('message', (d) => types.push(JSON.parse(d.toString()).type));
      await until(() => types.includes('hello'), 'the ws hello');
      await notify(cluster.url, { type: 'test.before', to: { userId: user.id }, payload: null });
      await until(() => types.includes('test.before'), 'an event before the outage');

      cluster.stop();
      const anon = new TestClient(baseUrl);
      await until(async () => (await anon.get('/api/health')).status === 503, 'health to report the outage');
      expect((await anon.get('/api/health')).body).toEqual({ status: 'degraded', database: 'postgres', db: 'down', bus: 'reconnecting' });
      const de = await anon.get<{ error: { code: string; message: string } }>('/api/successful-deals');
      expect(de.status).toBe(503);
      expect(Number(de.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(de.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/vorübergehend nicht erreichbar/) });
      anon.lang = 'en';
      expect((await anon.get<{ error: { message: string } }>('/api/successful-deals')).body.error.message).toMatch(/temporarily unavailable/);
      expect((await client.get<{ error: { code: string } }>('/api/deals')).status).toBe(503);
      // Some seconds without PostgreSQL: the process stays up through the bus's reconnection attempts.
      await new Promise((r) => setTimeout(r, 4_000));
      expect(exited, out).toBeUndefined();

      cluster.start();
      await until(async () => (await anon.get<{ status: string }>('/api/health')).body.status === 'ok', 'health to recover');
      expect((await anon.get('/api/successful-deals')).status).toBe(200);
      expect((await client.get('/api/deals')).status).toBe(200);
      await notify(cluster.url, { type: 'test.after', to: { userId: user.id }, payload: null });
      await until(() => types.includes('test.after'), 'an event after the outage');
      ws.close();
      expect(exited, out).toBeUndefined();
    } finally {
      if (exited === undefined) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    }
  }, 240_000);
});
