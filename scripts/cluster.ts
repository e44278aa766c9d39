// npm run cluster: akut as it runs behind a load balancer, without Docker. Starts CLUSTER_INSTANCES (default 2)
// app processes (server/main.ts) on one PostgreSQL (DATABASE_URL) on the ports after PORT, and a small reverse
// proxy on PORT (default 3000) that spreads requests and WebSocket upgrades over the healthy instances (round
// robin, health from /api/health every 2 s). Every answer names its instance in `X-Served-By`. The instances
// share nothing but the database: sessions, rate limits, chat turns and live events all go through it
// (decision 021). The embedded database cannot be shared, so this refuses to run without DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { createProxyServer } from 'http-proxy-3';
import { z } from 'zod';
import { buildClientIfStale } from './build-client.ts';

const root = path.resolve(import.meta.dirname, '..');

const envSchema = z.object({
  DATABASE_URL: z.string().url({ message: 'npm run cluster needs DATABASE_URL (a PostgreSQL server): the embedded database serves one process only.' }),
  PORT: z.coerce.number().int().min(1).max(65_000).default(3000),
  HOST: z.string().default('127.0.0.1'),
  CLUSTER_INSTANCES: z.coerce.number().int().min(1).max(16).default(2),
  /** Ports of the instances, comma-separated; default: the ports right after PORT. */
  CLUSTER_INSTANCE_PORTS: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => s.split(',').map(Number))
    .optional(),
  APP_URL: z.string().url().optional(),
});

export interface Upstream {
  name: string;
  url: string;
  healthy: boolean;
}

export interface ClusterProxy {
  server: http.Server;
  upstreams: Upstream[];
  close(): Promise<void>;
}

const UNAVAILABLE = JSON.stringify({
  error: {
    code: 'SERVICE_UNAVAILABLE',
    message: 'akut ist gerade nicht erreichbar. Bitte versuche es gleich noch einmal. / akut is unavailable right now. Please try again shortly.',
  },
});

/** The reverse proxy in front of the instances: round robin over the healthy ones, HTTP and WebSocket. */
export async function startClusterProxy(opts: {
  port: number;
  host: string;
  upstreams: { name: string; url: string }[];
  healthEveryMs?: number;
  log?: (line: string) => void;
}): Promise<ClusterProxy> {
  const log = opts.log ?? ((line: string) => console.error(line));
  const upstreams: Upstream[] = opts.upstreams.map((u) => ({ ...u, healthy: true }));
  // Connections to the instances are kept open and reused (http-proxy's default is a new connection, with
  // 'Connection: close', per request: most of the proxy's cost under load, decision 051). Node's agent drops an
  // idle connection a second before the instance's keep-alive timeout would, so a reused one is not already closed.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const proxy = createProxyServer({ xfwd: true, ws: true, agent });
  let next = 0;
  const pick = (skip?: Upstream): Upstream | null => {
    // When every health check failed, the instances may only be slow (a check times out under load): the
    // request is still tried, round robin, and refused only when its connection fails (decision 051).
    const anyHealthy = upstreams.some((u) => u.healthy && u !== skip);
    for (let i = 0; i < upstreams.length; i++) {
      const u = upstreams[(next + i) % upstreams.length]!;
      if ((u.healthy || !anyHealthy) && u !== skip) {
        next = (next + i + 1) % upstreams.length;
        return u;
      }
    }
    return null;
  };
  const refuse = (res: http.ServerResponse) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5' }).end(UNAVAILABLE);
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, skip?: Upstream) => {
    const target = pick(skip);
    if (!target) return refuse(res);
    res.setHeader('X-Served-By', target.name);
    proxy.web(req, res, { target: target.url }, (err) => {
      // The instance went away: take it out until its health check answers again. A request that cannot have
      // changed anything (GET, HEAD) tries the next instance once; anything else is answered 503.
      target.healthy = false;
      if (!skip && (req.method === 'GET' || req.method === 'HEAD') && !res.headersSent) return forward(req, res, target);
      log(`cluster: ${target.name} failed: ${(err as Error).message}`);
      refuse(res);
    });
  };

  const server = http.createServer((req, res) => forward(req, res));
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = pick();
    if (!target) return socket.destroy();
    proxy.ws(req, socket, head, { target: target.url }, () => {
      target.healthy = false;
      socket.destroy();
    });
  });

  const check = async () => {
    await Promise.all(
      upstreams.map(async (u) => {
        try {
          const r = await fetch(`${u.url}/api/health`, { signal: AbortSignal.timeout(1_500) });
          u.healthy = r.ok;
        } catch {
          u.healthy = false;
        }
      }),
    );
  };
  const timer = setInterval(() => void check(), opts.healthEveryMs ?? 2_000);
  timer.unref();
  await new Promise<void>((resolve) => server.listen(opts.port, opts.host, resolve));
  return {
    server,
    upstreams,
    async close() {
      clearInterval(timer);
      proxy.close();
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}`)
      .join('\n') + '\n';
  child.stdout!.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  return child;
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`instance at ${url} exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance at ${url} did not become healthy`);
}

async function main() {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`npm run cluster: ${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const env = parsed.data;
  const publicUrl = env.APP_URL ?? `http://${env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST}:${env.PORT}`;
  buildClientIfStale();
  const names = Array.from({ length: env.CLUSTER_INSTANCES }, (_, i) => `app-${String.fromCharCode(97 + i)}`);
  const children: ChildProcess[] = [];
  const stopAll = (code: number) => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    setTimeout(() => process.exit(code), 5_000).unref();
    void Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => stopAll(0));

  // The first instance applies pending migrations alone; the others start once it is healthy.
  const ports = names.map((_, i) => env.CLUSTER_INSTANCE_PORTS?.[i] ?? env.PORT + 1 + i);
  const upstreams = names.map((name, i) => ({ name, url: `http://127.0.0.1:${ports[i]}` }));
  for (const [i, u] of upstreams.entries()) {
    const child = startInstance(u.name, ports[i]!, { ...process.env, APP_URL: publicUrl });
    children.push(child);
    child.on('exit', (code) => {
      console.error(`cluster: ${u.name} exited (${code ?? 'signal'})`);
    });
    if (i === 0) await waitHealthy(u.url, child);
  }
  await Promise.all(upstreams.map((u, i) => waitHealthy(u.url, children[i]!)));
  await startClusterProxy({ port: env.PORT, host: env.HOST, upstreams });
  console.log(`akut cluster listening on ${publicUrl} (${upstreams.map((u) => `${u.name} ${u.url}`).join(', ')})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((e: unknown) => {
    console.error(`npm run cluster: ${(e as Error).message}`);
    process.exit(1);
  });
}
