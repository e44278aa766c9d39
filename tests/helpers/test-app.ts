// The Express app on a fresh database, plus a small cookie-keeping client for integration tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig } from '../../server/config.ts';
import { buildDeps, closeDeps } from '../../server/bootstrap.ts';
import { createApp, type AppOptions } from '../../server/app.ts';
import { OUTBOX_LOG_MESSAGE } from '../../server/integrations/mail/mailer.ts';
import { attachWebSocket } from '../../server/realtime/ws.ts';
import type { AppDeps } from '../../server/deps.ts';
import type { DatabaseTarget } from '../../server/db.ts';
import { freshDatabaseTarget } from './test-db.ts';
import { NOTIFY_MATCHES_JOB } from '../../server/domain/matching/notify-new-matches.ts';

export interface TestApp {
  deps: AppDeps;
  /** The database it runs on (another instance can share it). */
  target: DatabaseTarget;
  baseUrl: string;
  server: http.Server;
  client(): TestClient;
  /**
   * The newest link mailed to this address, read from the server log like a developer on the offline default
   * does (account links are never in the outbox table). Null when none was logged.
   */
  mailLink(to: string, template?: string): string | null;
  /**
   * Resolves once every event the database sent so far has reached this app (a marker published now comes
   * back after them: PostgreSQL delivers notifications in commit order). For tests that change an account
   * straight in the database and then act through this app, whose session cache hears of it by event. First it
   * runs what waits in the job queue after a commit (the notifications of new matches, decision 078).
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

interface LoggedMail {
  to: string;
  template: string;
  url?: string;
}

/** A logger that drops everything but the outbox lines (which carry the mails' links in the offline run). */
function outboxLogCapture() {
  const mails: LoggedMail[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const line of chunk.toString().split('\n')) {
        if (!line.includes(OUTBOX_LOG_MESSAGE)) continue;
        const entry = JSON.parse(line) as LoggedMail & { msg: string };
        if (entry.msg === OUTBOX_LOG_MESSAGE) mails.push({ to: entry.to, template: entry.template, url: entry.url });
      }
      cb();
    },
  });
  return { logger: pino({ level: 'info' }, sink), mails };
}

/**
 * A fresh database per app; `opts.database` starts another instance on an existing one (not dropped by it).
 * Fault tests reach PostgreSQL through a proxy they can cut (`opts.via`, tests/helpers/pg-proxy.ts).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { via?: (url: string) => string; database?: DatabaseTarget } & AppOptions = {},
): Promise<TestApp> {
  const fresh = opts.database ? { target: opts.database, drop: async () => {} } : await freshDatabaseTarget();
  const { drop } = fresh;
  const target = fresh.target.kind === 'postgres' && opts.via ? { kind: 'postgres' as const, url: opts.via(fresh.target.url) } : fresh.target;
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
  const log = outboxLogCapture();
  const deps = await buildDeps(config, { logger: log.logger, database: target });
  server.on('request', createApp(deps, opts));
  const ws = attachWebSocket(server, deps);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    deps,
    target,
    baseUrl,
    server,
    client: () => new TestClient(baseUrl),
    mailLink(to, template) {
      const mail = log.mails.findLast((m) => m.to === to && (!template || m.template === template) && m.url);
      return mail?.url ?? null;
    },
    async settle() {
      // Work done after a commit through the job queue (no worker runs in a test app): the notifications of new
      // matches (decision 078). Then every event published so far has arrived.
      await deps.jobs.runQueued(deps, [NOTIFY_MATCHES_JOB]);
      await settleBus(deps);
    },
    async close() {
      await ws.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps(deps);
      await drop();
    },
  };
}

async function settleBus(deps: AppDeps): Promise<void> {
  const marker = crypto.randomUUID();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('the event bus did not deliver the marker within 10 s'));
    }, 10_000);
    const off = deps.bus.subscribe((e) => {
      if (e.type !== 'test.settle' || e.to.userId !== marker) return;
      clearTimeout(timer);
      off();
      resolve();
    });
    deps.bus.publish({ type: 'test.settle', to: { userId: marker }, payload: null }).catch((err: unknown) => {
      clearTimeout(timer);
      off();
      reject(err as Error);
    });
  });
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
