// The Express app on a fresh database, plus a small cookie-keeping client for integration tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config.ts';
import { buildDeps, closeDeps } from '../../server/bootstrap.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { attachWebSocket } from '../../server/realtime/ws.ts';
import type { AppDeps } from '../../server/deps.ts';
import { freshDatabaseTarget } from './test-db.ts';

export interface TestApp {
  deps: AppDeps;
  baseUrl: string;
  server: http.Server;
  client(): TestClient;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}, appOptions: AppOptions = {}): Promise<TestApp> {
  const { target, drop } = await freshDatabaseTarget();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    RATE_LIMIT_AUTH: '1000',
    RATE_LIMIT_CHAT: '1000',
    EVENT_BUS: target.kind === 'postgres' ? 'postgres' : 'memory',
    PAYOUT_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ...env,
  });
  const deps = await buildDeps(config, { logger: createLogger('silent'), database: target });
  server.on('request', createApp(deps, appOptions));
  const ws = attachWebSocket(server, deps);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    deps,
    baseUrl,
    server,
    client: () => new TestClient(baseUrl),
    async close() {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps(deps);
      await drop();
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/** fetch with a cookie jar and the Origin header a browser would send. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  lang: 'de' | 'en' = 'de';
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        'accept-language': this.lang,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = unknown>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
}
