// `npm run profile:http -- --db=<url>`: where the app's CPU time goes per HTTP request, for the provider feed
// (GET /api/provider/matches) and the unlock (POST /api/provider/requests/:id/unlock), under load, on a kept
// benchmark database (`npm run bench:marketplace -- --keep` prints its URL). The app runs in a process of its own
// (scripts/bench/app-server.ts); it signs in providers, then for each target: a warm-up, then the load from a
// third process (scripts/bench/load.ts, autocannon) while V8's sampling profiler runs in the app. It prints the
// requests per second, the app's CPU time per request, the split by stage (scripts/bench/stages.ts: session check,
// body parsing, JSON, compression, logging, Prisma, …) and the heaviest functions. Reports, never asserts.
//   --target=feed,unlock   which requests (default both)      --seconds=10   load per target
//   --connections=32       concurrent connections              --sign-ins=100 providers signed in
//   --gzip                 ask for compressed answers, as a browser does (default: none, as the benchmark)
//   --keep-profiles=DIR    keep the .cpuprofile files
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_PASSWORD } from './bench/marketplace-data.ts';
import { DEFAULT_UNLOCK_PRICE } from '../server/domain/prices/price-list.ts';
import type { LoadJob, LoadResult } from './bench/load.ts';
import { summarizeProfile, type CpuProfile } from './bench/cpu-profile.ts';
import { splitByStage } from './bench/stages.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    target: { type: 'string', default: 'feed,unlock' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    'sign-ins': { type: 'string', default: '100' },
    gzip: { type: 'boolean', default: false },
    'keep-profiles': { type: 'string' },
  },
  strict: true,
});
const dbUrl = values.db ?? process.env.BENCH_DATABASE_URL;
if (!dbUrl) {
  console.log('profile:http needs a kept benchmark database: npm run bench:marketplace -- --keep, then npm run profile:http -- --db=<its URL>');
  process.exit(0);
}
const seconds = Math.max(2, Number(values.seconds) || 10);
const connections = Math.max(1, Number(values.connections) || 32);
const signIns = Math.max(1, Number(values['sign-ins']) || 100);
const here = path.dirname(fileURLToPath(import.meta.url));
const profileDir = values['keep-profiles'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'akut-profile-http-'));
fs.mkdirSync(profileDir, { recursive: true });

// ---- the app in a process of its own ----
const app = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(here, 'bench/app-server.ts')], {
  env: { ...process.env, DATABASE_URL: dbUrl },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const answers = readline.createInterface({ input: app.stdout! });
const waiting: ((line: string) => void)[] = [];
answers.on('line', (line) => waiting.shift()?.(line));
const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve));
const tell = (line: string) => app.stdin!.write(`${line}\n`);
const ready = await nextLine();
const baseUrl = ready.replace(/^ready /, '');

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(here, 'bench/load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  child.stdin.end(JSON.stringify(job));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  return JSON.parse(out) as LoadResult;
}

const sql = new pg.Client({ connectionString: dbUrl });
await sql.connect();
try {
  // ---- providers with unlockable matches, signed in ----
  const providers = (
    await sql.query<{ id: string; email: string }>(
      `SELECT u.id, u.email FROM "user" u WHERE u.role = 'provider' AND u.email LIKE 'anbieter-%'
         AND (SELECT count(*) FROM "Match" m WHERE m."providerId" = u.id AND m.status = 'offen') >= 5
       ORDER BY md5(u.id) LIMIT $1`,
      [signIns],
    )
  ).rows;
  const cookies = new Map<string, string>();
  for (const p of providers) {
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: p.email, password: BENCH_PASSWORD }),
    });
    await res.arrayBuffer();
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    if (res.status === 200) cookies.set(p.id, cookie);
  }
  console.log(
    `profile:http on ${new URL(dbUrl).pathname.slice(1)}: ${cookies.size} providers signed in; ${connections} connections, ${seconds} s per target; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const headers = { origin: baseUrl, 'accept-language': 'de', ...(values.gzip ? { 'accept-encoding': 'gzip' } : {}) };

  for (const target of values.target.split(',')) {
    let job: LoadJob;
    if (target === 'feed') {
      job = {
        url: baseUrl,
        method: 'GET',
        connections,
        durationS: seconds,
        mode: 'random',
        items: [...cookies].map(([, cookie]) => ({ path: '/api/provider/matches', cookie })),
        headers,
      };
    } else if (target === 'unlock') {
      // Each provider's newest locked matches, interleaved, each once; the warm-up takes its own.
      const pairs = (
        await sql.query<{ providerId: string; requestId: string }>(
          `SELECT "providerId", "requestId" FROM (
             SELECT m."providerId", m."requestId", row_number() OVER (PARTITION BY m."providerId" ORDER BY m."createdAt" DESC, m.id DESC) AS rank
             FROM "Match" m WHERE m."providerId" = ANY($1::text[]) AND m.status = 'offen') x
           ORDER BY rank, md5("providerId")`,
          [[...cookies.keys()]],
        )
      ).rows;
      job = {
        url: baseUrl,
        method: 'POST',
        connections,
        durationS: seconds,
        mode: 'sequential',
        items: pairs.map((p) => ({ path: `/api/provider/requests/${p.requestId}/unlock`, cookie: cookies.get(p.providerId)! })),
        headers: { ...headers, 'content-type': 'application/json' },
        // The price the provider confirms (the benchmark's data has no price-list entries: the default price).
        body: JSON.stringify({ price: DEFAULT_UNLOCK_PRICE.goints }),
        errorCodes: true,
      };
    } else throw new Error(`unknown target ${target}`);
    const warm = job.mode === 'sequential' ? { ...job, durationS: 2, items: job.items.splice(0, Math.floor(job.items.length / 5)) } : { ...job, durationS: 2 };
    await runLoad(warm);
    tell('profile-start');
    await nextLine();
    const result = await runLoad(job);
    const file = path.join(profileDir, `${target}.cpuprofile`);
    tell(`profile-stop ${file}`);
    const cpuMs = Number((await nextLine()).replace(/^profiled /, ''));
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    const answered = result.latenciesMs.length;
    const split = splitByStage(profile);
    const top = summarizeProfile(profile, 12);
    const pct = (v: number) => `${(v * 100).toFixed(1).padStart(5)} %`;
    console.log(
      [
        '',
        `${target}: ${answered} answers in ${result.durationS.toFixed(1)} s, ${(answered / result.durationS).toFixed(0)} /s; statuses ${JSON.stringify(result.statuses)}${Object.keys(result.errorCodes).length ? `, codes ${JSON.stringify(result.errorCodes)}` : ''}`,
        `  app CPU ${(cpuMs / Math.max(1, answered)).toFixed(3)} ms per request (user + system of the app's process); the profile's busy time by stage:`,
        ...split.stages.map((s) => `  ${pct(s.share)}  ${(s.ms / Math.max(1, answered)).toFixed(3)} ms  ${s.stage}`),
        '  heaviest functions (self time):',
        ...top.topFunctions.map((f) => `  ${pct(f.share)}  ${f.fn}`),
      ].join('\n'),
    );
  }
} finally {
  await sql.end().catch(() => {});
  app.kill('SIGTERM');
  await new Promise((resolve) => app.once('exit', resolve));
  if (!values['keep-profiles']) fs.rmSync(profileDir, { recursive: true, force: true });
}
