// Dropped and refused database connections on PostgreSQL: nothing crashes, the event bus listens again,
// /api/health tells the truth, and during an outage the API answers 503 with Retry-After and a
// translated message instead of 500; afterwards it answers again without a restart.
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { startPgProxy, type PgProxy } from '../helpers/pg-proxy.ts';
import { createPostgresBus, type BusEvent } from '../../server/realtime/bus.ts';
import { createLogger } from '../../server/logger.ts';
import { inTransaction } from '../../server/db/tx.ts';

const url = process.env.DATABASE_URL;

async function until(cond: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends every connection to the given database but the caller's, as PostgreSQL does to idle clients. */
async function terminateBackends(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    const r = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    return r.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Backends of the database that have run LISTEN (the bus's listener). */
async function listeningBackends(databaseUrl: string): Promise<number[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const r = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN%'", [
      new URL(databaseUrl).pathname.slice(1),
    ]);
    return r.rows.map((row) => row.pid);
  } finally {
    await admin.end();
  }
}

describe.runIf(Boolean(url))('database faults on PostgreSQL', () => {
  let app: TestApp;
  let proxy: PgProxy;
  beforeAll(async () => {
    proxy = await startPgProxy(url!);
    app = await startTestApp({}, { via: (u) => proxy.url(u) });
  });
  afterAll(async () => {
    await proxy?.up();
    await app?.close();
    await proxy?.close();
  });

  it('the event bus survives the termination of its LISTEN and publisher connections and listens again', async () => {
    const direct = new URL(url!);
    direct.pathname = new URL(app.deps.db.url!).pathname;
    const bus = await createPostgresBus(direct.toString(), createLogger('silent'), { baseDelayMs: 20, maxDelayMs: 200 });
    try {
      const received: BusEvent[] = [];
      bus.subscribe((e) => received.push(e));
      // A publish leaves an idle connection in the publisher pool: the one whose 'error' used to crash the process.
      await bus.publish({ type: 'before', to: { role: 'provider' }, payload: null });
      await until(() => received.some((e) => e.type === 'before'), 'the first event');

      const before = await listeningBackends(direct.toString());
      expect(before.length).toBeGreaterThanOrEqual(1);
      expect(await terminateBackends(direct.toString())).toBeGreaterThanOrEqual(2);
      // Every bus on this database (this one and the test app's) listens again on a new connection.
      await until(async () => {
        const now = await listeningBackends(direct.toString());
        return now.length === before.length && now.every((pid) => !before.includes(pid));
      }, 'new LISTEN connections');
      expect(bus.status()).toBe('ok');
      await bus.publish({ type: 'after', to: { role: 'provider' }, payload: null });
      await until(() => received.some((e) => e.type === 'after'), 'an event published after the reconnection');
    } finally {
      await bus.close();
    }
  });

  it('answers 503 with Retry-After and a translated message while PostgreSQL is away, and again after', async () => {
    const { client, user } = await signedInClient(app, { role: 'provider' });
    const ws = new WebSocket(app.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie: client.cookieHeader, origin: app.baseUrl } });
    const types: string[] = [];
    ws.on('message', (d) => types.push(JSON.parse(d.toString()).type));
    await until(() => types.includes('hello'), 'the ws hello');
    await app.deps.bus.publish({ type: 'test.before', to: { userId: user.id }, payload: null });
    await until(() => types.includes('test.before'), 'an event before the outage');

    const chatter = app.client();
    const session = await chatter.post<{ id: string }>('/api/chat/session', { lang: 'de' });
    expect(session.status).toBe(200);

    const healthy = await app.client().get('/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toEqual({ status: 'ok', database: 'postgres', db: 'ok', bus: 'ok' });

    // PostgreSQL goes away: open connections are cut (as on a shutdown) and new ones refused.
    await proxy.down();
    await until(() => app.deps.bus.status() === 'reconnecting', 'the bus to notice');
    const down = await app.client().get('/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'degraded', database: 'postgres', db: 'down', bus: 'reconnecting' });

    const anon = app.client();
    const de = await anon.get<{ error: { code: string; message: string } }>('/api/successful-deals');
    expect(de.status).toBe(503);
    expect(de.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(de.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(de.body.error.message).toMatch(/vorübergehend/);
    anon.lang = 'en';
    const chat = await anon.post<{ error: { code: string; message: string } }>('/api/chat/session', { lang: 'en' });
    expect(chat.status).toBe(503);
    expect(chat.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(chat.body.error.message).toMatch(/temporarily/);
    const turn = await chatter.post<{ error: { code: string; message: string } }>('/api/chat', {
      sessionId: session.body.id,
      message: { role: 'user', parts: [{ type: 'text', text: 'Hallo' }] },
    });
    expect(turn.status).toBe(503);
    expect(turn.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(turn.body.error.code).toBe('SERVICE_UNAVAILABLE');
    // better-auth's own endpoints too (the browser asks for the session on every page).
    const sessionDuring = await client.get<{ error: { code: string } }>('/api/auth/get-session');
    expect(sessionDuring.status).toBe(503);
    expect(sessionDuring.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(sessionDuring.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const signInDuring = await app.client().post<{ error: { code: string } }>('/api/auth/sign-in/email', { email: user.email, password: 'whatever-password' });
    expect(signInDuring.status).toBe(503);
    expect(signInDuring.body.error.code).toBe('SERVICE_UNAVAILABLE');
    const signedIn = await client.get<{ error: { code: string } }>('/api/deals');
    expect(signedIn.status).toBe(503);
    expect(signedIn.body.error.code).toBe('SERVICE_UNAVAILABLE');

    // Back: the same process answers again and live events flow again.
    await proxy.up();
    await until(async () => (await app.client().get<{ status: string }>('/api/health')).body.status === 'ok', 'health to recover');
    expect((await app.client().get('/api/health')).body).toEqual({ status: 'ok', database: 'postgres', db: 'ok', bus: 'ok' });
    expect((await anon.get('/api/successful-deals')).status).toBe(200);
    expect((await client.get('/api/deals')).status).toBe(200);
    await app.deps.bus.publish({ type: 'test.after', to: { userId: user.id }, payload: null });
    await until(() => types.includes('test.after'), 'an event after the outage');
    ws.close();
  });

  it('keeps serving when PostgreSQL terminates the connections of the app pool', async () => {
    const c = app.client();
    expect((await c.get('/api/successful-deals')).status).toBe(200);
    await terminateBackends(app.deps.db.url!);
    await until(async () => (await c.get('/api/health')).status === 200, 'health after the termination');
    expect((await c.get('/api/successful-deals')).status).toBe(200);
  });

  it('retries the loser of a real deadlock, so both transactions complete', async () => {
    const prisma = app.deps.db.prisma;
    await prisma.setting.createMany({
      data: [
        { key: 'deadlock.a', value: 0 },
        { key: 'deadlock.b', value: 0 },
      ],
    });
    let firstLocks = 0;
    let release!: () => void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    const attempts = { ab: 0, ba: 0 };
    // Each takes one row, waits until the other holds the other row, then takes it: PostgreSQL aborts one (40P01).
    const crosswise = (name: 'ab' | 'ba', first: string, second: string) =>
      inTransaction(prisma, async (tx) => {
        attempts[name]++;
        await tx.setting.update({ where: { key: first }, data: { value: name } });
        if (++firstLocks === 2) release();
        await bothLocked;
        await tx.setting.update({ where: { key: second }, data: { value: name } });
        return name;
      });
    expect(await Promise.all([crosswise('ab', 'deadlock.a', 'deadlock.b'), crosswise('ba', 'deadlock.b', 'deadlock.a')])).toEqual(['ab', 'ba']);
    expect(attempts.ab + attempts.ba).toBe(3);
  });
});
