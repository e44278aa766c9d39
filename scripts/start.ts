// npm start: builds the client when dist/ is missing or older than the sources, then starts the server.
// With DATABASE_URL it runs WEB_CONCURRENCY worker processes (default: the number of cores) on the same port
// through node:cluster, so one instance uses every core; a worker that dies is replaced. The embedded
// database serves one process only, so without DATABASE_URL there is exactly one.
import cluster from 'node:cluster';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { z } from 'zod';
import { buildClientIfStale } from './build-client.ts';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'server/main.ts');
const execArgv = ['--disable-warning=ExperimentalWarning'];

// On the embedded defaults (no DATABASE_URL) `npm start` is the try-it-out run of the README: the labelled test
// checkout stays on there. With a PostgreSQL server it is a deployment, where only TEST_CHECKOUT=on enables it.
const defaults: Record<string, string> = { NODE_ENV: 'production', ...(process.env.DATABASE_URL ? {} : { TEST_CHECKOUT: 'on' }) };
const env = { ...defaults, ...process.env };

const concurrency = z.coerce
  .number()
  .int()
  .min(1)
  .max(64)
  .safeParse(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
if (!concurrency.success) {
  console.error(`npm start: WEB_CONCURRENCY must be a whole number from 1 to 64 (got '${process.env.WEB_CONCURRENCY}').`);
  process.exit(2);
}
const workers = process.env.DATABASE_URL ? concurrency.data : 1;

buildClientIfStale();

if (workers === 1) {
  const child = spawn(process.execPath, [...execArgv, main, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
  // A server killed by a signal (SIGKILL, the OOM killer) ends npm start like a shell would, 128 + the signal's
  // number, never 0: an on-failure restart policy must see a failure (issue 24).
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 1)));
} else {
  cluster.setupPrimary({ exec: main, execArgv, args: process.argv.slice(2) });
  let stopping = false;
  const restarts: number[] = [];
  // The first worker applies pending migrations alone; the others start once it listens.
  const fork = () => cluster.fork(env);
  fork().once('listening', () => {
    for (let i = 1; i < workers; i++) fork();
  });
  const listened = new Set<number>();
  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that never got to listen hit a start-up error (configuration, database): another one would too.
    if (!listened.has(worker.id)) return shutdown(typeof code === 'number' && code !== 0 ? code : 1);
    // Replace a worker that died, but not in a tight loop: more than 5 deaths within a minute stops everything.
    const now = Date.now();
    restarts.push(now);
    while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
    console.error(
      `npm start: worker ${worker.process.pid} exited (${signal ?? code})${restarts.length > 5 ? '; too many restarts, stopping' : '; starting a new one'}`,
    );
    if (restarts.length > 5) return shutdown(1);
    fork();
  });
  const shutdown = (code = 0) => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {});
    if (alive.length === 0) process.exit(code);
    for (const w of alive) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(code), 12_000).unref();
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => shutdown(0));
}
