// Two app instances on one PostgreSQL database (no shared memory between them): sessions, rate limits and
// chat turns must hold across both. The same with two real processes and a database restart is
// tests/integration/two-processes.integration.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { sendChat } from '../helpers/chat.ts';
import { onPostgres } from '../helpers/test-db.ts';

/** The same browser (cookies) talking to another instance. */
function sameBrowserOn(app: TestApp, client: TestClient, lang: 'de' | 'en' = client.lang): TestClient {
  const other = app.client();
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  other.lang = lang;
  return other;
}

describe.runIf(onPostgres)('two app instances on one database', () => {
  const LIMIT = 5;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_AUTH: String(LIMIT), RATE_LIMIT_CHAT: '200' };
    a = await startTestApp(env);
    b = await startTestApp(env, { database: a.target });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts a session cookie of one instance on the other', async () => {
    const { client, user } = await signedInClient(a, { role: 'seeker' });
    const res = await sameBrowserOn(b, client).get<{ user: { id: string } | null }>('/api/auth/get-session');
    expect(res.status).toBe(200);
    expect(res.body.user?.id).toBe(user.id);
  });

  it('counts the sign-in rate limit across both instances', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const on = i % 2 === 0 ? a : b;
      statuses.push((await on.client().post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong-password' }, headers)).status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('loses no chat turn when two turns of one session run on both instances at once', async () => {
    // Several sessions, so a lost update would show in at least one of them.
    const sessions = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const c = a.client();
        const headers = { 'x-forwarded-for': `198.51.100.${10 + i}` };
        const created = await c.post<{ id: string }>('/api/chat/session', { lang: 'de' }, headers);
        const id = created.body.id;
        await sendChat(c, id, 'Lena', { headers });
        const need = await sendChat(c, id, 'Meine Heizung ist kaputt', { headers });
        expect(need.tools.at(-1)?.output).toMatchObject({ accepted: true, state: 'asking.location' });
        return { c, id, headers };
      }),
    );
    // Each turn changes another field of the draft; in either order both end up in it.
    const turns = await Promise.all(
      sessions.flatMap(({ c, id, headers }) => [sendChat(c, id, 'Olpe', { headers }), sendChat(sameBrowserOn(b, c), id, '300 bis 500 Euro', { headers })]),
    );
    expect(turns.map((t) => t.status)).toEqual(turns.map(() => 200));

    for (const { id } of sessions) {
      const row = await a.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id } });
      const context = (row.machineSnapshot as { context: { draft: Record<string, unknown>; version: number } }).context;
      expect(context.draft).toMatchObject({ place: 'Olpe', budgetMin: 300, budgetMax: 500 });
      expect(row.machineState).toBe('asking.urgency');
      // Both user messages and both answers are in the history.
      const texts = (await a.deps.db.prisma.chatMessage.findMany({ where: { sessionId: id, role: 'user' } })).map((m) => JSON.stringify(m.parts));
      expect(texts.filter((t) => t.includes('Olpe') || t.includes('300 bis 500'))).toHaveLength(2);
    }
  });
});

describe.runIf(onPostgres)('the per-session chat limit on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_CHAT: '3' };
    a = await startTestApp(env);
    b = await startTestApp(env, { database: a.target });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('stops a session after the limit wherever its messages land', async () => {
    let ip = 1;
    const from = () => ({ 'x-forwarded-for': `192.0.2.${ip++}` });
    const c = a.client();
    const id = (await c.post<{ id: string }>('/api/chat/session', { lang: 'de' }, from())).body.id;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await sendChat(i % 2 === 0 ? c : sameBrowserOn(b, c), id, `Hallo ${i}`, { headers: from() })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('the snapshot version check', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses to store a machine restored before another turn stored its own (no lost update, even without the lock)', async () => {
    const { restoreSessionMachine, saveMachine } = await import('../../server/chat/session.ts');
    const c = app.client();
    const id = (await c.post<{ id: string }>('/api/chat/session', { lang: 'de' })).body.id;
    const prisma = app.deps.db.prisma;
    const row = await prisma.chatSession.findUniqueOrThrow({ where: { id } });
    const first = restoreSessionMachine(row);
    const second = restoreSessionMachine(row);
    expect(first.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Anna' }).accepted).toBe(true);
    expect(second.send({ type: 'FIRST_NAME_SUBMITTED', name: 'Bernd' }).accepted).toBe(true);
    await saveMachine(prisma, id, first);
    await expect(saveMachine(prisma, id, second)).rejects.toMatchObject({ code: 'CHAT_BUSY' });
    const stored = await prisma.chatSession.findUniqueOrThrow({ where: { id } });
    expect((stored.machineSnapshot as { context: { firstName: string } }).context.firstName).toBe('Anna');
    // The machine that won can go on saving.
    expect(first.send({ type: 'CATEGORY_CHOSEN', category: 'auto' }).accepted).toBe(true);
    await saveMachine(prisma, id, first);
    expect((await prisma.chatSession.findUniqueOrThrow({ where: { id } })).machineState).toBe(first.state);
    first.stop();
    second.stop();
  });
});

describe.runIf(onPostgres)('the turn lock across instances', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
  });
  afterAll(async () => {
    await a?.close();
  });

  it('makes a turn on another instance wait, and answers CHAT_BUSY when it waits too long', async () => {
    const { createTurnLock } = await import('../../server/chat/limits.ts');
    const { Pool } = (await import('pg')).default;
    const other = new Pool({ connectionString: a.deps.db.url, max: 2 });
    try {
      const here = createTurnLock(a.deps.db.pools!.locks, { waitMs: 300 });
      const there = createTurnLock(other, { waitMs: 300 });
      const release = await here.acquire('session-1');
      await expect(there.acquire('session-1')).rejects.toMatchObject({ code: 'CHAT_BUSY', status: 409 });
      // Another session is not held up.
      const otherSession = await there.acquire('session-2');
      otherSession();
      // Once released, the other instance gets it.
      const waiting = there.acquire('session-1');
      release();
      const releaseThere = await waiting;
      releaseThere();
    } finally {
      await new Promise((r) => setTimeout(r, 50));
      await other.end();
    }
  });
});
