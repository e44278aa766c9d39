// The reverse proxy of `npm run cluster`: round robin over healthy instances, a GET retried once on the other
// instance when one is gone, anything else answered 503 with Retry-After, WebSocket upgrades passed through.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, WebSocket } from 'ws';
import { startClusterProxy, type ClusterProxy } from '../../scripts/cluster.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function upstream(name: string): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  let connections = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') return res.writeHead(200).end('{"status":"ok"}');
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`${name} ${req.method} ${req.headers['x-forwarded-for'] ?? ''}`);
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.send(`hello from ${name}`));
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const close = async () => {
    for (const c of wss.clients) c.terminate();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, close };
}

const logged: string[] = [];

async function proxyFor(ups: { name: string; url: string }[]): Promise<{ proxy: ClusterProxy; url: string }> {
  const proxy = await startClusterProxy({ port: 0, host: '127.0.0.1', upstreams: ups, healthEveryMs: 60_000, log: (line) => logged.push(line) });
  closers.push(() => proxy.close());
  return { proxy, url: `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}` };
}

describe('cluster proxy', () => {
  it('spreads requests over the instances and names the one that answered', async () => {
    const [a, b] = [await upstream('app-a'), await upstream('app-b')];
    closers.push(a.close, b.close);
    const { url } = await proxyFor([
      { name: 'app-a', url: a.url },
      { name: 'app-b', url: b.url },
    ]);
    const served: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await fetch(`${url}/x`);
      served.push(`${r.headers.get('x-served-by')}:${(await r.text()).split(' ')[0]}`);
    }
    expect(served).toEqual(['app-a:app-a', 'app-b:app-b', 'app-a:app-a', 'app-b:app-b']);
    // The client's address reaches the app (the app trusts the proxy on loopback).
    expect(await (await fetch(`${url}/x`)).text()).toMatch(/127\.0\.0\.1/);
  });

  it('retries a GET on the other instance when one is gone, and answers 503 for a POST it could not deliver', async () => {
    const [a, b] = [await upstream('app-a'), await upstream('app-b')];
    closers.push(b.close);
    const { url, proxy } = await proxyFor([
      { name: 'app-a', url: a.url },
      { name: 'app-b', url: b.url },
    ]);
    await a.close();
    const get = await fetch(`${url}/page`);
    expect(get.status).toBe(200);
    expect(await get.text()).toMatch(/^app-b GET/);
    expect(proxy.upstreams.find((u) => u.name === 'app-a')!.healthy).toBe(false);
    // app-a is out now: every request goes to app-b.
    expect(await (await fetch(`${url}/page`, { method: 'POST' })).text()).toMatch(/^app-b POST/);
    await b.close();
    proxy.upstreams.forEach((u) => (u.healthy = true));
    const post = await fetch(`${url}/api/x`, { method: 'POST' });
    expect(post.status).toBe(503);
    expect(post.headers.get('retry-after')).toBe('5');
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
    expect(logged.at(-1)).toMatch(/app-a failed/);
  });

  it('keeps its connections to an instance open between requests (no new TCP connection per request)', async () => {
    const a = await upstream('app-a');
    closers.push(a.close);
    const { url } = await proxyFor([{ name: 'app-a', url: a.url }]);
    for (let i = 0; i < 5; i++) expect(await (await fetch(`${url}/x`, { method: i % 2 ? 'POST' : 'GET' })).text()).toMatch(/^app-a/);
    expect(a.connections()).toBe(1);
  });

  it('still delivers when every health check failed (an overloaded instance answers late, not never): it refuses only when the connection fails', async () => {
    const [a, b] = [await upstream('app-a'), await upstream('app-b')];
    closers.push(a.close, b.close);
    const { url, proxy } = await proxyFor([
      { name: 'app-a', url: a.url },
      { name: 'app-b', url: b.url },
    ]);
    proxy.upstreams.forEach((u) => (u.healthy = false));
    const post = await fetch(`${url}/api/x`, { method: 'POST' });
    expect(post.status).toBe(200);
    expect(await post.text()).toMatch(/^app-[ab] POST/);
    // One instance healthy again: it gets everything while the other is out.
    proxy.upstreams[1]!.healthy = true;
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/x`)).headers.get('x-served-by')).toBe('app-b');
  });

  it('passes WebSocket upgrades through', async () => {
    const a = await upstream('app-a');
    closers.push(a.close);
    const { url } = await proxyFor([{ name: 'app-a', url: a.url }]);
    const ws = new WebSocket(url.replace('http', 'ws') + '/ws');
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (d) => resolve(d.toString()));
      ws.once('error', reject);
    });
    ws.close();
    expect(first).toBe('hello from app-a');
  });
});
