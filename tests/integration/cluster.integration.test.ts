// `npm run cluster` end to end: two app instances on one PostgreSQL behind the proxy on one port. A browser
// (cookies) talks to the proxy only: its requests are spread over both instances, its session holds on both,
// a chat conversation continues whichever instance answers, and a live event reaches its WebSocket whichever
// instance caused it. Runs with the PostgreSQL suite (the embedded database serves one process only).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase, type Database } from '../../server/db.ts';
import { createUser } from '../factories/users.ts';
import { TestClient } from '../helpers/test-app.ts';
import { sendChat } from '../helpers/chat.ts';
import { freshDatabaseTarget, onPostgres } from '../helpers/test-db.ts';
import { freePort } from '../helpers/pg-cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe.runIf(onPostgres)('npm run cluster', () => {
  let child: ChildProcess | undefined;
  let out = '';
  let url = '';
  let db: Database | undefined;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const fresh = await freshDatabaseTarget();
    drop = fresh.drop;
    const dbUrl = (fresh.target as { url: string }).url;
    const [port, pa, pb] = [await freePort(), await freePort(), await freePort()];
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'scripts/cluster.ts')], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        PORT: String(port),
        CLUSTER_INSTANCE_PORTS: `${pa},${pb}`,
        SKIP_BUILD: '1',
        AUTH_SECRET: 'cluster-test-secret-cluster-test-secret-012345',
        PAYOUT_ENCRYPTION_KEY: 'abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        TEST_CHECKOUT: 'on',
        RATE_LIMIT_CHAT: '200',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cluster did not start:\n${out.slice(-3000)}`)), 150_000);
      const check = () => {
        if (out.includes('akut cluster listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child!.stdout!.on('data', check);
      child!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cluster exited with ${code}:\n${out.slice(-3000)}`));
      });
    });
    db = await openDatabase({ kind: 'postgres', url: dbUrl }, { migrate: false });
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      const t = setTimeout(() => child!.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    }
    await db?.close().catch(() => {});
    await drop?.();
  }, 60_000);

  it('spreads requests over both instances behind one port', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${url}/api/health`);
      expect(r.status).toBe(200);
      served.add(r.headers.get('x-served-by') ?? '');
    }
    expect([...served].sort()).toEqual(['app-a', 'app-b']);
  });

  it('keeps a session and a chat conversation whichever instance answers', async () => {
    const user = await createUser(db!.prisma, { role: 'seeker' });
    const client = new TestClient(url);
    expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await client.get<{ user: { id: string } | null }>('/api/auth/get-session')).body.user?.id).toBe(user.id);

    const anon = new TestClient(url);
    const id = (await anon.post<{ id: string }>('/api/chat/session', { lang: 'de' })).body.id;
    for (const text of ['Lena', 'Meine Heizung ist kaputt', 'Olpe', '300 bis 500 Euro']) expect((await sendChat(anon, id, text)).status).toBe(200);
    const row = await db!.prisma.chatSession.findUniqueOrThrow({ where: { id } });
    expect((row.machineSnapshot as { context: { draft: Record<string, unknown> } }).context.draft).toMatchObject({
      place: 'Olpe',
      budgetMin: 300,
      budgetMax: 500,
    });
  });

  it('delivers live events to a WebSocket through the proxy whichever instance caused them', async () => {
    const user = await createUser(db!.prisma, { role: 'provider' });
    const client = new TestClient(url);
    expect((await client.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
    const received: { type: string; payload?: { purchaseId?: string } }[] = [];
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws', { headers: { cookie: client.cookieHeader, origin: url } });
    ws.on('message', (d) => received.push(JSON.parse(d.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      // Two purchases: the proxy alternates, so at least one is paid on the instance the socket is not on.
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const checkout = await client.post<{ purchaseId: string }>('/api/shop/checkout', { packageId: 'small' });
        expect(checkout.status).toBe(200);
        expect((await client.post(`/api/shop/test-checkout/${checkout.body.purchaseId}/pay`, {})).status).toBe(200);
        ids.push(checkout.body.purchaseId);
      }
      const until = Date.now() + 15_000;
      while (Date.now() < until && !ids.every((id) => received.some((e) => e.payload?.purchaseId === id))) await new Promise((r) => setTimeout(r, 100));
      expect(ids.filter((id) => !received.some((e) => e.payload?.purchaseId === id))).toEqual([]);
    } finally {
      ws.close();
    }
  });
});
