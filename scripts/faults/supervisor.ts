// The suite's own supervisor, standing in for a restart policy (systemd Restart=always, Docker
// restart: always): it runs one app instance (`node server/main.ts`, what `npm start` runs after building
// the client), and starts it again a moment after it exits, whatever the reason. It tells apart the
// suite's own SIGKILLs from exits nobody asked for: an instance that was serving and died on its own is a
// crash, which the suite reports as a violation; a start that fails (for example while the database is
// down) is only counted.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RESTART_DELAY_MS = 1_000;

export interface Exit {
  at: number;
  code: number | null;
  signal: string | null;
  /** The instance had answered /api/health with 200 before it died. */
  wasServing: boolean;
}

export interface Instance {
  name: string;
  baseUrl: string;
  kills: number;
  restarts: number;
  failedStarts: number;
  crashes: Exit[];
  kill(): boolean;
  stop(): Promise<void>;
  /** Resolves when /api/health answers 200 (false after the timeout). */
  waitHealthy(timeoutMs: number): Promise<boolean>;
}

export function superviseInstance(opts: { name: string; port: number; env: Record<string, string>; logFile: string; t0: number }): Instance {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const log = fs.createWriteStream(opts.logFile, { flags: 'a' });
  let child: ChildProcess | null = null;
  let serving = false;
  let killedBySuite = false;
  let stopped = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;

  const inst: Instance = {
    name: opts.name,
    baseUrl,
    kills: 0,
    restarts: 0,
    failedStarts: 0,
    crashes: [],
    kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return false;
      killedBySuite = true;
      return child.kill('SIGKILL');
    },
    async stop() {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      if (poll) clearInterval(poll);
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
        c.kill('SIGTERM');
        const t = setTimeout(() => c.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(t);
      }
      await new Promise<void>((resolve) => log.end(() => resolve()));
    },
    async waitHealthy(timeoutMs) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (await healthy(baseUrl)) return true;
        await new Promise((r) => setTimeout(r, 250));
      }
      return false;
    },
  };

  const start = () => {
    if (stopped) return;
    serving = false;
    killedBySuite = false;
    log.write(`\n--- [suite] start ${opts.name} at +${((Date.now() - opts.t0) / 1000).toFixed(1)} s ---\n`);
    const c = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = c;
    c.stdout!.pipe(log, { end: false });
    c.stderr!.pipe(log, { end: false });
    c.once('exit', (code, signal) => {
      log.write(`--- [suite] ${opts.name} exited code=${code} signal=${signal} at +${((Date.now() - opts.t0) / 1000).toFixed(1)} s ---\n`);
      if (stopped) return;
      if (killedBySuite && signal === 'SIGKILL') inst.kills += 1;
      else if (serving) inst.crashes.push({ at: Date.now() - opts.t0, code, signal, wasServing: true });
      else inst.failedStarts += 1;
      inst.restarts += 1;
      restartTimer = setTimeout(start, RESTART_DELAY_MS);
    });
  };
  // Marks the running process as serving once it answered 200, so a later death on its own is a crash.
  poll = setInterval(() => {
    if (serving || !child) return;
    const c = child;
    void healthy(baseUrl).then((ok) => {
      if (ok && child === c) serving = true;
    });
  }, 300);
  poll.unref();
  start();
  return inst;
}

export async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}
