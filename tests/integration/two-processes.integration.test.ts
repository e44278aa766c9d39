// Two real app processes (server/main.ts) on one PostgreSQL, as behind a load balancer: shared sessions,
// shared rate limits, no lost chat turn, and live events crossing instances, also after the database was
// restarted. The database is a cluster of the test's own (the shared one is never stopped); runs with the
// PostgreSQL suite (DATABASE_URL set) where the PostgreSQL binaries are installed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../../server/db.ts';
import { createUser } from '../factories/users.ts';
import { TestClient } from '../helpers/test-app.ts';
import { sendChat } from '../helpers/chat.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { canRunOwnCluster, freePort, startOwnCluster, type OwnCluster } from '../helpers/pg-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
const AUTH_LIMIT = 5;

interface AppProcess {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function startApp(name: string, port: number, env: Record<string, string>): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `akut-${name}-`));
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const app: AppProcess = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 45_000);
    const check = () => {
      if (out.includes('akut listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}: ${out}`));
    });
  });
  // A process that did not come up is stopped here: the caller never gets hold of it.
  await started.catch(async (e: unknown) => {
    await app.stop();
    throw e;
  });
  return app;
}

/** The same browser (cookies) talking to another instance. */
function sameBrowserOn(app: AppProcess, client: TestClient): TestClient {
  const other = new TestClient(app.baseUrl);
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  other.lang = client.lang;
  return other;
}

/** The warnings, errors and crash lines of a process's output, for a failure message. */
const problems = (app: AppProcess) =>
  app
    .output()
    .split('\n')
    .filter((l) => /"level":(40|50|60)|Error|^\s+at /.test(l))
    .slice(-25)
    .join('\n');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onPostgres && canRunOwnCluster())('two app processes on one PostgreSQL', () => {
  let cluster: OwnCluster | undefined;
  let db: Database | undefined;
  let a: AppProcess | undefined;
  let b: AppProcess | undefined;
  let ip = 0;
  /** Every request from its own address, so the per-IP limits of the other checks stay out of the way. */
  const fresh = () => ({ 'x-forwarded-for': `203.0.113.${++ip}` });

  beforeAll(async () => {
    cluster = await startOwnCluster();
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: cluster.url,
      AUTH_SECRET: 'two-instances-secret-two-instances-secret-0123',
      PAYOUT_ENCRYPTION_KEY: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
      TRUSTED_ORIGINS: `http://127.0.0.1:${portA},http://127.0.0.1:${portB}`,
      RATE_LIMIT_AUTH: String(AUTH_LIMIT),
      RATE_LIMIT_CHAT: '200',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    };
    // One after the other: the first applies the migrations.
    a = await startApp('a', portA, env);
    b = await startApp('b', portB, env);
    db = await openDatabase({ kind: 'postgres', url: cluster.url }, { migrate: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close().catch(() => {});
    cluster?.destroy();
  }, 60_000);

  async function signedIn(role: 'seeker' | 'provider') {
    const user = await createUser(db!.prisma, { role });
    const client = new TestClient(a!.baseUrl);
    const res = await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password }, fresh());
    expect(res.status).toBe(200);
    return { client, user };
  }

  it('accepts a session cookie of one instance on the other', async () => {
    const { client, user } = await signedIn('seeker');
    const res = await sameBrowserOn(b!, client).get<{ user: { id: string } | null }>('/api/auth/get-session');
    expect(res.body.user?.id).toBe(user.id);
  });

  it('counts the sign-in rate limit across both processes', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.200' };
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 2; i++) {
      const on = i % 2 === 0 ? a! : b!;
      statuses.push(
        (await new TestClient(on.baseUrl).post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong-password' }, headers)).status,
      );
    }
    expect(statuses).toEqual([...Array(AUTH_LIMIT).fill(401), 429, 429]);
  });

  it('keeps both of two concurrent turns of one chat session sent to both processes', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const c = new TestClient(a!.baseUrl);
        const headers = fresh();
        const id = (await c.post<{ id: string }>('/api/chat/session', { lang: 'de' }, headers)).body.id;
        await sendChat(c, id, 'Lena', { headers });
        await sendChat(c, id, 'Meine Heizung ist kaputt', { headers });
        return { c, id, headers };
      }),
    );
    const turns = await Promise.all(
      sessions.flatMap(({ c, id, headers }) => [sendChat(c, id, 'Olpe', { headers }), sendChat(sameBrowserOn(b!, c), id, '300 bis 500 Euro', { headers })]),
    );
    expect(turns.map((t) => t.status)).toEqual(turns.map(() => 200));
    for (const { id } of sessions) {
      const row = await db!.prisma.chatSession.findUniqueOrThrow({ where: { id } });
      expect((row.machineSnapshot as { context: { draft: Record<string, unknown> } }).context.draft).toMatchObject({
        place: 'Olpe',
        budgetMin: 300,
        budgetMax: 500,
      });
      expect(row.machineState).toBe('asking.urgency');
    }
  });

  it('pushes an event caused on one process to a ws client of the other, also after a database restart', async () => {
    const { client } = await signedIn('provider');
    const onB = sameBrowserOn(b!, client);
    const received: { type: string; payload?: { purchaseId?: string } }[] = [];
    const ws = new WebSocket(b!.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie: onB.cookieHeader, origin: b!.baseUrl } });
    ws.on('message', (d) => received.push(JSON.parse(d.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      /** Buys a package on A with the test checkout; the purchase's event is addressed to the provider. */
      const buy = async () => {
        const checkout = await client.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' }, fresh());
        if (checkout.status !== 200) return null;
        const paid = await client.post(`/api/shop/test-checkout/${checkout.body.purchaseId}/pay`, {}, fresh());
        return paid.status === 200 ? checkout.body.purchaseId : null;
      };
      const arrived = async (purchaseId: string) => {
        for (let i = 0; i < 50; i++) {
          if (received.some((m) => m.type === 'purchase.completed' && m.payload?.purchaseId === purchaseId)) return true;
          await sleep(100);
        }
        return false;
      };

      const before = await buy();
      expect(before).toBeTruthy();
      expect(await arrived(before!)).toBe(true);

      cluster!.stop();
      cluster!.start();
      // The processes reconnect on their own (no restart of theirs); a purchase's event may be lost while B's
      // listener is still reconnecting, so buy again until one arrives.
      let crossed = false;
      for (let attempt = 0; attempt < 15 && !crossed; attempt++) {
        const after = await buy().catch(() => null);
        crossed = after ? await arrived(after) : (await sleep(1_000), false);
      }
      expect(crossed, `no event crossed after the restart.\nA: ${problems(a!)}\nB: ${problems(b!)}`).toBe(true);
      expect(a!.child.exitCode, 'A is still running').toBeNull();
      expect(b!.child.exitCode, 'B is still running').toBeNull();
    } finally {
      ws.close();
    }
  }, 60_000);
});
