// `npm run bench:marketplace` (or `npm run bench -- marketplace`): the marketplace at the scale of issue 4,
// 10,000 providers and 100,000 open requests in PostgreSQL, measured through the app's own code paths:
//   1. the provider match feed, GET /api/provider/matches, under 50 concurrent keep-alive connections;
//   2. matching one new request, matchRequest (server/domain/matching/match-request.ts), without and with
//      notifications, and the drain of the notifications' job queue (decision 078): the jobs the matching
//      with notifications put in line, then requests of 130 waiting providers each, run by the job handler;
//   3. unlocks per second with 32 concurrent clients, unlockRequest (server/domain/unlocks/unlock-request.ts)
//      called directly and over HTTP POST /api/provider/requests/:id/unlock, and the raw-SQL baseline: the same
//      unlock's statements (unlockRequestIn) on a bare `pg` pool with no Prisma, then the ledger checks.
// Reports figures only and never fails on them (see docs/benchmarks.md). Exits 1 only when it cannot
// measure at all (no database server, the app does not start, a phase breaks).
//   DATABASE_URL=postgresql://… npm run bench:marketplace      the defaults of the issue, table
//   npm run bench:marketplace -- --json                         JSON instead of the table
//   npm run bench:marketplace -- --keep                         keep the database (for EXPLAIN), print its URL
//   npm run bench:marketplace -- --explain                      add EXPLAIN (ANALYZE, BUFFERS) of the feed and matching queries
//   npm run bench:marketplace -- --after-load='CREATE INDEX …'  run SQL after loading (try an index before its migration)
//   npm run bench:marketplace -- --providers=1000 --requests=10000 --duration=5   a quick, smaller run
// Without DATABASE_URL it explains what it needs and exits 0 without measuring.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from 'better-auth/crypto';
import { loadConfig } from '../server/config.ts';
import { buildDeps, closeDeps } from '../server/bootstrap.ts';
import { createApp } from '../server/app.ts';
import { createLogger } from '../server/logger.ts';
import type { AppDeps } from '../server/deps.ts';
import { AppError } from '../core/errors.ts';
import { matchRequest } from '../server/domain/matching/match-request.ts';
import { NOTIFY_MATCHES_JOB } from '../server/domain/matching/notify-new-matches.ts';
import { unlockRequest, unlockRequestIn, type UnlockInput } from '../server/domain/unlocks/unlock-request.ts';
import type { UnlockResult } from '../machines/unlock.machine.ts';
import { isRetryable, sqlTxOn } from '../server/db/tx.ts';
import { FEED_PAGE, feedStatement } from '../server/domain/matching/list-provider-matches.ts';
import { preparedName } from '../server/db/prepared.ts';
import { DEFAULT_UNLOCK_PRICE } from '../server/domain/prices/price-list.ts';
import { BENCH_PASSWORD, CATEGORY_WEIGHTS, loadMarketplace, loadPlaces, providerEmail, type LoadResult } from './bench/marketplace-data.ts';
import type { LoadJob, LoadResult as HttpLoadResult } from './bench/load.ts';
import { seededRandom, shuffle, summarize, weightedPicker, type Summary } from './bench/stats.ts';

const { values: flags } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'after-load': { type: 'string' },
    providers: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '100000' },
    seekers: { type: 'string' },
    seed: { type: 'string', default: '1' },
    'sign-ins': { type: 'string', default: '200' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'feed-serial': { type: 'string', default: '10' },
    match: { type: 'string', default: '200' },
    'match-notify': { type: 'string', default: '50' },
    'drain-providers': { type: 'string', default: '130' },
    'drain-runs': { type: 'string', default: '5' },
    'unlock-clients': { type: 'string', default: '32' },
    'unlock-duration': { type: 'string', default: '15' },
    'http-unlock-duration': { type: 'string', default: '10' },
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
  explain: flags.explain === true,
  afterLoad: typeof flags['after-load'] === 'string' ? flags['after-load'] : null,
  providers: int('providers', 10_000),
  requests: int('requests', 100_000),
  seekers: int('seekers', Math.max(1, Math.round(int('requests', 100_000) / 4))),
  seed: int('seed', 1, 0),
  signIns: int('sign-ins', 200),
  connections: int('connections', 50),
  durationS: int('duration', 20),
  warmupS: 3,
  feedSerialS: int('feed-serial', 10, 0),
  match: int('match', 200, 0),
  matchNotify: int('match-notify', 50, 0),
  drainProviders: int('drain-providers', 130),
  drainRuns: int('drain-runs', 5, 0),
  unlockClients: int('unlock-clients', 32),
  unlockDurationS: int('unlock-duration', 15),
  httpUnlockDurationS: int('http-unlock-duration', 10, 0),
  grantGoints: 5_000,
  preUnlocksPerProvider: 3,
};
const AIMS = { feedP99Ms: 50, unlocksPerSecond: 1000, matchP99Ms: 20, unlockShareOfRawPct: 50 };
/** The raw baseline's pool: as many connections as the app's Prisma pool (server/db.ts). */
const RAW_POOL = 10;

const log = (line: string) => {
  process.stderr.write(`${line}\n`);
};

// ---------------------------------------------------------------------------------------------------------
// Database: a fresh one on the server of DATABASE_URL, like tests/helpers/test-db.ts, dropped at the end.

async function createDatabase(url: string) {
  const name = `akut_bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    version,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The app as scripts/bench.ts starts it (buildDeps + createApp on a local port), here on PostgreSQL, in
// production mode, with the PostgreSQL event bus (the default with DATABASE_URL), no logging, and the
// sign-in rate limit raised for the sign-ins of the benchmark.

async function startApp(dbUrl: string) {
  const server = http.createServer({ keepAliveTimeout: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_URL: baseUrl,
    DATABASE_URL: dbUrl,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PAYOUT_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    AI_PROVIDER: 'offline',
    RATE_LIMIT_AUTH: '100000',
    RATE_LIMIT_CHAT: '100000',
    EVENT_BUS: 'postgres',
    LOG_LEVEL: 'silent',
  });
  const deps = await buildDeps(config, { logger: createLogger('silent') });
  let inFlight = 0;
  return {
    baseUrl,
    deps,
    listen() {
      const handler = createApp(deps);
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        inFlight++;
        res.once('close', () => inFlight--);
        handler(req, res);
      });
    },
    /** Resolves when no HTTP request is being answered (a stopped load leaves some in flight for a moment). */
    async idle() {
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDeps(deps);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Runs fn over items with at most `limit` in flight. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/** Runs an HTTP load job in a child process (scripts/bench/load.ts, autocannon), so it has its own event loop. */
async function runLoad(job: LoadJob): Promise<HttpLoadResult> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', fileURLToPath(new URL('./bench/load.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => (out += d));
  child.stdin.end(JSON.stringify(job));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  return JSON.parse(out) as HttpLoadResult;
}

function codeOf(e: unknown): string {
  if (e instanceof AppError) return e.code;
  const err = e as { code?: string; message?: string };
  return err?.code ? `ERROR ${err.code}` : `ERROR ${(err?.message ?? String(e)).slice(0, 60)}`;
}

const count = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1;
};

// ---------------------------------------------------------------------------------------------------------
// Phases

interface SignedIn {
  providerId: string;
  cookie: string;
}

async function signIn(baseUrl: string, providerIds: readonly string[], random: () => number): Promise<{ signedIn: SignedIn[]; ms: Summary }> {
  const indices = shuffle(
    providerIds.map((_, i) => i),
    random,
  ).slice(0, OPT.signIns);
  const times: number[] = [];
  const signedIn = await pool(indices, 4, async (i) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ email: providerEmail(i + 1), password: BENCH_PASSWORD }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`sign-in of ${providerEmail(i + 1)} answered ${res.status}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    if (!cookie.includes('session_token')) throw new Error('sign-in set no session cookie');
    return { providerId: providerIds[i]!, cookie };
  });
  return { signedIn, ms: summarize(times) };
}

async function feedSizes(baseUrl: string, signedIn: readonly SignedIn[]) {
  const cards: number[] = [];
  const unlockedCards: number[] = [];
  const bytes: number[] = [];
  await pool(signedIn, 8, async (s) => {
    const res = await fetch(`${baseUrl}/api/provider/matches`, { headers: { cookie: s.cookie, 'accept-language': 'de' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET /api/provider/matches answered ${res.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { matches: { unlocked: boolean }[] };
    cards.push(body.matches.length);
    unlockedCards.push(body.matches.filter((m) => m.unlocked).length);
    bytes.push(Buffer.byteLength(text));
  });
  return { cards: summarize(cards), unlockedCards: summarize(unlockedCards), bytes: summarize(bytes) };
}

interface UnlockRun {
  clients: number;
  attempts: number;
  unlocked: number;
  repeated: number;
  refusals: Record<string, number>;
  elapsedS: number;
  unlocksPerSecond: number;
  attemptsPerSecond: number;
  latencyMs: Summary;
  unlockedLatencyMs: Summary;
  exhausted: boolean;
  /** CPU time of this Node process (user + system) per attempt during the run: what the app's side costs. */
  nodeCpuMsPerAttempt: number;
}

/** `clients` loops calling unlockRequest over the pairs (each pair once) until the time is up. */
async function unlockDirect(
  deps: AppDeps,
  pairs: readonly { providerId: string; requestId: string }[],
  clients: number,
  durationS: number,
): Promise<UnlockRun> {
  const all: number[] = [];
  const ok: number[] = [];
  const refusals: Record<string, number> = {};
  let unlocked = 0;
  let repeated = 0;
  let next = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline && next < pairs.length) {
        const pair = pairs[next++]!;
        const t0 = performance.now();
        try {
          const r = await unlockRequest(deps, { providerId: pair.providerId, requestId: pair.requestId, price: DEFAULT_UNLOCK_PRICE.goints });
          const ms = performance.now() - t0;
          all.push(ms);
          if (r.repeated) repeated++;
          else {
            unlocked++;
            ok.push(ms);
          }
        } catch (e) {
          all.push(performance.now() - t0);
          count(refusals, codeOf(e));
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return {
    nodeCpuMsPerAttempt: (cpu.user + cpu.system) / 1000 / Math.max(1, all.length),
    clients,
    attempts: all.length,
    unlocked,
    repeated,
    refusals,
    elapsedS,
    unlocksPerSecond: unlocked / elapsedS,
    attemptsPerSecond: all.length / elapsedS,
    latencyMs: summarize(all),
    unlockedLatencyMs: summarize(ok),
    exhausted: next >= pairs.length,
  };
}

interface FeedRawRun {
  clients: number;
  pool: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: Summary;
  errors: number;
}

/**
 * The feed's raw-SQL baseline: `clients` loops sending the feed's own statement (feedStatement, the first page
 * of 20 as the app asks for it, prepared as the app prepares it) for the signed-in providers through `pg` (a pool of RAW_POOL connections, like the
 * app's), no HTTP, no Prisma, no shaping of cards: what the database alone gives on this machine with the same
 * concurrency as the HTTP feed.
 */
async function feedRaw(dbUrl: string, providerIds: readonly string[], clients: number, durationS: number, random: () => number): Promise<FeedRawRun> {
  const raw = new pg.Pool({ connectionString: dbUrl, max: RAW_POOL });
  const times: number[] = [];
  let errors = 0;
  try {
    await Promise.all(Array.from({ length: RAW_POOL }, () => raw.query('SELECT 1')));
    const started = performance.now();
    const deadline = started + durationS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline) {
          const stmt = feedStatement(providerIds[Math.floor(random() * providerIds.length)]!, { limit: FEED_PAGE, lang: 'de' });
          const t0 = performance.now();
          try {
            // Prepared once per connection, as the app sends it (server/db/prepared.ts).
            await raw.query({ name: preparedName(stmt.text), text: stmt.text, values: stmt.values as unknown[] });
          } catch {
            errors++;
          }
          times.push(performance.now() - t0);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    return {
      clients,
      pool: RAW_POOL,
      durationS: elapsedS,
      requests: times.length,
      requestsPerSecond: times.length / elapsedS,
      latencyMs: summarize(times),
      errors,
    };
  } finally {
    await raw.end().catch(() => {});
  }
}

/**
 * The raw-SQL baseline: `clients` loops running the unlock's own statements (unlockRequestIn: the reading and
 * the guarded booking, no transaction; decision 065) on a `pg` pool of RAW_POOL connections of its own, like
 * the app's: no door, no error mapping, no event bus. Over other providers' pairs. What this unlock
 * costs at most on this machine: the app's rate is printed as a share of it.
 */
async function unlockRaw(dbUrl: string, pairs: readonly { providerId: string; requestId: string }[], clients: number, durationS: number): Promise<UnlockRun> {
  const raw = new pg.Pool({ connectionString: dbUrl, max: RAW_POOL });
  const all: number[] = [];
  const ok: number[] = [];
  const refusals: Record<string, number> = {};
  let unlocked = 0;
  let repeated = 0;
  let next = 0;
  const sql = sqlTxOn(raw);
  const once = (input: UnlockInput) => unlockRequestIn(sql, input);
  try {
    // Open the pool's connections before the clock starts, as the app's pool is open.
    await Promise.all(Array.from({ length: RAW_POOL }, () => raw.query('SELECT 1')));
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const deadline = started + durationS * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < deadline && next < pairs.length) {
          const pair = pairs[next++]!;
          const t0 = performance.now();
          try {
            const input = { ...pair, price: DEFAULT_UNLOCK_PRICE.goints };
            let result: UnlockResult | undefined;
            for (let attempt = 1; !result; attempt++) {
              try {
                result = await once(input);
              } catch (e) {
                if (attempt >= 5 || !isRetryable(e)) throw e;
              }
            }
            const ms = performance.now() - t0;
            all.push(ms);
            if (result.repeated) repeated++;
            else {
              unlocked++;
              ok.push(ms);
            }
          } catch (e) {
            all.push(performance.now() - t0);
            count(refusals, codeOf(e));
          }
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return {
      nodeCpuMsPerAttempt: (cpu.user + cpu.system) / 1000 / Math.max(1, all.length),
      clients,
      attempts: all.length,
      unlocked,
      repeated,
      refusals,
      elapsedS,
      unlocksPerSecond: unlocked / elapsedS,
      attemptsPerSecond: all.length / elapsedS,
      latencyMs: summarize(all),
      unlockedLatencyMs: summarize(ok),
      exhausted: next >= pairs.length,
    };
  } finally {
    await raw.end().catch(() => {});
  }
}

/** Each sampled provider's newest open ('offen') matches, ranks 1..perProvider, interleaved: every provider's
 *  newest first, then every provider's second newest, … (providers unlock from the top of their feed). */
async function unlockPairs(client: pg.Client, opts: { providerIds?: readonly string[]; excludeIds?: readonly string[]; sample?: number; perProvider: number }) {
  const rows = await client.query<{ providerId: string; requestId: string }>(
    `WITH sample AS (
       SELECT "userId" FROM "ProviderProfile"
       WHERE ($1::text[] IS NULL OR "userId" = ANY($1)) AND NOT ("userId" = ANY($2::text[]))
       ORDER BY md5("userId" || $4::text) LIMIT $3)
     SELECT "providerId", "requestId" FROM (
       SELECT m."providerId", m."requestId", row_number() OVER (PARTITION BY m."providerId" ORDER BY m."createdAt" DESC, m.id DESC) AS rank
       FROM "Match" m JOIN sample s ON s."userId" = m."providerId" WHERE m.status = 'offen') x
     WHERE rank <= $5 ORDER BY rank, md5("providerId" || $4::text)`,
    [opts.providerIds ?? null, opts.excludeIds ?? [], opts.sample ?? 1_000_000, String(OPT.seed), opts.perProvider],
  );
  return rows.rows;
}

/** New open requests at random places and categories, as releaseRequest leaves them before it matches. */
async function insertNewRequests(client: pg.Client, n: number, random: () => number): Promise<string[]> {
  const places = loadPlaces();
  const pickCategory = weightedPicker(CATEGORY_WEIGHTS, random);
  const ids: string[] = [];
  const cols = {
    id: [] as string[],
    cat: [] as string[],
    postcode: [] as string[],
    ort: [] as string[],
    lat: [] as number[],
    lon: [] as number[],
    bmax: [] as (number | null)[],
  };
  for (let i = 0; i < n; i++) {
    const at = places[Math.floor(random() * places.length)]!;
    const id = crypto.randomUUID();
    ids.push(id);
    cols.id.push(id);
    cols.cat.push(pickCategory());
    cols.postcode.push(at.postcode);
    cols.ort.push(at.place);
    cols.lat.push(at.lat);
    cols.lon.push(at.lon);
    cols.bmax.push(random() < 0.3 ? null : [100, 200, 500, 1000][Math.floor(random() * 4)]!);
  }
  await client.query(
    `INSERT INTO "Request" ("id", "userId", "firstName", "kategorie", "beschreibung", "beschreibungOeffentlich", "postcode", "ort", "lat", "lon", "budgetMax",
       "status", "qualityScore", "flags", "releasedAt", "expiresAt", "createdAt", "updatedAt")
     SELECT t.id, (SELECT id FROM "user" WHERE role = 'seeker' ORDER BY id LIMIT 1), 'Anna', t.cat, 'Neue Anfrage für den Benchmark in ' || t.ort || '.',
       'Neue Anfrage für den Benchmark in ' || t.ort || '.', t.postcode, t.ort, t.lat, t.lon, t.bmax, 'open', 80, '[]'::jsonb,
       now() AT TIME ZONE 'UTC', (now() + interval '30 days') AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::int[]) AS t(id, cat, postcode, ort, lat, lon, bmax)`,
    [cols.id, cols.cat, cols.postcode, cols.ort, cols.lat, cols.lon, cols.bmax],
  );
  return ids;
}

async function timeMatching(deps: AppDeps, ids: readonly string[], notify: boolean) {
  const times: number[] = [];
  const matched: number[] = [];
  for (const id of ids) {
    const t0 = performance.now();
    const n = await matchRequest(deps, id, { notify });
    times.push(performance.now() - t0);
    matched.push(n);
  }
  return { ms: summarize(times), matched: summarize(matched) };
}

/** The machine's load averages (1, 5, 15 minutes) now: the benchmark shares the machine, so each figure comes with it. */
const loadNow = () => os.loadavg().map((v) => Math.round(v * 100) / 100) as [number, number, number];

interface DrainRun {
  jobs: number;
  told: number;
  ms: number;
}

/**
 * The notifications' queue drained by the job handler in this process (no worker runs in the benchmark's app):
 * how long the jobs in line take until every waiting provider has had the event and the mail (decision 078).
 */
async function drainNotifications(deps: AppDeps, client: pg.Client): Promise<DrainRun> {
  const mails = async () => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "MailOutbox" WHERE template = 'newMatch'`)).rows[0]!.n);
  const before = await mails();
  const t0 = performance.now();
  const jobs = await deps.jobs.runQueued(deps, [NOTIFY_MATCHES_JOB]);
  const ms = performance.now() - t0;
  return { jobs, told: (await mails()) - before, ms };
}

/**
 * Requests with `providers` waiting matches each (taken from the loaded requests with at least that many matches,
 * the rest of their matches left as told): one job each, drained one request after another.
 */
async function drainOf(
  deps: AppDeps,
  client: pg.Client,
  providers: number,
  runs: number,
): Promise<{ providers: number; runs: DrainRun[]; ms: Summary } | null> {
  const ids = (
    await client.query<{ requestId: string }>(`SELECT "requestId" FROM "Match" GROUP BY "requestId" HAVING count(*) >= $1 ORDER BY "requestId" LIMIT $2`, [
      providers,
      runs,
    ])
  ).rows.map((r) => r.requestId);
  if (!ids.length) return null;
  const done: DrainRun[] = [];
  for (const id of ids) {
    await client.query(
      `WITH pick AS (SELECT id FROM "Match" WHERE "requestId" = $1 ORDER BY id LIMIT $2)
       UPDATE "Match" m SET "notifyPending" = true FROM pick WHERE m.id = pick.id`,
      [id, providers],
    );
    await client.query(`UPDATE "Request" SET "notifyAfter" = now() AT TIME ZONE 'UTC' WHERE id = $1`, [id]);
    await deps.jobs.send(NOTIFY_MATCHES_JOB, { requestId: id });
    done.push(await drainNotifications(deps, client));
  }
  return { providers, runs: done, ms: summarize(done.map((d) => d.ms)) };
}

/** The checks of tests/helpers/ledger-invariants.ts, plus the request places against the unlock rows. */
async function ledgerChecks(client: pg.Client) {
  const q = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
  // One snapshot for all checks, so they compare the same moment.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    return await checks(q);
  } finally {
    await client.query('COMMIT');
  }
}

async function checks(q: (sql: string) => Promise<number>) {
  return {
    transactions: await q(`SELECT count(*) AS n FROM "LedgerTransaction"`),
    entries: await q(`SELECT count(*) AS n FROM "LedgerEntry"`),
    unbalancedTransactions: await q(`SELECT count(*) AS n FROM (SELECT "transactionId" FROM "LedgerEntry" GROUP BY "transactionId" HAVING SUM(amount) <> 0) x`),
    accountsOffTheirEntries: await q(
      `SELECT count(*) AS n FROM (SELECT a.id FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)) x`,
    ),
    accountsBelowZero: await q(`SELECT count(*) AS n FROM "LedgerAccount" WHERE NOT "allowNegative" AND balance < 0`),
    requestsOverbooked: await q(`SELECT count(*) AS n FROM "Request" WHERE "unlockCount" > "maxUnlocks"`),
    unlockRows: await q(`SELECT count(*) AS n FROM "Unlock"`),
    placesTaken: await q(`SELECT COALESCE(SUM("unlockCount"), 0) AS n FROM "Request"`),
    escrowsOff: await q(
      // Each request's escrows against the prices its active unlocks booked (never an assumed price).
      `SELECT count(*) AS n FROM "Request" r
         LEFT JOIN (SELECT "ownerId", SUM(balance) AS bal FROM "LedgerAccount" WHERE kind IN ('escrow', 'escrow_promo') GROUP BY "ownerId") a ON a."ownerId" = r.id
         LEFT JOIN (SELECT "requestId", SUM(price) AS held FROM "Unlock" WHERE status = 'active' GROUP BY "requestId") u ON u."requestId" = r.id
       WHERE COALESCE(a.bal, 0) <> COALESCE(u.held, 0)`,
    ),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of the feed's whole statement (feedStatement, a first page as the app asks for it) for
 *  the signed-in provider with the most matches and the one at the median, and of the matching candidate query
 *  (for a new request). The feed statement is explained after a few runs, so its buffers are warm as under load. */
async function explain(client: pg.Client, providerIds: readonly string[], requestId: string): Promise<{ feed: string; candidates: string }> {
  const plan = async (sql: string, params: unknown[]) =>
    (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
  const counts = (
    await client.query<{ providerId: string; n: string }>(
      `SELECT p AS "providerId", (SELECT count(*) FROM "Match" m WHERE m."providerId" = p) AS n FROM unnest($1::text[]) AS p ORDER BY 2 DESC, 1`,
      [providerIds],
    )
  ).rows;
  const feeds: string[] = [];
  for (const who of [counts[0]!, counts[Math.floor(counts.length / 2)]!]) {
    const stmt = feedStatement(who.providerId, { limit: FEED_PAGE, lang: 'de' });
    for (let i = 0; i < 3; i++) await client.query(stmt.text, stmt.values as unknown[]);
    feeds.push(`(provider with ${who.n} matches)\n${await plan(stmt.text, stmt.values as unknown[])}`);
  }
  const feed = feeds.join('\n\n');
  const r = (await client.query<{ kategorie: string; lat: number; lon: number }>(`SELECT kategorie, lat, lon FROM "Request" WHERE id = $1`, [requestId]))
    .rows[0]!;
  const dLat = 200 / 111.32;
  const dLon = 200 / (111.32 * Math.max(0.01, Math.cos((r.lat * Math.PI) / 180)));
  const candidates = await plan(
    `SELECT "providerId", "category", "lat", "lon", "radiusKm" FROM "ProviderCategory"
     WHERE "category" = $1 AND "active" = true AND "lat" >= $2 AND "lat" <= $3 AND "lon" >= $4 AND "lon" <= $5 OFFSET 0`,
    [r.kategorie, r.lat - dLat, r.lat + dLat, r.lon - dLon, r.lon + dLon],
  );
  return { feed, candidates: `(a new ${r.kategorie} request)\n${candidates}` };
}

// ---------------------------------------------------------------------------------------------------------
// Run and report

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) {
    console.log(
      [
        'bench:marketplace needs a PostgreSQL server: set DATABASE_URL, e.g.',
        '  DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:55432/postgres npm run bench:marketplace',
        'It creates a database of its own on that server (akut_bench_…), loads 10,000 providers and 100,000 requests,',
        'measures, and drops the database again. The figures of issue 4 are PostgreSQL figures: the embedded PGlite',
        'runs one transaction at a time, so concurrent unlocks and 50 feed connections would measure nothing useful.',
        'Nothing was measured. See docs/benchmarks.md.',
      ].join('\n'),
    );
    return;
  }
  const wallStarted = performance.now();
  const loadAtStart = loadNow();
  const random = seededRandom(OPT.seed);
  log(`bench:marketplace: creating a database on ${new URL(serverUrl).host}`);
  const db = await createDatabase(serverUrl);
  let dropped = false;
  const drop = async () => {
    if (dropped || OPT.keep) return;
    dropped = true;
    await db.drop().catch((e: unknown) => log(`could not drop ${db.name}: ${String(e)}`));
  };
  process.once('SIGINT', () => {
    log('interrupted: dropping the database');
    void drop().finally(() => process.exit(130));
  });

  let app: Awaited<ReturnType<typeof startApp>> | null = null;
  const sql = new pg.Client({ connectionString: db.url });
  try {
    // The app's own migrations (buildDeps → openDatabase), then the data.
    let t0 = performance.now();
    app = await startApp(db.url);
    const migrateMs = performance.now() - t0;
    log(`  database ${db.name} migrated by the app (${(migrateMs / 1000).toFixed(1)} s); loading data`);
    await sql.connect();
    t0 = performance.now();
    const data: LoadResult = await loadMarketplace(sql, {
      providers: OPT.providers,
      requests: OPT.requests,
      seekers: OPT.seekers,
      seed: OPT.seed,
      grantGoints: OPT.grantGoints,
      passwordHash: await hashPassword(BENCH_PASSWORD),
      log,
    });
    const loadMs = performance.now() - t0;
    if (OPT.afterLoad) {
      // e.g. an index to try before it goes into a migration: it is measured as if the schema had it.
      log(`  after load: ${OPT.afterLoad}`);
      await sql.query(OPT.afterLoad);
      await sql.query('ANALYZE');
    }
    app.listen();
    const { deps, baseUrl } = app;

    // Sign-ins through better-auth, then each signed-in provider unlocks its newest matches through the
    // domain command, so their feeds hold unlocked cards (with the seeker's contact) as well as teasers.
    log(`  signing in ${OPT.signIns} providers (POST /api/auth/sign-in/email)`);
    const { signedIn, ms: signInMs } = await signIn(baseUrl, data.providerIds, random);
    const signedInIds = signedIn.map((s) => s.providerId);
    const prePairs = await unlockPairs(sql, { providerIds: signedInIds, perProvider: OPT.preUnlocksPerProvider });
    const preUnlocks: Record<string, number> = {};
    await pool(prePairs, 8, async (p) => {
      try {
        await unlockRequest(deps, { providerId: p.providerId, requestId: p.requestId, price: DEFAULT_UNLOCK_PRICE.goints });
        count(preUnlocks, 'unlocked');
      } catch (e) {
        count(preUnlocks, codeOf(e));
      }
    });
    const feedShape = await feedSizes(baseUrl, signedIn);

    // 1. Feed: warm-up, then 50 connections as fast as the app answers, then one connection.
    const feedJob = (durationS: number): LoadJob => ({
      url: baseUrl,
      method: 'GET',
      connections: OPT.connections,
      durationS,
      mode: 'random',
      items: signedIn.map((s) => ({ path: '/api/provider/matches', cookie: s.cookie })),
      headers: { 'accept-language': 'de' },
    });
    log(`  feed: warm-up ${OPT.warmupS} s, then ${OPT.connections} connections for ${OPT.durationS} s`);
    await runLoad(feedJob(OPT.warmupS));
    const loadBeforeFeed = loadNow();
    const feed = await runLoad(feedJob(OPT.durationS));
    // One connection, one request after another: the time of a feed request when nothing waits in a queue.
    let feedSerial: HttpLoadResult | null = null;
    if (OPT.feedSerialS > 0) {
      log(`  feed: 1 connection for ${OPT.feedSerialS} s`);
      feedSerial = await runLoad({ ...feedJob(OPT.feedSerialS), connections: 1 });
    }
    // The same statement straight through pg with the same concurrency: the database's own figure for the feed.
    log(`  feed, raw-SQL baseline: ${OPT.connections} clients sending the feed statement through pg for ${OPT.durationS} s`);
    const feedBaseline = await feedRaw(db.url, signedInIds, OPT.connections, OPT.durationS, random);

    // 2. Matching one new request: one at a time, first without notifications, then with them.
    let matching: { ms: Summary; matched: Summary } | null = null;
    let matchingNotify: { ms: Summary; matched: Summary } | null = null;
    let lastNewRequest: string | undefined;
    let drainAfterMatching: DrainRun | null = null;
    let drain130: Awaited<ReturnType<typeof drainOf>> = null;
    const loadBeforeMatching = loadNow();
    if (OPT.match > 0) {
      log(`  matching: ${OPT.match} new requests with { notify: false }, ${OPT.matchNotify} with notifications`);
      const warm = await insertNewRequests(sql, 10, random);
      await timeMatching(deps, warm, false);
      const fresh = await insertNewRequests(sql, OPT.match, random);
      lastNewRequest = fresh.at(-1);
      matching = await timeMatching(deps, fresh, false);
      if (OPT.matchNotify > 0) {
        // The queue is running (the server starts it at boot) and its statements are warm, as in production.
        await deps.jobs.start();
        await timeMatching(deps, await insertNewRequests(sql, 5, random), true);
        await drainNotifications(deps, sql);
        matchingNotify = await timeMatching(deps, await insertNewRequests(sql, OPT.matchNotify, random), true);
        log(`  notifications: draining the queue the matching filled, then ${OPT.drainRuns} requests of ${OPT.drainProviders} waiting providers`);
        drainAfterMatching = await drainNotifications(deps, sql);
        if (OPT.drainRuns > 0) drain130 = await drainOf(deps, sql, OPT.drainProviders, OPT.drainRuns);
      }
    }
    const loadBeforeUnlocks = loadNow();

    // 3. Unlocks: 32 clients through the domain command, then 32 connections over HTTP.
    // Half of the other providers at most for the domain command, so the raw baseline has providers of its own.
    const unlockSample = Math.max(1, Math.min(4000, Math.floor((data.providerIds.length - signedInIds.length) / 2)));
    const directPairs = await unlockPairs(sql, { excludeIds: signedInIds, sample: unlockSample, perProvider: 15 });
    log(`  unlocks: ${OPT.unlockClients} clients calling unlockRequest for ${OPT.unlockDurationS} s (${directPairs.length} matched pairs ready)`);
    const direct = await unlockDirect(deps, directPairs, OPT.unlockClients, OPT.unlockDurationS);
    // The raw-SQL baseline in the same run, on other providers' pairs: the unlock's statements through `pg`, no Prisma.
    const rawPairs = await unlockPairs(sql, {
      excludeIds: [...signedInIds, ...new Set(directPairs.map((p) => p.providerId))],
      sample: unlockSample,
      perProvider: 15,
    });
    log(
      `  unlocks, raw-SQL baseline: ${OPT.unlockClients} clients sending the unlock's statements through pg for ${OPT.unlockDurationS} s (${rawPairs.length} pairs ready)`,
    );
    const raw = await unlockRaw(db.url, rawPairs, OPT.unlockClients, OPT.unlockDurationS);
    let overHttp: HttpLoadResult | null = null;
    let httpPairs = 0;
    if (OPT.httpUnlockDurationS > 0) {
      const cookieOf = new Map(signedIn.map((s) => [s.providerId, s.cookie]));
      const pairs = await unlockPairs(sql, { providerIds: signedInIds, perProvider: 40 });
      httpPairs = pairs.length;
      log(
        `  unlocks: ${OPT.unlockClients} connections POSTing /api/provider/requests/:id/unlock for ${OPT.httpUnlockDurationS} s (${pairs.length} pairs ready)`,
      );
      overHttp = await runLoad({
        url: baseUrl,
        method: 'POST',
        connections: OPT.unlockClients,
        durationS: OPT.httpUnlockDurationS,
        mode: 'sequential',
        items: pairs.map((p) => ({ path: `/api/provider/requests/${p.requestId}/unlock`, cookie: cookieOf.get(p.providerId)! })),
        headers: { origin: baseUrl, 'content-type': 'application/json', 'accept-language': 'de' },
        body: JSON.stringify({ price: DEFAULT_UNLOCK_PRICE.goints }),
        errorCodes: true,
      });
    }
    await app.idle();
    const ledger = await ledgerChecks(sql);
    const plans = OPT.explain && lastNewRequest ? await explain(sql, signedInIds, lastNewRequest) : null;

    const cpus = os.cpus();
    const feedMs = summarize(feed.latenciesMs);
    const httpUnlockMs = overHttp ? summarize(overHttp.latenciesMs) : null;
    const httpUnlocked = overHttp ? (overHttp.statuses['200'] ?? 0) - overHttp.repeated : 0;
    const ledgerOk =
      ledger.unbalancedTransactions === 0 &&
      ledger.accountsOffTheirEntries === 0 &&
      ledger.accountsBelowZero === 0 &&
      ledger.requestsOverbooked === 0 &&
      ledger.unlockRows === ledger.placesTaken &&
      ledger.escrowsOff === 0;
    const report = {
      date: new Date().toISOString(),
      machine: {
        node: process.version,
        cpu: cpus[0]?.model ?? 'unknown',
        cores: cpus.length,
        platform: `${os.platform()} ${os.arch()}`,
        postgres: db.version,
        server: new URL(serverUrl).host,
        loadAverage: {
          atStart: loadAtStart,
          beforeFeed: loadBeforeFeed,
          beforeMatching: loadBeforeMatching,
          beforeUnlocks: loadBeforeUnlocks,
          atEnd: loadNow(),
        },
      },
      database: { name: db.name, kept: OPT.keep, url: OPT.keep ? db.url : undefined, migrateMs, loadMs, data: { ...data, providerIds: undefined } },
      app: { nodeEnv: 'production', prismaPool: 10, eventBus: 'postgres' },
      afterLoad: OPT.afterLoad,
      options: OPT,
      signIn: { providers: signedIn.length, ms: signInMs, preUnlocks },
      feed: {
        path: 'GET /api/provider/matches',
        shape: feedShape,
        closedLoop: {
          connections: OPT.connections,
          durationS: feed.durationS,
          requests: feed.latenciesMs.length,
          requestsPerSecond: feed.latenciesMs.length / feed.durationS,
          latencyMs: feedMs,
          statuses: feed.statuses,
          errors: feed.errors,
          timeouts: feed.timeouts,
          autocannon: feed.autocannon,
        },
        oneConnection: feedSerial
          ? {
              durationS: feedSerial.durationS,
              requests: feedSerial.latenciesMs.length,
              requestsPerSecond: feedSerial.latenciesMs.length / feedSerial.durationS,
              latencyMs: summarize(feedSerial.latenciesMs),
              statuses: feedSerial.statuses,
              errors: feedSerial.errors,
            }
          : null,
        raw: feedBaseline,
      },
      matching: { withoutNotify: matching, withNotify: matchingNotify, drain: { afterMatching: drainAfterMatching, ofProviders: drain130 } },
      unlocks: {
        direct,
        raw: { ...raw, pool: RAW_POOL },
        appShareOfRawPct: raw.unlocksPerSecond > 0 ? (100 * direct.unlocksPerSecond) / raw.unlocksPerSecond : null,
        http: overHttp
          ? {
              connections: OPT.unlockClients,
              durationS: overHttp.durationS,
              pairsReady: httpPairs,
              sent: overHttp.sent,
              exhausted: overHttp.exhausted,
              unlocked: httpUnlocked,
              repeated: overHttp.repeated,
              unlocksPerSecond: httpUnlocked / overHttp.durationS,
              latencyMs: httpUnlockMs,
              statuses: overHttp.statuses,
              refusals: overHttp.errorCodes,
              errors: overHttp.errors,
            }
          : null,
      },
      ledger: { ...ledger, ok: ledgerOk },
      aims: {
        feedP99Ms: { aim: AIMS.feedP99Ms, measured: feedMs.p99, met: feedMs.p99 < AIMS.feedP99Ms },
        unlocksPerSecond: { aim: AIMS.unlocksPerSecond, measured: direct.unlocksPerSecond, met: direct.unlocksPerSecond >= AIMS.unlocksPerSecond },
        matchP99Ms: matching ? { aim: AIMS.matchP99Ms, measured: matching.ms.p99, met: matching.ms.p99 <= AIMS.matchP99Ms } : null,
        unlockShareOfRawPct:
          raw.unlocksPerSecond > 0
            ? {
                aim: AIMS.unlockShareOfRawPct,
                measured: (100 * direct.unlocksPerSecond) / raw.unlocksPerSecond,
                met: (100 * direct.unlocksPerSecond) / raw.unlocksPerSecond >= AIMS.unlockShareOfRawPct,
              }
            : null,
      },
      explain: plans,
      wallMs: performance.now() - wallStarted,
    };

    if (OPT.json) {
      console.log(JSON.stringify(report, (_k, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v), 2));
    } else {
      printTable(report);
    }
  } finally {
    await sql.end().catch(() => {});
    await app?.close().catch(() => {});
    await drop();
    if (OPT.keep) log(`database kept: ${db.url}`);
  }
}

type Report = {
  date: string;
  machine: {
    node: string;
    cpu: string;
    cores: number;
    platform: string;
    postgres: string;
    server: string;
    loadAverage: Record<'atStart' | 'beforeFeed' | 'beforeMatching' | 'beforeUnlocks' | 'atEnd', [number, number, number]>;
  };
  database: { name: string; kept: boolean; migrateMs: number; loadMs: number; data: Omit<LoadResult, 'providerIds'> & { providerIds: undefined } };
  afterLoad: string | null;
  signIn: { providers: number; ms: Summary; preUnlocks: Record<string, number> };
  feed: {
    shape: { cards: Summary; unlockedCards: Summary; bytes: Summary };
    raw: FeedRawRun;
    closedLoop: {
      connections: number;
      durationS: number;
      requests: number;
      requestsPerSecond: number;
      latencyMs: Summary;
      statuses: Record<string, number>;
      errors: number;
      timeouts: number;
    };
    oneConnection: {
      durationS: number;
      requests: number;
      requestsPerSecond: number;
      latencyMs: Summary;
      statuses: Record<string, number>;
      errors: number;
    } | null;
  };
  matching: {
    withoutNotify: { ms: Summary; matched: Summary } | null;
    withNotify: { ms: Summary; matched: Summary } | null;
    drain: { afterMatching: DrainRun | null; ofProviders: { providers: number; runs: DrainRun[]; ms: Summary } | null };
  };
  unlocks: {
    direct: UnlockRun;
    raw: UnlockRun & { pool: number };
    appShareOfRawPct: number | null;
    http: {
      connections: number;
      durationS: number;
      pairsReady: number;
      sent: number;
      exhausted: boolean;
      unlocked: number;
      repeated: number;
      unlocksPerSecond: number;
      latencyMs: Summary | null;
      statuses: Record<string, number>;
      refusals: Record<string, number>;
      errors: number;
    } | null;
  };
  ledger: Awaited<ReturnType<typeof ledgerChecks>> & { ok: boolean };
  aims: {
    feedP99Ms: { aim: number; measured: number; met: boolean };
    unlocksPerSecond: { aim: number; measured: number; met: boolean };
    matchP99Ms: { aim: number; measured: number; met: boolean } | null;
    unlockShareOfRawPct: { aim: number; measured: number; met: boolean } | null;
  };
  explain: { feed: string; candidates: string } | null;
  wallMs: number;
};

function printTable(r: Report) {
  const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1));
  const n = (v: number) => Math.round(v).toLocaleString('en-US');
  const d = r.database.data;
  const codes = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${n(v)}`)
      .join(', ') || 'none';
  const rows: [string, Summary, string][] = [];
  const f = r.feed.closedLoop;
  rows.push([`feed, ${f.connections} connections (${Math.round(f.durationS)} s)`, f.latencyMs, `${n(f.requestsPerSecond)} req/s`]);
  if (r.feed.oneConnection)
    rows.push([
      `feed, 1 connection (${Math.round(r.feed.oneConnection.durationS)} s)`,
      r.feed.oneConnection.latencyMs,
      `${n(r.feed.oneConnection.requestsPerSecond)} req/s`,
    ]);
  rows.push([`feed, raw SQL baseline, ${r.feed.raw.clients} clients`, r.feed.raw.latencyMs, `${n(r.feed.raw.requestsPerSecond)} req/s`]);
  if (r.matching.withoutNotify) rows.push(['matchRequest, notify: false', r.matching.withoutNotify.ms, `${n(1000 / r.matching.withoutNotify.ms.mean)} /s`]);
  if (r.matching.withNotify) rows.push(['matchRequest, with notifications', r.matching.withNotify.ms, `${n(1000 / r.matching.withNotify.ms.mean)} /s`]);
  const d130 = r.matching.drain.ofProviders;
  if (d130) rows.push([`notify-matches job, ${d130.providers} providers`, d130.ms, `${n((1000 * d130.providers) / d130.ms.mean)} providers/s`]);
  const u = r.unlocks.direct;
  rows.push([`unlockRequest, ${u.clients} clients: unlocked`, u.unlockedLatencyMs, `${n(u.unlocksPerSecond)} /s`]);
  rows.push([`unlockRequest, ${u.clients} clients: all attempts`, u.latencyMs, `${n(u.attemptsPerSecond)} /s`]);
  const raw = r.unlocks.raw;
  rows.push([`raw SQL baseline, ${raw.clients} clients: unlocked`, raw.unlockedLatencyMs, `${n(raw.unlocksPerSecond)} /s`]);
  const h = r.unlocks.http;
  if (h?.latencyMs) rows.push([`POST …/unlock, ${h.connections} connections`, h.latencyMs, `${n(h.unlocksPerSecond)} unlocks/s`]);
  const label = Math.max(...rows.map(([l]) => l.length));
  const col = 9;
  const lines = [
    `akut marketplace benchmark, ${r.date}`,
    `Node ${r.machine.node}, ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.platform}; PostgreSQL ${r.machine.postgres} at ${r.machine.server}`,
    `Load average (1, 5, 15 min): ${Object.entries(r.machine.loadAverage)
      .map(([k, v]) => `${k} ${v.join(' ')}`)
      .join('; ')}`,
    `Database ${r.database.name} (${r.database.kept ? 'kept' : 'dropped at the end'}): migrated by the app in ${(r.database.migrateMs / 1000).toFixed(1)} s, data loaded in ${(r.database.loadMs / 1000).toFixed(1)} s`,
    `Data: ${n(d.providers)} providers (${n(d.providerCategories)} categories), ${n(d.seekers)} seekers, ${n(d.requests)} open requests, ${n(d.matches)} matches`,
    `  matches per provider: mean ${n(d.matchesPerProvider.mean)}, p50 ${n(d.matchesPerProvider.p50)}, p90 ${n(d.matchesPerProvider.p90)}, max ${n(d.matchesPerProvider.max)}, none ${n(d.matchesPerProvider.none)}; per request: mean ${d.matchesPerRequest.mean.toFixed(1)}, none ${n(d.matchesPerRequest.none)}`,
    `  sizes: ${Object.entries(d.tableSizes)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    ...(r.afterLoad ? [`After load (not in the schema): ${r.afterLoad}`] : []),
    `App: createApp + buildDeps in this process, NODE_ENV production, Prisma pool 10 (server/db.ts), event bus postgres; HTTP load from a child process (autocannon)`,
    `Sign-in: ${r.signIn.providers} providers by POST /api/auth/sign-in/email (p50 ${ms(r.signIn.ms.p50)} ms); their newest matches unlocked first: ${codes(r.signIn.preUnlocks)}`,
    `Feed responses: ${r.feed.shape.cards.mean.toFixed(1)} cards (${r.feed.shape.unlockedCards.mean.toFixed(1)} unlocked) and ${n(r.feed.shape.bytes.mean)} bytes on average`,
    '',
    `${'figure (ms)'.padEnd(label)}  ${'n'.padStart(7)}${['p50', 'p90', 'p99', 'max', 'mean'].map((x) => x.padStart(col)).join('')}  rate`,
    `${'-'.repeat(label)}  ${'-'.repeat(7)}${'-'.repeat(col * 5)}  ${'-'.repeat(14)}`,
    ...rows.map(
      ([l, s, rate]) =>
        `${l.padEnd(label)}  ${n(s.count).padStart(7)}${[s.p50, s.p90, s.p99, s.max, s.mean].map((v) => ms(v).padStart(col)).join('')}  ${rate}`,
    ),
    '',
    `Feed: ${n(f.requests)} requests, statuses ${codes(f.statuses)}, connection errors ${f.errors}, timeouts ${f.timeouts}`,
    `Feed (raw SQL, the feed statement through pg, pool ${r.feed.raw.pool}): ${n(r.feed.raw.requests)} statements in ${r.feed.raw.durationS.toFixed(1)} s, errors ${r.feed.raw.errors}; the app's feed rate as a share of it: ${r.feed.raw.requestsPerSecond > 0 ? ((100 * f.requestsPerSecond) / r.feed.raw.requestsPerSecond).toFixed(0) : '–'} %`,
  ];
  if (r.matching.withoutNotify) {
    const m = r.matching.withoutNotify.matched;
    lines.push(
      `Matching: providers matched per new request p50 ${n(m.p50)}, mean ${m.mean.toFixed(1)}, max ${n(m.max)} (requests one at a time; with notifications: the matches marked as waiting and one job in line per request, decision 078)`,
    );
  }
  const drained = r.matching.drain.afterMatching;
  if (drained)
    lines.push(
      `Notifications: the ${n(drained.jobs)} jobs the matching put in line told ${n(drained.told)} providers (an event and a mail in the outbox each) in ${ms(drained.ms)} ms, drained by the job handler in this process`,
    );
  if (d130) lines.push(`Notifications of ${d130.providers} waiting providers (one job): ${d130.runs.map((x) => `${ms(x.ms)} ms (${x.told} told)`).join(', ')}`);
  lines.push(
    `Unlocks (domain): ${n(u.unlocked)} unlocked of ${n(u.attempts)} attempts in ${u.elapsedS.toFixed(1)} s; repeats ${u.repeated}; refusals: ${codes(u.refusals)}${u.exhausted ? ' (ran out of pairs)' : ''}`,
  );
  lines.push(
    `Unlocks (raw SQL, the unlock's statements through pg, pool ${raw.pool}): ${n(raw.unlocked)} unlocked of ${n(raw.attempts)} attempts in ${raw.elapsedS.toFixed(1)} s; repeats ${raw.repeated}; refusals: ${codes(raw.refusals)}${raw.exhausted ? ' (ran out of pairs)' : ''}`,
    `Node CPU per unlock attempt: app ${u.nodeCpuMsPerAttempt.toFixed(2)} ms, raw baseline ${raw.nodeCpuMsPerAttempt.toFixed(2)} ms (this process, user + system)`,
    `The app's unlock rate as a share of the raw baseline: ${r.unlocks.appShareOfRawPct === null ? 'n/a' : `${r.unlocks.appShareOfRawPct.toFixed(0)} %`} (all attempts: ${raw.attemptsPerSecond > 0 ? `${((100 * u.attemptsPerSecond) / raw.attemptsPerSecond).toFixed(0)} %` : 'n/a'})`,
  );
  if (h) {
    const answers = Object.values(h.statuses).reduce((a, b) => a + b, 0);
    lines.push(
      `Unlocks (HTTP): ${n(h.unlocked)} unlocked in ${n(answers)} answers in ${h.durationS.toFixed(1)} s; statuses ${codes(h.statuses)}; repeats ${n(h.repeated)}; refusals: ${codes(h.refusals)}${h.exhausted ? ` (all ${n(h.pairsReady)} pairs used; the last one was repeated until the run stopped)` : ''}`,
    );
  }
  const l = r.ledger;
  lines.push(
    `Ledger after the unlocks (${n(l.transactions)} transactions, ${n(l.entries)} entries): ${l.unbalancedTransactions} not summing to zero, ${l.accountsOffTheirEntries} balances off their entries, ${l.accountsBelowZero} below zero; requests over their maximum ${l.requestsOverbooked}, unlock rows ${n(l.unlockRows)} = places taken ${n(l.placesTaken)}, escrows off ${l.escrowsOff}: ${l.ok ? 'consistent' : 'BROKEN'}`,
    `Aims of issue 4: feed p99 under ${r.aims.feedP99Ms.aim} ms: ${ms(r.aims.feedP99Ms.measured)} ms (${r.aims.feedP99Ms.met ? 'met' : 'missed'}); at least ${n(r.aims.unlocksPerSecond.aim)} unlocks/s: ${n(r.aims.unlocksPerSecond.measured)} (${r.aims.unlocksPerSecond.met ? 'met' : 'missed'})`,
    `Aims of issue 14: matching one new request p99 at most ${AIMS.matchP99Ms} ms: ${r.aims.matchP99Ms ? `${ms(r.aims.matchP99Ms.measured)} ms (${r.aims.matchP99Ms.met ? 'met' : 'missed'})` : 'not measured'}; app unlocks at least ${AIMS.unlockShareOfRawPct} % of the raw baseline: ${r.aims.unlockShareOfRawPct ? `${r.aims.unlockShareOfRawPct.measured.toFixed(0)} % (${r.aims.unlockShareOfRawPct.met ? 'met' : 'missed'})` : 'n/a'}`,
    `Whole run: ${(r.wallMs / 1000).toFixed(0)} s. Figures are reported, never asserted.`,
  );
  if (r.explain)
    lines.push(
      '',
      'EXPLAIN (ANALYZE, BUFFERS), the feed statement (a first page):',
      r.explain.feed,
      '',
      'EXPLAIN (ANALYZE, BUFFERS), matching candidates:',
      r.explain.candidates,
    );
  console.log(lines.join('\n'));
}

try {
  await main();
} catch (e) {
  console.error('bench:marketplace: could not measure:', e instanceof Error ? (e.stack ?? e.message) : e);
  process.exitCode = 1;
}
