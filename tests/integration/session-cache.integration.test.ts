// The session check without a database round trip (decision 048), on two app instances sharing one PostgreSQL
// database, as `npm run cluster` runs them. A warm session is answered without reading it; a sign-out, a
// suspension, a role change and a changed language take effect on this instance at the next request and on the
// other one as soon as the database's event has reached it (app.settle() waits for exactly that, no sleeping);
// an event that never comes is bounded by the TTL (driven by a clock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';
import { createSessionCache } from '../../server/auth/session-cache.ts';

interface Me {
  user: { id: string; role: string; locale: string } | null;
}

describe.runIf(Boolean(process.env.DATABASE_URL))('session cache on two instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({}, { database: a.target });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The same cookies in a client of the other instance (a copied cookie pair, or the proxy sending the next request there). */
  function copyTo(app: TestApp, from: TestClient): TestClient {
    const c = app.client();
    for (const [k, v] of from.cookies) c.cookies.set(k, v);
    return c;
  }
  const me = async (c: TestClient) => (await c.get<Me>('/api/me')).body.user;
  /** Deletes a person's sessions with the session trigger off: the database tells no instance (a lost event). */
  async function endSessionsUnannounced(userId: string) {
    const prisma = a.deps.db.prisma;
    await prisma.$executeRawUnsafe('ALTER TABLE "session" DISABLE TRIGGER "session_auth_changed"');
    try {
      await prisma.session.deleteMany({ where: { userId } });
    } finally {
      await prisma.$executeRawUnsafe('ALTER TABLE "session" ENABLE TRIGGER "session_auth_changed"');
    }
  }

  it('is on with the PostgreSQL bus, and a warm session is answered without reading it', async () => {
    expect(a.deps.sessionCache).toBeDefined();
    const person = await createUser(a.deps.db.prisma, { role: 'seeker' });
    const c = a.client();
    await signIn(c, person.email, person.password);
    const before = a.deps.sessionCache!.stats();
    expect((await me(c))?.id).toBe(person.id);
    expect((await me(c))?.id).toBe(person.id);
    const after = a.deps.sessionCache!.stats();
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(1);

    // Proof that nothing is read: the session row goes without the database telling anyone (its trigger off
    // for a moment), and the warm entry still answers (an event lost on its way; the next test bounds that).
    await endSessionsUnannounced(person.id);
    // The warm entry answers although the session row is gone: no session was read.
    expect((await me(c))?.id).toBe(person.id);
    a.deps.sessionCache!.forget({ userId: person.id });
    expect(await me(c)).toBeNull();
  });

  it('bounds a lost event by the TTL', async () => {
    const person = await createUser(a.deps.db.prisma, { role: 'seeker' });
    const c = a.client();
    await signIn(c, person.email, person.password);
    const clock = { t: Date.now() };
    const real = a.deps.sessionCache!;
    const timed = createSessionCache({ bus: a.deps.bus, ttlMs: 30_000, now: () => clock.t });
    a.deps.sessionCache = timed;
    try {
      expect((await me(c))?.id).toBe(person.id);
      await endSessionsUnannounced(person.id);
      clock.t += 29_000;
      expect((await me(c))?.id).toBe(person.id);
      clock.t += 1_000;
      expect(await me(c)).toBeNull();
    } finally {
      a.deps.sessionCache = real;
      timed.close();
    }
  });

  it('a sign-out ends a copied cookie pair at once here and on the other instance once the event is there', async () => {
    const person = await createUser(a.deps.db.prisma, { role: 'provider' });
    const browser = a.client();
    await signIn(browser, person.email, person.password);
    const copyHere = copyTo(a, browser);
    const copyThere = copyTo(b, browser);
    for (const c of [browser, copyHere, copyThere]) expect((await me(c))?.id).toBe(person.id);
    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);
    // This instance forgot the session in the sign-out itself.
    expect(await me(copyHere)).toBeNull();
    await b.settle();
    expect(await me(copyThere)).toBeNull();
    expect((await copyThere.get('/api/provider/matches')).status).toBe(401);
  });

  it('a suspension shuts the person out on both instances; a role change and a new language show on both', async () => {
    const admin = await signedInClient(a, { role: 'admin' });
    const person = await createUser(a.deps.db.prisma, { role: 'seeker', locale: 'de' });
    const here = a.client();
    await signIn(here, person.email, person.password);
    const there = copyTo(b, here);
    expect((await me(here))?.role).toBe('seeker');
    expect((await me(there))?.role).toBe('seeker');

    expect((await admin.client.post(`/api/admin/users/${person.id}/role`, { role: 'provider' })).status).toBe(200);
    expect((await me(here))?.role).toBe('provider');
    await b.settle();
    expect((await me(there))?.role).toBe('provider');

    // The person changes their language through better-auth on the other instance.
    expect((await there.post('/api/auth/update-user', { locale: 'en' })).status).toBe(200);
    expect((await me(there))?.locale).toBe('en');
    await a.settle();
    expect((await me(here))?.locale).toBe('en');

    expect((await admin.client.post(`/api/admin/users/${person.id}/suspend`, { reason: 'Spam' })).status).toBe(200);
    expect(await me(here)).toBeNull();
    await b.settle();
    expect(await me(there)).toBeNull();
  });
});
