// The session cache (decision 048): a warm entry answers without a session read; the database's 'auth.changed'
// events and the local forget drop a person's entries; nothing is kept or used while the bus does not listen,
// and everything goes when it listened again (events may have been lost); an entry lives at most its TTL and
// never past the session's end; a read that an invalidation overtook does not store what it read.
import { describe, expect, it } from 'vitest';
import { AUTH_CHANGED, createSessionCache } from '../../server/auth/session-cache.ts';
import type { AuthContext, SessionUser } from '../../server/auth/guards.ts';
import { createMemoryBus, type BusStatus, type EventBus } from '../../server/realtime/bus.ts';

function fakeBus() {
  const inner = createMemoryBus();
  const state = { status: 'ok' as BusStatus, epoch: 1 };
  const bus: EventBus = { ...inner, status: () => state.status, epoch: () => state.epoch };
  return { bus, state };
}

const user = (id: string, role: SessionUser['role'] = 'seeker'): SessionUser => ({
  id,
  email: `${id}@example.org`,
  name: id,
  role,
  locale: 'de',
  emailVerified: true,
  twoFactorEnabled: false,
});
const ctx = (userId: string, sessionId: string, expiresAt = Number.MAX_SAFE_INTEGER): AuthContext => ({ user: user(userId), sessionId, expiresAt });

/** A loader that counts its calls (each call stands for one session read). */
function loader(result: () => AuthContext) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, result()) };
}

function setup(ttlMs = 30_000) {
  const { bus, state } = fakeBus();
  const clock = { t: 1_000_000 };
  const cache = createSessionCache({ bus, ttlMs, now: () => clock.t, maxEntries: 3 });
  return { bus, state, clock, cache };
}

describe('session cache', () => {
  it('answers a warm session without reading it again, until its TTL', async () => {
    const { cache, clock } = setup();
    const { calls, load } = loader(() => ctx('u1', 's1'));
    expect((await cache.read('cookie-1', load)).user?.id).toBe('u1');
    expect((await cache.read('cookie-1', load)).user?.id).toBe('u1');
    expect(calls.n).toBe(1);
    clock.t += 29_999;
    await cache.read('cookie-1', load);
    expect(calls.n).toBe(1);
    clock.t += 1;
    await cache.read('cookie-1', load);
    expect(calls.n).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, size: 1 });
  });

  it('never keeps a session past its end, and keeps no anonymous answer', async () => {
    const { cache, clock } = setup();
    const ends = loader(() => ctx('u1', 's1', clock.t + 5_000));
    await cache.read('c', ends.load);
    clock.t += 5_000;
    await cache.read('c', ends.load);
    expect(ends.calls.n).toBe(2);

    const nobody = loader(() => ({ user: null, sessionId: null }));
    await cache.read('forged', nobody.load);
    await cache.read('forged', nobody.load);
    expect(nobody.calls.n).toBe(2);
    // No cookie: nothing to key on, always read (better-auth answers without the database then).
    await cache.read(null, nobody.load);
    expect(nobody.calls.n).toBe(3);
  });

  it("drops a person's entries when the database says their account or one of their sessions changed", async () => {
    const { cache, bus } = setup();
    const a1 = loader(() => ctx('alice', 'sa1'));
    const a2 = loader(() => ctx('alice', 'sa2'));
    const b = loader(() => ctx('bob', 'sb'));
    await cache.read('alice-phone', a1.load);
    await cache.read('alice-laptop', a2.load);
    await cache.read('bob', b.load);

    await bus.publish({ type: AUTH_CHANGED, to: { userId: 'alice' }, payload: { sessionId: 'sa1' } });
    await cache.read('alice-phone', a1.load);
    await cache.read('alice-laptop', a2.load);
    await cache.read('bob', b.load);
    expect([a1.calls.n, a2.calls.n, b.calls.n]).toEqual([2, 2, 1]);

    // Other events change nothing.
    await bus.publish({ type: 'offer.created', to: { userId: 'bob' }, payload: null });
    await cache.read('bob', b.load);
    expect(b.calls.n).toBe(1);
    expect(cache.stats().invalidated).toBe(2);
  });

  it('forgets locally: by person, by the cookie of the request, or everything when neither is known', async () => {
    const { cache } = setup();
    const a = loader(() => ctx('alice', 'sa'));
    const b = loader(() => ctx('bob', 'sb'));
    await cache.read('alice', a.load);
    await cache.read('bob', b.load);
    cache.forget({ cookie: 'alice' });
    await cache.read('alice', a.load);
    await cache.read('bob', b.load);
    expect([a.calls.n, b.calls.n]).toEqual([2, 1]);
    cache.forget({ userId: 'bob' });
    await cache.read('bob', b.load);
    expect(b.calls.n).toBe(2);
    cache.forget({});
    await cache.read('alice', a.load);
    await cache.read('bob', b.load);
    expect([a.calls.n, b.calls.n]).toEqual([3, 3]);
  });

  it('is not used while the bus does not listen, and starts empty after it listened again', async () => {
    const { cache, state } = setup();
    const a = loader(() => ctx('alice', 'sa'));
    await cache.read('alice', a.load);
    state.status = 'reconnecting';
    await cache.read('alice', a.load);
    await cache.read('alice', a.load);
    expect(a.calls.n).toBe(3);
    expect(cache.stats().size).toBe(0);

    state.status = 'ok';
    await cache.read('alice', a.load);
    await cache.read('alice', a.load);
    expect(a.calls.n).toBe(4);
    // Lost and back between two requests: the epoch moved, so what was kept before goes.
    state.epoch++;
    await cache.read('alice', a.load);
    expect(a.calls.n).toBe(5);
  });

  it('does not store a read that an invalidation overtook', async () => {
    const { cache, bus } = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let n = 0;
    const slow = async () => {
      n++;
      if (n === 1) await gate;
      return ctx('alice', 'sa');
    };
    const pending = cache.read('alice', slow);
    await bus.publish({ type: AUTH_CHANGED, to: { userId: 'alice' }, payload: {} });
    release();
    await pending;
    await cache.read('alice', slow);
    expect(n).toBe(2);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = setup();
    const loads = ['a', 'b', 'c', 'd'].map((id) => loader(() => ctx(id, `s-${id}`)));
    for (const [i, id] of ['a', 'b', 'c'].entries()) await cache.read(id, loads[i]!.load);
    await cache.read('a', loads[0]!.load); // a is now the most recently used
    await cache.read('d', loads[3]!.load); // b goes
    expect(cache.stats().size).toBe(3);
    await cache.read('a', loads[0]!.load);
    await cache.read('b', loads[1]!.load);
    expect([loads[0]!.calls.n, loads[1]!.calls.n]).toEqual([1, 2]);
  });

  it('with a TTL of 0 is off', async () => {
    const { cache } = setup(0);
    const a = loader(() => ctx('alice', 'sa'));
    await cache.read('alice', a.load);
    await cache.read('alice', a.load);
    expect(a.calls.n).toBe(2);
  });
});
