// A short-lived, bounded in-process cache of server-rendered public pages (decision 051). A public page's HTML
// depends only on its address (path and query) and the language it is shown in, never on who asks (the server
// render has no user: src/entry-server.tsx renders AuthProvider signed out, server/ssr/page-data.ts fetches
// nothing personal), so one render can answer every anonymous visitor for a few seconds. Signed-in people
// always get a fresh render (see server/app.ts), so nobody sees their own change late.
import crypto from 'node:crypto';
import type { Lang } from '../i18n.ts';

export interface CachedPage {
  status: number;
  /** The whole document, encoded once. */
  body: Buffer;
  /** Its ETag, computed once (the weak form Express computes for every answer otherwise). */
  etag: string;
}

/** A rendered page ready for the cache: the bytes and their ETag. */
export function cachedPage(status: number, html: string): CachedPage {
  const body = Buffer.from(html);
  const hash = crypto.createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { status, body, etag: `W/"${body.length.toString(16)}-${hash}"` };
}

export interface PageCacheOptions {
  /** How long a render answers for; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many pages are kept; the least recently used goes first. */
  maxEntries: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface PageCache {
  readonly ttlMs: number;
  /** The page for this key: from the cache while it is fresh, else from `render` (once for callers that arrive
   *  together). A failed render is not kept. */
  get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage>;
  /** The page for this key while it is fresh (or being rendered), without rendering it. */
  peek(key: string): Promise<CachedPage> | undefined;
  readonly size: number;
  clear(): void;
}

/** Pages kept at most: a page is 20 to 60 KB, so a few tens of MB at worst, whatever addresses are asked for. */
export const PAGE_CACHE_ENTRIES = 500;

/** The key of a page: its language and its address as asked for (path and query), and a stamp of any other
 *  data its anonymous render shows that can change at once (the /search greeting, decision 055). */
export const pageCacheKey = (lang: Lang, url: string, stamp?: string) => (stamp ? `${lang} ${url} #${stamp}` : `${lang} ${url}`);

interface Entry {
  expires: number;
  page: Promise<CachedPage>;
}

export function createPageCache(opts: PageCacheOptions): PageCache {
  const now = opts.now ?? Date.now;
  const maxEntries = Math.max(1, Math.floor(opts.maxEntries));
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  return {
    ttlMs: opts.ttlMs,
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
    peek(key) {
      const hit = entries.get(key);
      if (!hit || hit.expires <= now()) return undefined;
      entries.delete(key);
      entries.set(key, hit);
      return hit.page;
    },
    get(key, render) {
      if (opts.ttlMs <= 0) return render();
      const t = now();
      const hit = entries.get(key);
      if (hit && hit.expires > t) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.page;
      }
      if (hit) entries.delete(key);
      const entry: Entry = { expires: t + opts.ttlMs, page: render() };
      entries.set(key, entry);
      entry.page.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.page;
    },
  };
}

/** Whether the request carries a better-auth session cookie (server/auth/auth.ts: cookie prefix 'akut'). */
export const hasSessionCookie = (cookie: string | undefined): boolean => !!cookie && /(?:^|;\s*)(?:__Secure-)?akut\.session_token=/.test(cookie);
