import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { enrolTotp, signIn, signedInClient } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

function connect(cookie: string | undefined, origin?: string): Promise<{ ws: WebSocket; messages: { type: string; payload?: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(app.baseUrl.replace('http', 'ws') + '/ws', { headers: { ...(cookie ? { cookie } : {}), origin: origin ?? app.baseUrl } });
    const messages: { type: string; payload?: unknown }[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    ws.on('open', () => {
      const wait = () => (messages.length ? resolve({ ws, messages }) : setTimeout(wait, 10));
      wait();
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('ws /ws', () => {
  it('refuses an anonymous upgrade and a foreign origin', async () => {
    await expect(connect(undefined)).rejects.toThrow('status 401');
    const { client } = await signedInClient(app, { role: 'seeker' });
    await expect(connect(client.cookieHeader, 'https://evil.example')).rejects.toThrow('status 403');
  });

  it('delivers events only to the addressed user or role', async () => {
    const seekerA = await signedInClient(app, { role: 'seeker' });
    const seekerB = await signedInClient(app, { role: 'seeker' });
    const provider = await signedInClient(app, { role: 'provider' });
    const a = await connect(seekerA.client.cookieHeader);
    const b = await connect(seekerB.client.cookieHeader);
    const p = await connect(provider.client.cookieHeader);
    expect(a.messages[0]).toMatchObject({ type: 'hello', payload: { userId: seekerA.user.id, role: 'seeker' } });

    await app.deps.bus.publish({ type: 'test.forA', to: { userId: seekerA.user.id }, payload: { n: 1 } });
    await app.deps.bus.publish({ type: 'test.providers', to: { role: 'provider' }, payload: { n: 2 } });
    await until(() => a.messages.some((m) => m.type === 'test.forA') && p.messages.some((m) => m.type === 'test.providers'));
    await new Promise((r) => setTimeout(r, 50));

    expect(a.messages.map((m) => m.type)).toEqual(['hello', 'test.forA']);
    expect(b.messages.map((m) => m.type)).toEqual(['hello']);
    expect(p.messages.map((m) => m.type)).toEqual(['hello', 'test.providers']);
    for (const c of [a, b, p]) c.ws.close();
  });
});

describe('ws after sign-out and for admins without TOTP', () => {
  it('sends nothing more to a socket whose session signed out, and closes it', async () => {
    const gone = await signedInClient(app, { role: 'seeker' });
    const stays = await signedInClient(app, { role: 'seeker' });
    const g = await connect(gone.client.cookieHeader);
    const s = await connect(stays.client.cookieHeader);
    let closed: number | null = null;
    g.ws.on('close', (code) => (closed = code));
    expect((await gone.client.post('/api/auth/sign-out', {})).status).toBe(200);

    await app.deps.bus.publish({ type: 'test.afterSignOut', to: { userId: gone.user.id }, payload: { secret: 1 } });
    await app.deps.bus.publish({ type: 'test.seekers', to: { role: 'seeker' }, payload: { n: 2 } });
    // Events are delivered in order: once the other seeker has the second one, the first was decided.
    await until(() => s.messages.some((m) => m.type === 'test.seekers') && closed !== null);
    expect(s.messages.map((m) => m.type)).toEqual(['hello', 'test.seekers']);
    expect(g.messages.map((m) => m.type)).toEqual(['hello']);
    expect(closed).toBe(4401);
    s.ws.close();
  });

  it('gives an admin without TOTP no admin events, and starts once TOTP is enrolled', async () => {
    const bare = await createUser(app.deps.db.prisma, { role: 'admin' });
    const c = app.client();
    await signIn(c, bare.email, bare.password);
    const withTotp = await signedInClient(app, { role: 'admin' });
    const a = await connect(c.cookieHeader);
    const t = await connect(withTotp.client.cookieHeader);

    await app.deps.bus.publish({ type: 'test.admins', to: { role: 'admin' }, payload: { n: 1 } });
    await app.deps.bus.publish({ type: 'test.personal', to: { userId: bare.id }, payload: { n: 2 } });
    await app.deps.bus.publish({ type: 'test.sentinel', to: { userId: withTotp.user.id }, payload: { n: 3 } });
    await until(() => t.messages.some((m) => m.type === 'test.sentinel'));
    expect(t.messages.map((m) => m.type)).toEqual(['hello', 'test.admins', 'test.sentinel']);
    expect(a.messages.map((m) => m.type)).toEqual(['hello']);

    // With TOTP enrolled (better-auth gives the session a new cookie), admin events arrive.
    await enrolTotp(c, bare.password);
    const again = await connect(c.cookieHeader);
    await app.deps.bus.publish({ type: 'test.admins2', to: { role: 'admin' }, payload: { n: 4 } });
    await until(() => again.messages.some((m) => m.type === 'test.admins2'));
    expect(again.messages.map((m) => m.type)).toEqual(['hello', 'test.admins2']);
    expect(a.messages.map((m) => m.type)).toEqual(['hello']);
    for (const x of [a, t, again]) x.ws.close();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('PostgreSQL event bus', () => {
  it('carries events between two app instances sharing one database', async () => {
    const { createPostgresBus } = await import('../../server/realtime/bus.ts');
    const { createLogger } = await import('../../server/logger.ts');
    const url = app.deps.db.url!;
    const one = await createPostgresBus(url, createLogger('silent'));
    const two = await createPostgresBus(url, createLogger('silent'));
    const received: string[] = [];
    two.subscribe((e) => received.push(e.type));
    await one.publish({ type: 'match.created', to: { role: 'provider' }, payload: { requestId: 'r1' } });
    await until(() => received.length > 0);
    expect(received).toEqual(['match.created']);
    await one.close();
    await two.close();
  });
});
