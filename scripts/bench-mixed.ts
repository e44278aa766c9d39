// `npm run bench:mixed` (or `npm run bench -- mixed`): the load figure for the whole product (issue 14). akut runs
// as `npm run cluster` runs it (two instances, production build, behind the proxy) on a fresh PostgreSQL
// database of its own, seeded at a modest scale (500 providers with Goints, 2,000 released requests matched
// to them, seekers). For a fixed time it then runs, all at once, from a separate process:
//   public page views (/, /anbieter, /erfolgreiche-deals, /anbieter/:id, German and English), chat turns with
//   the offline model (anonymous intake), provider feed reads, unlocks, offers on unlocked requests, and
//   purchases through the test checkout (checkout + pay),
// and reports requests/s, p50 and p99 per kind and every error with its status and code. In the same run it
// measures the landing page's throughput through the app against a bare node:http server answering the same
// bytes (both with the same autocannon settings), and reads the ledger checks. Figures are reported, never
// asserted; it exits 1 only when it cannot measure, 2 without a PostgreSQL server. See docs/benchmarks.md.
//   DATABASE_URL=postgresql://… npm run bench:mixed          the defaults, table
//   npm run bench:mixed -- --seconds=60                       a longer mixed phase
//   npm run bench:mixed -- --profile                          CPU profiles of the proxy and both instances (node --cpu-prof), summarised
//   npm run bench:mixed -- --json | --keep | --port=4780 | --providers=500 --requests=2000 --seekers=500 --sign-ins=200
//   npm run bench:mixed -- --ratio-seconds=10 --ratio-connections=10
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from 'better-auth/crypto';
import { openAdapterFactory } from '../server/db.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { buildClientIfStale } from './build-client.ts';
import { BENCH_PASSWORD, loadMarketplace, providerEmail } from './bench/marketplace-data.ts';
import { createBenchDatabase, ledgerCheck, type LedgerCheck } from './bench/database.ts';
import type { LoadJob, LoadResult as HttpLoadResult } from './bench/load.ts';
import { KINDS, type Kind, type MixedJob, type MixedResult, type SignedInProvider } from './bench/mixed-load.ts';
import { formatProfile, summarizeProfile } from './bench/cpu-profile.ts';
import { seededRandom, shuffle, summarize, type Summary } from './bench/stats.ts';
import { DEFAULT_UNLOCK_PRICE } from '../server/domain/prices/price-list.ts';

const root = path.resolve(import.meta.dirname, '..');

const { values: flags } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '30' },
    'ratio-seconds': { type: 'string', default: '10' },
    'ratio-connections': { type: 'string', default: '10' },
    port: { type: 'string', default: '4780' },
    providers: { type: 'string', default: '500' },
    requests: { type: 'string', default: '2000' },
    seekers: { type: 'string', default: '500' },
    'sign-ins': { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
  },
  strict: false,
  allowPositionals: true,
});
const int = (name: keyof typeof flags, fallback: number, min = 1) => {
  const n = Number(flags[name]);
  return Number.isInteger(n) && n >= min ? n : fallback;
};
const OPT = {
  json: flags.json === true,
  keep: flags.keep === true,
  profile: flags.profile === true,
  seconds: int('seconds', 30),
  warmupS: 3,
  ratioSeconds: int('ratio-seconds', 10),
  ratioConnections: int('ratio-connections', 10),
  port: int('port', 4780),
  providers: int('providers', 500),
  requests: int('requests', 2000),
  seekers: int('seekers', 500),
  signIns: Math.min(int('sign-ins', 200), int('providers', 500)),
  seed: int('seed', 1, 0),
  grantGoints: 5_000,
  /** Concurrent clients per kind during the mixed phase. */
  clients: { pages: 8, chat: 2, feed: 4, unlock: 2, offer: 1, purchase: 1 },
  /** Unlocks per provider kept below what its wallet pays, so no unlock is refused for money. */
  unlocksPerProvider: 60,
};
const AIM_LANDING_SHARE = 0.25;

const log = (line: string) => void process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------------
// Processes

function nodeScript(file: string, args: string[] = [], env?: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, file), ...args], {
    cwd: root,
    env: env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs a child that reads a JSON job on stdin and writes a JSON result on stdout. */
async function runJob<T>(file: string, job: unknown): Promise<T> {
  const child = nodeScript(file);
  let out = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (d: string) => (out += d));
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
  child.stdin!.end(JSON.stringify(job));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${file} exited with ${code}`);
  return JSON.parse(out) as T;
}

const runLoad = (job: LoadJob) => runJob<HttpLoadResult>('scripts/bench/load.ts', job);

interface Cluster {
  url: string;
  instanceUrls: string[];
  logFile: string;
  stop(): Promise<void>;
}

/** `npm run cluster` as a child: two instances and the proxy, production build, on the bench database. */
async function startCluster(dbUrl: string, profileDir: string | null): Promise<Cluster> {
  const port = OPT.port;
  const url = `http://127.0.0.1:${port}`;
  const instancePorts = [port + 1, port + 2];
  const logFile = path.join(os.tmpdir(), `akut-bench-mixed-${process.pid}.log`);
  const logStream = fs.createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    CLUSTER_INSTANCES: '2',
    CLUSTER_INSTANCE_PORTS: instancePorts.join(','),
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PAYOUT_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    AI_PROVIDER: 'offline',
    TEST_CHECKOUT: 'on',
    EVENT_BUS: 'postgres',
    // The load comes from one address: the per-IP limits would answer most of it 429.
    RATE_LIMIT_AUTH: '1000000',
    RATE_LIMIT_CHAT: '1000000',
    LOG_LEVEL: 'warn',
    SKIP_BUILD: '1',
    ...(profileDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${profileDir}`.trim() } : {}),
  };
  // The offline model and the test checkout, whatever the shell says.
  for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete env[key];
  const child = nodeScript('scripts/cluster.ts', [], env);
  child.stdin!.end();
  child.stdout!.pipe(logStream, { end: false });
  child.stderr!.pipe(logStream, { end: false });
  let seen = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes('akut cluster listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm run cluster exited (${code}) before it listened; its output is in ${logFile}`)));
  });
  const timeout = setTimeout(() => child.kill('SIGTERM'), 180_000);
  try {
    await ready;
  } finally {
    clearTimeout(timeout);
  }
  return {
    url,
    instanceUrls: instancePorts.map((p) => `http://127.0.0.1:${p}`),
    logFile,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      logStream.end();
    },
  };
}

/** The bare node:http server answering `body`, in a process of its own. */
async function startBareServer(body: Buffer): Promise<{ url: string; stop(): Promise<void> }> {
  const file = path.join(os.tmpdir(), `akut-bench-mixed-landing-${process.pid}.html`);
  fs.writeFileSync(file, body);
  const child = nodeScript('scripts/bench/bare-server.ts', [file]);
  child.stdin!.end();
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(file, { force: true });
    },
  };
}

/** GET without Accept-Encoding (what autocannon sends): the bytes and status as they come. */
function getRaw(url: string): Promise<{ status: number; body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') }));
      })
      .on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Data and sign-ins

async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

async function signIn(baseUrl: string, providerIds: readonly string[], random: () => number): Promise<SignedInProvider[]> {
  const indices = shuffle(
    providerIds.map((_, i) => i),
    random,
  ).slice(0, OPT.signIns);
  return pool(indices, 4, async (i) => {
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: providerEmail(i + 1), password: BENCH_PASSWORD }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`sign-in of ${providerEmail(i + 1)} answered ${res.status}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    if (!cookie.includes('session_token')) throw new Error('sign-in set no session cookie');
    return { providerId: providerIds[i]!, cookie };
  });
}

/** The signed-in providers' open matches, at most `perProvider` each and never more per request than its free
 *  places, interleaved (every provider's newest first, then the second newest, …) so each pair succeeds once. */
async function unlockablePairs(client: pg.Client, providerIds: readonly string[], perProvider: number) {
  const rows = await client.query<{ providerId: string; requestId: string; free: number }>(
    `SELECT "providerId", "requestId", free FROM (
       SELECT m."providerId", m."requestId", r."maxUnlocks" - r."unlockCount" AS free,
              row_number() OVER (PARTITION BY m."providerId" ORDER BY m."createdAt" DESC, m.id DESC) AS rank
       FROM "Match" m JOIN "Request" r ON r.id = m."requestId"
       WHERE m."providerId" = ANY($1::text[]) AND m.status = 'offen' AND r.status = 'open') x
     WHERE rank <= $2 ORDER BY rank, md5("providerId")`,
    [providerIds, perProvider],
  );
  const taken = new Map<string, number>();
  return rows.rows.filter((r) => {
    const n = taken.get(r.requestId) ?? 0;
    if (n >= r.free) return false;
    taken.set(r.requestId, n + 1);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Run and report

interface KindFigures {
  requests: number;
  requestsPerSecond: number;
  latencyMs: Summary;
  errors: number;
  errorsByStatus: Record<string, { count: number; example: string }>;
  starved: number;
}

interface RatioFigures {
  bytes: number;
  connections: number;
  seconds: number;
  app: { requestsPerSecond: number; latencyMs: Summary; statuses: Record<string, number>; errors: number };
  appDirect: { requestsPerSecond: number; latencyMs: Summary; statuses: Record<string, number>; errors: number };
  bare: { requestsPerSecond: number; latencyMs: Summary; statuses: Record<string, number>; errors: number };
  share: number;
  shareDirect: number;
}

const loadFigures = (r: HttpLoadResult) => ({
  requestsPerSecond: r.latenciesMs.length / r.durationS,
  latencyMs: summarize(r.latenciesMs),
  statuses: r.statuses,
  errors: r.errors + r.timeouts,
});

async function measureLandingShare(cluster: Cluster): Promise<RatioFigures> {
  const landing = await getRaw(`${cluster.url}/`);
  if (landing.status !== 200 || !landing.contentType.startsWith('text/html')) throw new Error(`GET / answered ${landing.status} ${landing.contentType}`);
  const job = (url: string, durationS: number): LoadJob => ({
    url,
    method: 'GET',
    connections: OPT.ratioConnections,
    durationS,
    mode: 'random',
    items: [{ path: '/', cookie: '' }],
    headers: {},
  });
  log(`  landing page: ${OPT.ratioConnections} connections, ${OPT.ratioSeconds} s each through the proxy, to one instance, and to a bare node:http server`);
  await runLoad(job(cluster.url, 2));
  const app = loadFigures(await runLoad(job(cluster.url, OPT.ratioSeconds)));
  const appDirect = loadFigures(await runLoad(job(cluster.instanceUrls[0]!, OPT.ratioSeconds)));
  const bareServer = await startBareServer(landing.body);
  try {
    await runLoad(job(bareServer.url, 2));
    const bare = loadFigures(await runLoad(job(bareServer.url, OPT.ratioSeconds)));
    return {
      bytes: landing.body.length,
      connections: OPT.ratioConnections,
      seconds: OPT.ratioSeconds,
      app,
      appDirect,
      bare,
      share: app.requestsPerSecond / bare.requestsPerSecond,
      shareDirect: appDirect.requestsPerSecond / bare.requestsPerSecond,
    };
  } finally {
    await bareServer.stop();
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) {
    console.error(
      [
        'bench:mixed needs a PostgreSQL server: set DATABASE_URL, e.g.',
        '  DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:55432/postgres npm run bench:mixed',
        'It runs akut as `npm run cluster` does (two instances on one PostgreSQL behind the proxy), which the embedded',
        'database cannot do (one process per data folder). It creates a database of its own on that server',
        '(akut_mixed_…), seeds it, measures, and drops it again. Nothing was measured.',
      ].join('\n'),
    );
    process.exitCode = 2;
    return;
  }
  const wallStarted = performance.now();
  const loadBefore = os.loadavg();
  const random = seededRandom(OPT.seed);
  buildClientIfStale();

  log(`bench:mixed: creating a database on ${new URL(serverUrl).host}`);
  const db = await createBenchDatabase(serverUrl, 'akut_mixed');
  let dropped = false;
  const drop = async () => {
    if (dropped || OPT.keep) return;
    dropped = true;
    await db.drop().catch((e: unknown) => log(`could not drop ${db.name}: ${String(e)}`));
  };
  let cluster: Cluster | null = null;
  process.once('SIGINT', () => {
    log('interrupted: stopping the cluster and dropping the database');
    void (cluster?.stop() ?? Promise.resolve()).finally(() => void drop().finally(() => process.exit(130)));
  });
  const profileDir = OPT.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'akut-bench-mixed-prof-')) : null;
  const sql = new pg.Client({ connectionString: db.url });
  try {
    // Migrations as `npm run db:migrate` applies them, then the data, then the cluster on it.
    const migration = await openAdapterFactory({ kind: 'postgres', url: db.url });
    try {
      await applyMigrations(migration.factory);
    } finally {
      await migration.close();
    }
    await sql.connect();
    log(`  database ${db.name} migrated; seeding ${OPT.providers} providers, ${OPT.requests} requests, ${OPT.seekers} seekers`);
    const seedStarted = performance.now();
    const data = await loadMarketplace(sql, {
      providers: OPT.providers,
      requests: OPT.requests,
      seekers: OPT.seekers,
      seed: OPT.seed,
      grantGoints: OPT.grantGoints,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      log: () => {},
    });
    const seedMs = performance.now() - seedStarted;
    log(`  ${data.matches} matches; starting npm run cluster on port ${OPT.port}${OPT.profile ? ' with --cpu-prof' : ''}`);
    cluster = await startCluster(db.url, profileDir);

    log(`  signing in ${OPT.signIns} providers`);
    const providers = await signIn(cluster.url, data.providerIds, random);
    const pairs = await unlockablePairs(
      sql,
      providers.map((p) => p.providerId),
      OPT.unlocksPerProvider,
    );
    // Offers need unlocked requests: each signed-in provider's first pair is unlocked before the run.
    const firstOfEach = new Set<string>();
    const preUnlock = pairs.filter((p) => !firstOfEach.has(p.providerId) && firstOfEach.add(p.providerId));
    const cookieOf = new Map(providers.map((p) => [p.providerId, p.cookie]));
    const offerPairs = (
      await pool(preUnlock, 4, async (p) => {
        const res = await fetch(`${cluster!.url}/api/provider/requests/${p.requestId}/unlock`, {
          method: 'POST',
          headers: { origin: cluster!.url, 'content-type': 'application/json', cookie: cookieOf.get(p.providerId)! },
          // The benchmark's data has no price list entries: every request costs the default price.
          body: JSON.stringify({ price: DEFAULT_UNLOCK_PRICE.goints }),
        });
        await res.arrayBuffer();
        return res.status === 200 ? p : null;
      })
    ).filter((p) => p !== null);
    const unlockPairs = pairs.filter((p) => !preUnlock.includes(p));
    const publicProviders = shuffle([...data.providerIds], random).slice(0, 100);
    // Half the views land on the landing page, the rest spread over the other pages and 100 provider pages.
    const pageList = [
      ...Array.from({ length: 100 }, () => '/'),
      ...Array.from({ length: 40 }, () => '/anbieter'),
      ...Array.from({ length: 30 }, () => '/erfolgreiche-deals'),
      ...publicProviders.map((id) => `/anbieter/${id}`),
    ];

    const job = (durationS: number, clients: MixedJob['clients'], unlock: MixedJob['unlockPairs'], offers: MixedJob['offerPairs']): MixedJob => ({
      baseUrl: cluster!.url,
      durationS,
      clients,
      pages: pageList,
      providers,
      unlockPairs: unlock,
      offerPairs: offers,
    });
    log(`  warm-up: ${OPT.warmupS} s of page views, chat and feed`);
    await runJob<MixedResult>('scripts/bench/mixed-load.ts', job(OPT.warmupS, { ...OPT.clients, unlock: 0, offer: 0, purchase: 0 }, [], []));
    log(
      `  mixed load for ${OPT.seconds} s: ${Object.entries(OPT.clients)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} clients; ${unlockPairs.length} unlockable pairs, ${offerPairs.length} unlocked for offers`,
    );
    const mixed = await runJob<MixedResult>('scripts/bench/mixed-load.ts', job(OPT.seconds, OPT.clients, unlockPairs, offerPairs));
    const ledger: LedgerCheck = await ledgerCheck(sql);

    const ratio = await measureLandingShare(cluster);
    const ledgerAfter = await ledgerCheck(sql);

    await cluster.stop();
    const clusterLog = fs.readFileSync(cluster.logFile, 'utf8');
    const loggedErrors = clusterLog.split('\n').filter((l) => /"level":(50|60)|\berror\b/i.test(l) && !/exited \(0\)/.test(l));
    fs.rmSync(cluster.logFile, { force: true });
    cluster = null;
    let profiles: { file: string; text: string }[] = [];
    if (profileDir) {
      profiles = fs
        .readdirSync(profileDir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => ({
          file: path.join(profileDir, f),
          text: formatProfile(summarizeProfile(JSON.parse(fs.readFileSync(path.join(profileDir, f), 'utf8')), 15), { title: f, areas: 15 }),
        }));
    }

    const kinds = Object.fromEntries(
      KINDS.map((k) => {
        const r = mixed.kinds[k];
        const errors = Object.values(r.errors).reduce((s, e) => s + e.count, 0);
        return [
          k,
          {
            requests: r.latenciesMs.length,
            requestsPerSecond: r.latenciesMs.length / mixed.durationS,
            latencyMs: summarize(r.latenciesMs),
            errors,
            errorsByStatus: r.errors,
            starved: r.starved,
          } satisfies KindFigures,
        ];
      }),
    ) as Record<Kind, KindFigures>;
    const cpus = os.cpus();
    const report = {
      date: new Date().toISOString(),
      machine: {
        node: process.version,
        cpu: cpus[0]?.model ?? 'unknown',
        cores: cpus.length,
        platform: `${os.platform()} ${os.arch()}`,
        postgres: db.version,
        loadAverageBefore: loadBefore,
        loadAverageAfter: os.loadavg(),
      },
      database: {
        name: db.name,
        kept: OPT.keep,
        url: OPT.keep ? db.url : undefined,
        seedMs,
        providers: data.providers,
        seekers: data.seekers,
        requests: data.requests,
        matches: data.matches,
      },
      setup: {
        cluster: `npm run cluster: 2 instances (NODE_ENV production, built client) behind the proxy on ${OPT.port}`,
        signedInProviders: providers.length,
        unlockablePairs: unlockPairs.length,
        preUnlockedForOffers: offerPairs.length,
        clients: OPT.clients,
        pages: { landing: 100, anbieter: 40, erfolgreicheDeals: 30, providerPages: publicProviders.length, english: '30 % of views' },
      },
      mixed: { seconds: mixed.durationS, kinds, notes: mixed.notes, totalRequestsPerSecond: KINDS.reduce((s, k) => s + kinds[k].requestsPerSecond, 0) },
      landing: { ...ratio, aim: AIM_LANDING_SHARE, met: ratio.share >= AIM_LANDING_SHARE },
      ledger: { afterMixed: ledger, afterAll: ledgerAfter },
      loggedErrors: loggedErrors.slice(0, 20),
      loggedErrorCount: loggedErrors.length,
      profiles: profiles.map((p) => ({ file: p.file, summary: p.text })),
      wallMs: performance.now() - wallStarted,
    };
    if (OPT.json) console.log(JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v), 2));
    else printTable(report);
  } finally {
    await cluster?.stop().catch(() => {});
    await sql.end().catch(() => {});
    await drop();
    if (OPT.keep) log(`database kept: ${db.url}`);
  }
}

function printTable(r: {
  date: string;
  machine: { node: string; cpu: string; cores: number; platform: string; postgres: string; loadAverageBefore: number[]; loadAverageAfter: number[] };
  database: { name: string; seedMs: number; providers: number; seekers: number; requests: number; matches: number };
  setup: { signedInProviders: number; unlockablePairs: number; preUnlockedForOffers: number; clients: Record<string, number> };
  mixed: { seconds: number; kinds: Record<Kind, KindFigures>; notes: MixedResult['notes']; totalRequestsPerSecond: number };
  landing: RatioFigures & { aim: number; met: boolean };
  ledger: { afterMixed: LedgerCheck; afterAll: LedgerCheck };
  loggedErrors: string[];
  loggedErrorCount: number;
  profiles: { file: string; summary: string }[];
  wallMs: number;
}) {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  const label = Math.max(...KINDS.map((k) => k.length), 'landing, bare node:http'.length);
  const col = 9;
  const m = r.mixed;
  const lines = [
    `akut mixed load benchmark, ${r.date}`,
    `Node ${r.machine.node}, ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.platform}; PostgreSQL ${r.machine.postgres}`,
    `Load average before ${load(r.machine.loadAverageBefore)}, after ${load(r.machine.loadAverageAfter)} (the machine is shared: other work runs on the same cores)`,
    `Database ${r.database.name} (dropped at the end): ${n(r.database.providers)} providers, ${n(r.database.seekers)} seekers, ${n(r.database.requests)} open requests, ${n(r.database.matches)} matches, seeded in ${(r.database.seedMs / 1000).toFixed(1)} s`,
    `akut as npm run cluster runs it: 2 instances (production build) behind the proxy; ${r.setup.signedInProviders} providers signed in; load from a separate process`,
    `Mixed phase: ${m.seconds.toFixed(1)} s, closed loop, clients ${Object.entries(r.setup.clients)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; ${n(r.setup.unlockablePairs)} unlockable pairs, ${r.setup.preUnlockedForOffers} unlocked beforehand for offers`,
    '',
    `${'kind (ms)'.padEnd(label)}  ${'n'.padStart(7)}${'req/s'.padStart(col)}${['p50', 'p99', 'max'].map((x) => x.padStart(col)).join('')}${'errors'.padStart(col)}`,
    `${'-'.repeat(label)}  ${'-'.repeat(7)}${'-'.repeat(col * 5)}`,
    ...KINDS.map((k) => {
      const f = m.kinds[k];
      return `${k.padEnd(label)}  ${n(f.requests).padStart(7)}${f.requestsPerSecond.toFixed(1).padStart(col)}${[f.latencyMs.p50, f.latencyMs.p99, f.latencyMs.max].map((v) => ms(v).padStart(col)).join('')}${String(f.errors).padStart(col)}`;
    }),
    `${'all kinds'.padEnd(label)}  ${' '.repeat(7)}${m.totalRequestsPerSecond.toFixed(1).padStart(col)}`,
    '',
    `Page views: / (100), /anbieter (40), /erfolgreiche-deals (30), 100 provider pages (1 each), 30 % English, with gzip/brotli like a browser.`,
    `Chat: anonymous intake conversations (session, then first name, need, one answer) with the offline model. Purchase: checkout + test-checkout pay (one figure for both).`,
    `Unlocks repeated ${m.notes.unlocksRepeated}; unlock pairs left ${n(m.notes.unlockPairsLeft)}; offer pairs left ${n(m.notes.offerPairsLeft)}; purchases not credited ${m.notes.purchasesNotCredited}`,
  ];
  const errorLines = KINDS.flatMap((k) =>
    Object.entries(m.kinds[k].errorsByStatus).map(([status, e]) => `  ${k}: ${status} × ${e.count}: ${e.example.replace(/\s+/g, ' ').slice(0, 200)}`),
  );
  lines.push(errorLines.length ? `Errors:\n${errorLines.join('\n')}` : 'Errors: none');
  const starved = KINDS.filter((k) => m.kinds[k].starved > 0);
  if (starved.length) lines.push(`Ran out of data: ${starved.map((k) => `${k} (${m.kinds[k].starved} waits)`).join(', ')}`);
  const l = r.landing;
  lines.push(
    '',
    `Landing page GET / (${n(l.bytes)} bytes, no compression), autocannon ${l.connections} connections, ${l.seconds} s each:`,
    `${'target'.padEnd(label)}  ${'req/s'.padStart(9)}${['p50', 'p99'].map((x) => x.padStart(col)).join('')}  statuses`,
    ...(
      [
        ['through the proxy (2 inst.)', l.app],
        ['one instance directly', l.appDirect],
        ['landing, bare node:http', l.bare],
      ] as const
    ).map(
      ([name, f]) =>
        `${name.padEnd(label)}  ${n(f.requestsPerSecond).padStart(9)}${[f.latencyMs.p50, f.latencyMs.p99].map((v) => ms(v).padStart(col)).join('')}  ${Object.entries(
          f.statuses,
        )
          .map(([s, c]) => `${s} ${n(c)}`)
          .join(', ')}${f.errors ? `, ${f.errors} connection errors` : ''}`,
    ),
    `Landing page through akut: ${(l.share * 100).toFixed(1)} % of the bare server (aim ≥ ${l.aim * 100} %: ${l.met ? 'met' : 'missed'}); one instance directly: ${(l.shareDirect * 100).toFixed(1)} %`,
  );
  const led = (x: LedgerCheck) =>
    `${n(x.transactions)} transactions, ${x.unbalancedTransactions} not summing to zero, ${x.accountsOffTheirEntries} balances off their entries, ${x.accountsBelowZero} below zero, ${x.requestsOverbooked} requests over their maximum, unlock rows ${n(x.unlockRows)} = places taken ${n(x.placesTaken)}, escrows off ${x.escrowsOff}, purchases credited twice ${x.purchasesCreditedTwice}: ${x.consistent ? 'consistent' : 'BROKEN'}`;
  lines.push('', `Ledger after the mixed phase: ${led(r.ledger.afterMixed)}`, `Ledger at the end: ${r.ledger.afterAll.consistent ? 'consistent' : 'BROKEN'}`);
  lines.push(
    r.loggedErrorCount
      ? `The instances logged ${r.loggedErrorCount} error lines, first ones:\n${r.loggedErrors.join('\n')}`
      : 'The instances logged no errors.',
  );
  for (const p of r.profiles) lines.push('', p.summary, `  (${p.file})`);
  lines.push(`Whole run: ${(r.wallMs / 1000).toFixed(0)} s. Figures are reported, never asserted.`);
  console.log(lines.join('\n'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run();
}

export async function run(): Promise<void> {
  try {
    await main();
  } catch (e) {
    console.error('bench:mixed: could not measure:', e instanceof Error ? (e.stack ?? e.message) : e);
    process.exitCode = 1;
  }
}
