// The app as the benchmarks start it (buildDeps + createApp, NODE_ENV production, no logging, the sign-in rate
// limit raised), in a process of its own, on the database of DATABASE_URL (a kept benchmark database):
// `npm run profile:http` profiles it with V8's sampling profiler. Prints `ready <url>` when it listens; SIGTERM
// closes it.
import fs from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector/promises';
import readline from 'node:readline';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config.ts';
import { buildDeps, closeDeps } from '../../server/bootstrap.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';

export const BENCH_APP_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  PAYOUT_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  AI_PROVIDER: 'offline',
  RATE_LIMIT_AUTH: '100000',
  RATE_LIMIT_CHAT: '100000',
  EVENT_BUS: 'postgres',
  LOG_LEVEL: 'silent',
} as const;

if (import.meta.filename === process.argv[1]) {
  const server = http.createServer({ keepAliveTimeout: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    ...BENCH_APP_ENV,
    APP_URL: url,
    DATABASE_URL: process.env.DATABASE_URL!,
    ...(process.env.DATABASE_READ_URL ? { DATABASE_READ_URL: process.env.DATABASE_READ_URL } : {}),
  });
  const deps = await buildDeps(config, { logger: createLogger('silent') });
  server.on('request', createApp(deps));
  // Profiling on demand (so start-up and sign-ins are not in it): 'profile-start' and 'profile-stop <file>' on
  // stdin; the answer line gives the process's CPU time (user + system, ms) between the two.
  const session = new inspector.Session();
  session.connect();
  let cpu0 = process.cpuUsage();
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    void (async () => {
      if (line === 'profile-start') {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
        cpu0 = process.cpuUsage();
        process.stdout.write('profiling\n');
      } else if (line.startsWith('profile-stop ')) {
        const cpu = process.cpuUsage(cpu0);
        const { profile } = (await session.post('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(line.slice('profile-stop '.length), JSON.stringify(profile));
        process.stdout.write(`profiled ${(cpu.user + cpu.system) / 1000}\n`);
      }
    })();
  });
  process.stdout.write(`ready ${url}\n`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void closeDeps(deps).finally(() => process.exit(0)));
  });
}
