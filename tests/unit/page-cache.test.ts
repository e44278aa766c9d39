// The page cache of the public pages (decision 051): a render answers for its time to live, per key; callers
// that arrive together share one render; a failed render is not kept; the number of pages is bounded.
import { describe, expect, it } from 'vitest';
import { cachedPage, createPageCache, hasSessionCookie, pageCacheKey, type CachedPage } from '../../server/ssr/page-cache.ts';

function renderer() {
  const calls: string[] = [];
  return {
    calls,
    render:
      (key: string, status = 200) =>
      async (): Promise<CachedPage> => {
        calls.push(key);
        return cachedPage(status, `<html>${key} #${calls.length}</html>`);
      },
  };
}

describe('page cache', () => {
  it('renders a page once within its time to live, and again after it', async () => {
    let now = 1_000;
    const cache = createPageCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const r = renderer();
    const key = pageCacheKey('de', '/');
    const first = await cache.get(key, r.render(key));
    now += 4_999;
    const second = await cache.get(key, r.render(key));
    expect(r.calls).toHaveLength(1);
    expect(second.body.toString()).toBe(first.body.toString());
    now += 1;
    const third = await cache.get(key, r.render(key));
    expect(r.calls).toHaveLength(2);
    expect(third.body.toString()).toBe('<html>de / #2</html>');
  });

  it('renders again for another language or another query', async () => {
    const cache = createPageCache({ ttlMs: 5_000, maxEntries: 10 });
    const r = renderer();
    for (const key of [pageCacheKey('de', '/'), pageCacheKey('en', '/'), pageCacheKey('de', '/?lng=en'), pageCacheKey('de', '/erfolgreiche-deals?q=Bad')])
      await cache.get(key, r.render(key));
    await cache.get(pageCacheKey('en', '/'), r.render('again'));
    expect(r.calls).toEqual(['de /', 'en /', 'de /?lng=en', 'de /erfolgreiche-deals?q=Bad']);
  });

  it('shares one render between callers that arrive together', async () => {
    const cache = createPageCache({ ttlMs: 5_000, maxEntries: 10 });
    const r = renderer();
    const pages = await Promise.all(Array.from({ length: 5 }, () => cache.get('de /anbieter', r.render('de /anbieter'))));
    expect(r.calls).toHaveLength(1);
    expect(new Set(pages.map((p) => p.body.toString())).size).toBe(1);
  });

  it('keeps no failed render: the next caller renders again', async () => {
    const cache = createPageCache({ ttlMs: 5_000, maxEntries: 10 });
    await expect(cache.get('de /', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    const r = renderer();
    expect((await cache.get('de /', r.render('de /'))).status).toBe(200);
    expect(r.calls).toHaveLength(1);
  });

  it('keeps at most maxEntries pages, dropping the least recently used', async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 3 });
    const r = renderer();
    for (const key of ['a', 'b', 'c']) await cache.get(key, r.render(key));
    await cache.get('a', r.render('a')); // a is used again: b is now the oldest
    for (let i = 0; i < 100; i++) await cache.get(`x${i}`, r.render(`x${i}`));
    expect(cache.size).toBe(3);
    await cache.get('x99', r.render('x99'));
    expect(r.calls.filter((k) => k === 'x99')).toHaveLength(1);
    await cache.get('a', r.render('a'));
    expect(r.calls.filter((k) => k === 'a')).toHaveLength(2);
  });

  it('peeks at a fresh page without rendering, and finds nothing once it is stale or was never rendered', async () => {
    let now = 0;
    const cache = createPageCache({ ttlMs: 1_000, maxEntries: 10, now: () => now });
    expect(cache.peek('de /')).toBeUndefined();
    const r = renderer();
    await cache.get('de /', r.render('de /'));
    expect((await cache.peek('de /'))?.body.toString()).toBe('<html>de / #1</html>');
    now += 1_000;
    expect(cache.peek('de /')).toBeUndefined();
    expect(r.calls).toHaveLength(1);
  });

  it('gives each page the ETag of its bytes', () => {
    expect(cachedPage(200, '<html>a</html>').etag).toBe(cachedPage(200, '<html>a</html>').etag);
    expect(cachedPage(200, '<html>a</html>').etag).not.toBe(cachedPage(200, '<html>b</html>').etag);
    expect(cachedPage(200, '<html>a</html>').etag).toMatch(/^W\/"e-[A-Za-z0-9+/]{27}"$/);
  });

  it('renders every time with a time to live of 0', async () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 10 });
    const r = renderer();
    await cache.get('de /', r.render('de /'));
    await cache.get('de /', r.render('de /'));
    expect(r.calls).toHaveLength(2);
    expect(cache.size).toBe(0);
  });

  it('recognises the session cookie, also with the __Secure- prefix, and nothing else', () => {
    expect(hasSessionCookie('akut.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('akut_ref=P1; __Secure-akut.session_token=abc')).toBe(true);
    expect(hasSessionCookie('akut_ref=P1')).toBe(false);
    expect(hasSessionCookie('xakut.session_token=abc')).toBe(false);
    expect(hasSessionCookie(undefined)).toBe(false);
  });
});
