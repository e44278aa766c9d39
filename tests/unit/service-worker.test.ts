// The service worker's rules (src/pwa/sw.js as the build writes it), run in a sandbox with stand-ins for the
// browser's caches and network: what it stores, what it never touches, and the offline page on a failed page.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildServiceWorker, PRECACHE } from '../../src/pwa/build-plugin.ts';

const ORIGIN = 'https://akut.example';

/** An answer as the browser gives it for this site (type 'basic'); a Response built here says 'default'. */
function sameOrigin(body: string, status = 200): Response {
  const res = new Response(body, { status });
  Object.defineProperty(res, 'type', { value: 'basic' });
  return res;
}

interface FakeRequest {
  url: string;
  method: string;
  mode: string;
}

function load(network: (req: FakeRequest | string) => Promise<Response>) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (r: FakeRequest | string) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).pathname;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (r: FakeRequest | string) => store.get(keyOf(r))?.clone(),
      put: async (r: FakeRequest | string, res: Response) => void store.set(keyOf(r), res),
      addAll: async (rs: (FakeRequest | string)[]) => {
        for (const r of rs) store.set(keyOf(r), new Response(`precached ${keyOf(r)}`, { status: 200 }));
      },
    };
  };
  const caches = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (r: FakeRequest | string, opts?: { cacheName?: string }) => {
      for (const [name, store] of stores) if (!opts?.cacheName || opts.cacheName === name) if (store.has(keyOf(r))) return store.get(keyOf(r))!.clone();
      return undefined;
    },
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => void (listeners[type] = fn),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  class SwRequest {
    url: string;
    method = 'GET';
    mode = 'cors';
    constructor(url: string) {
      this.url = new URL(url, ORIGIN).toString();
    }
  }
  const ctx = vm.createContext({ self, caches, fetch: network, Request: SwRequest, Response, URL, Promise });
  vm.runInContext(buildServiceWorker('test'), ctx);
  const strategyFor = (url: string, method = 'GET', mode = 'cors') =>
    (ctx.strategyFor as (u: URL, m: string, mo: string) => string | null)(new URL(url, ORIGIN), method, mode);
  /** Dispatches a fetch event; resolves to the worker's answer, or null when it left the request alone. */
  const dispatch = async (url: string, mode = 'cors', method = 'GET'): Promise<Response | null> => {
    let answer: Promise<Response> | null = null;
    listeners.fetch!({ request: { url: new URL(url, ORIGIN).toString(), method, mode }, respondWith: (p: Promise<Response>) => void (answer = p) });
    return answer ? await answer : null;
  };
  const install = async () => {
    let done: Promise<unknown> = Promise.resolve();
    listeners.install!({ waitUntil: (p: Promise<unknown>) => void (done = p) });
    await done;
  };
  const cachedPaths = () => [...stores.values()].flatMap((s) => [...s.keys()]);
  return { strategyFor, dispatch, install, cachedPaths };
}

describe('service worker', () => {
  const sw = load(async () => new Response('network'));

  it.each([
    ['/api/me', 'cors'],
    ['/api/seeker/requests', 'cors'],
    ['/api/auth/get-session', 'cors'],
    ['/api/auth/verify-email?token=x', 'navigate'],
    ['/ws', 'websocket'],
    ['/sw.js', 'same-origin'],
    ['/favicon.svg?v=2', 'no-cors'],
  ])('leaves %s alone', (url, mode) => {
    expect(sw.strategyFor(url, 'GET', mode)).toBeNull();
  });

  it('leaves writes and other sites alone', () => {
    expect(sw.strategyFor('/assets/app.js', 'POST')).toBeNull();
    expect(sw.strategyFor('https://cdn.example/assets/app.js')).toBeNull();
  });

  it('serves hashed files cache-first, the stored files from the cache and pages from the network', () => {
    expect(sw.strategyFor('/assets/index-AbC123.js')).toBe('asset');
    for (const path of PRECACHE) expect(sw.strategyFor(path)).toBe('precached');
    for (const page of ['/', '/auth', '/suchende-dashboard', '/anbieter/dashboard']) expect(sw.strategyFor(page, 'GET', 'navigate')).toBe('navigate');
  });

  it('keeps no API answer and no page, only hashed files and what install stores', async () => {
    const app = load(async (req) => sameOrigin(`from network ${typeof req === 'string' ? req : req.url}`));
    await app.install();
    expect(await app.dispatch('/api/me')).toBeNull();
    const page = await app.dispatch('/suchende-dashboard', 'navigate');
    expect(await page!.text()).toContain('from network');
    await app.dispatch('/assets/index-AbC123.js');
    expect(app.cachedPaths().sort()).toEqual([...PRECACHE, '/assets/index-AbC123.js'].sort());
  });

  it('answers a page it cannot load with the offline page, and a hashed file from the cache when offline', async () => {
    let online = true;
    const app = load(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return sameOrigin('asset body');
    });
    await app.install();
    await app.dispatch('/assets/x-123.js');
    online = false;
    const page = await app.dispatch('/anbieter', 'navigate');
    expect(await page!.text()).toBe('precached /offline.html');
    expect(await (await app.dispatch('/assets/x-123.js'))!.text()).toBe('asset body');
  });

  it('passes a failed hashed file on without keeping it', async () => {
    const app = load(async () => sameOrigin('missing', 404));
    const res = await app.dispatch('/assets/gone-123.js');
    expect(res!.status).toBe(404);
    expect(app.cachedPaths()).toEqual([]);
  });
});
