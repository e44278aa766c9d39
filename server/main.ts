// Starts akut: applies migrations, then serves HTTP (Express) and ws on one server.
// `node server/main.ts` serves the built client from dist/; `--dev` runs Vite in middleware mode.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { buildDeps, closeDeps } from './bootstrap.ts';
import { createApp } from './app.ts';
import { attachWebSocket } from './realtime/ws.ts';
import { exitOnStartupError } from './startup-error.ts';
import { understanding } from './ai/understanding/models.ts';
import { loadBuiltRenderer } from './ssr/load-renderer.ts';
import { createPageCache, PAGE_CACHE_ENTRIES } from './ssr/page-cache.ts';
import type { RenderFn } from '../core/pages/render.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const config = loadConfig();
const deps = await buildDeps(config).catch(exitOnStartupError);
const server = http.createServer();

let app;
if (dev) {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  app = createApp(deps, {
    viteMiddlewares: vite.middlewares,
    renderIndex: async (url) => vite.transformIndexHtml(url, fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8')),
    loadRenderer: async () => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderFn }).render,
  });
} else {
  app = createApp(deps, {
    clientDir: path.join(ROOT, 'dist'),
    loadRenderer: loadBuiltRenderer(path.join(ROOT, 'dist/.ssr/entry-server.js'), deps.logger),
    pageCache: createPageCache({ ttlMs: config.pageCacheMs, maxEntries: PAGE_CACHE_ENTRIES }),
  });
}
server.on('request', app);
const ws = attachWebSocket(server, deps);

// The chat's models (intent classifier, language detector) are made before the first request, not in it: read
// from the cache in milliseconds, or trained in seconds after a corpus change, which would otherwise hold the
// whole server during someone's first chat turn.
const modelsStarted = performance.now();
understanding();
deps.logger.info({ ms: Math.round(performance.now() - modelsStarted) }, 'chat models ready');

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  deps.logger.info(
    { port, pid: process.pid, database: deps.db.kind, ai: config.ai.provider, mail: deps.mailer.mode, dev },
    `akut listening on http://localhost:${port}`,
  );
  // This instance works the background jobs and keeps their schedules (decision 044); serving need not wait.
  // A database that is away now (or drops while the queue starts) is waited for like any other database use:
  // the start is tried again with a growing pause, never the end of the process (issue 24).
  void startJobs();
});

let closing = false;

async function startJobs() {
  for (let attempt = 1; !closing; attempt++) {
    try {
      await deps.jobs.start({ deps });
      deps.logger.info({ jobs: deps.jobs.definitions.map((d) => d.name), attempt }, 'job queue started');
      return;
    } catch (err) {
      const retryMs = Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5));
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), attempt, retryMs }, 'job queue could not start yet; trying again');
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  deps.logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await deps.jobs.stop();
  await ws.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closeDeps(deps);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
