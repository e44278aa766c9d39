// The session check without a database round trip (decision 048): who a session cookie belongs to, kept in
// this process for a short time. Every door asks through getAuthContext (guards.ts), so a warm cache answers
// a signed-in person's request with no session query at all.
//
// Staying right is the database's job: triggers on "session" (deleted: sign-out, revocation, password reset,
// suspension, account deletion) and on "user" (role, suspension, deletion, two-factor, e-mail, name, language)
// send an 'auth.changed' event over the PostgreSQL event bus (LISTEN/NOTIFY, decision 021) at commit, whoever
// made the change (better-auth, a domain command, a script, plain SQL). Every instance drops what it kept of
// that person. The cache is used only while the bus listens: when the LISTEN connection is lost it is cleared
// and bypassed, and after the bus reconnects (a new epoch, events may have been lost) it starts empty.
//
// The bound: a change takes effect on every instance as soon as its event arrives (milliseconds); an entry
// lives at most `ttlMs` (SESSION_CACHE_SECONDS), which bounds the rest (a LISTEN connection that died without
// anyone noticing yet). On the embedded database (memory bus) there is no cache.
import { z } from 'zod';
import type { EventBus } from '../realtime/bus.ts';
import type { AuthContext } from './guards.ts';

/** The event the database triggers send (migration 20261124170000_auth_change_notify). */
export const AUTH_CHANGED = 'auth.changed';
const authChangedPayload = z.object({ sessionId: z.string().optional() }).nullish();

export interface SessionCacheOptions {
  bus: EventBus;
  /** How long an entry answers at most; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many sessions are kept; the least recently used goes first. */
  maxEntries?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface SessionCacheStats {
  hits: number;
  misses: number;
  /** Entries dropped because their person or session changed. */
  invalidated: number;
  size: number;
}

export interface SessionCache {
  /** The auth context of this session cookie: from the cache while fresh, else from `load` (which is kept). */
  read(cookie: string | null, load: () => Promise<AuthContext>): Promise<AuthContext>;
  /**
   * Drops what this process kept of a person at once, before the database's event arrives: called by the
   * commands that change a session or an account on this instance, so the next request of the same client
   * sees the change. The person is the one given, or the owner of the cookie; with neither known, all goes.
   */
  forget(who: { userId?: string | null; cookie?: string | null }): void;
  stats(): SessionCacheStats;
  clear(): void;
  close(): void;
}

interface Entry {
  auth: AuthContext;
  userId: string;
  sessionId: string;
  until: number;
}

export const SESSION_CACHE_ENTRIES = 20_000;

export function createSessionCache(opts: SessionCacheOptions): SessionCache {
  const now = opts.now ?? Date.now;
  const maxEntries = Math.max(1, opts.maxEntries ?? SESSION_CACHE_ENTRIES);
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0, invalidated: 0 };
  // Bumped by every invalidation: a read that started before one must not store what it read.
  let generation = 0;
  let epoch = opts.bus.epoch();

  const drop = (match: (e: Entry) => boolean) => {
    generation++;
    for (const [key, e] of entries) {
      if (!match(e)) continue;
      entries.delete(key);
      stats.invalidated++;
    }
  };
  const clear = () => {
    generation++;
    entries.clear();
  };

  const unsubscribe = opts.bus.subscribe((event) => {
    if (event.type !== AUTH_CHANGED) return;
    const payload = authChangedPayload.safeParse(event.payload);
    const userId = event.to.userId;
    const sessionId = payload.success ? payload.data?.sessionId : undefined;
    // Whatever changed about a person (or one of their sessions), all they had here is read again.
    drop((e) => e.userId === userId || (sessionId !== undefined && e.sessionId === sessionId));
  });

  /** Whether entries may be trusted now: the bus listens, and has not missed anything since they were kept. */
  const usable = () => {
    if (opts.ttlMs <= 0) return false;
    if (opts.bus.status() !== 'ok') {
      if (entries.size) clear();
      return false;
    }
    const current = opts.bus.epoch();
    if (current !== epoch) {
      clear();
      epoch = current;
    }
    return true;
  };

  return {
    async read(cookie, load) {
      if (!cookie || !usable()) return load();
      const hit = entries.get(cookie);
      const t = now();
      if (hit && hit.until > t) {
        // Least recently used first: re-inserting keeps the Map's order.
        entries.delete(cookie);
        entries.set(cookie, hit);
        stats.hits++;
        return hit.auth;
      }
      if (hit) entries.delete(cookie);
      stats.misses++;
      const started = generation;
      const startedEpoch = opts.bus.epoch();
      const auth = await load();
      if (auth.user && auth.sessionId && started === generation && startedEpoch === opts.bus.epoch() && opts.bus.status() === 'ok') {
        entries.set(cookie, { auth, userId: auth.user.id, sessionId: auth.sessionId, until: Math.min(now() + opts.ttlMs, auth.expiresAt ?? Infinity) });
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return auth;
    },
    forget({ userId, cookie }) {
      const owner = userId ?? (cookie ? entries.get(cookie)?.userId : undefined);
      if (!owner && !cookie) return clear();
      drop((e) => e.userId === owner);
      if (cookie) entries.delete(cookie);
    },
    stats: () => ({ ...stats, size: entries.size }),
    clear,
    close: unsubscribe,
  };
}
