// `npm run test:faults`: the fault-injection suite (issue 9, docs/reliability.md). A mixed concurrent load
// over HTTP against two app instances on one PostgreSQL, while the suite SIGKILLs app processes (its own
// supervisor starts them again), terminates the app's database backends (pg_terminate_backend) and stops
// PostgreSQL for some seconds; afterwards it waits for recovery, lets deliveries and the payout queue
// settle, and checks every invariant by SQL. Prints a table and ends with "N passed, N failed" (one per
// check); exits 1 on any violation or when the app did not come back.
//   npm run test:faults                                   own PostgreSQL cluster (initdb, pg_ctl) in a temp dir
//   FAULTS_DATABASE_URL=postgresql://…@127.0.0.1/… npm run test:faults   a server of yours; no PostgreSQL stop
//   FAULTS_DURATION=120  seconds of load (default 120)    FAULTS_PORT_BASE=3300  ports base..base+2 (default: free ports)
//   FAULTS_JSON=<file>   also write the results as JSON (used by npm test)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeStripeServer, type FakeStripeServer } from '../../tests/helpers/fake-stripe-server.ts';
import { ownCluster, foreignServer, type FaultDatabase } from './database.ts';
import { superviseInstance, type Instance } from './supervisor.ts';
import { setupData, FAULT_SETUP } from './setup.ts';
import { newLoadState, runLoad } from './load.ts';
import { checkInvariants, type InvariantResult } from './invariants.ts';
import { Client } from './client.ts';
import { checkLiveEvents } from './live-events.ts';

const DURATION_S = Math.max(30, Number(process.env.FAULTS_DURATION ?? 120) || 120);
const PROVIDERS = 10;
const SEEKERS = 8;
const REQUESTS_PER_SEEKER = 8;
const PG_STOP_S = 6;
const RECOVERY_TIMEOUT_MS = 90_000;
const DRAIN_MS = 60_000;
const WEBHOOK_SECRET = 'whsec_akut_faults';
const AUTH_SECRET = 'faults-secret-faults-secret-faults-secret-0123456789';
const PAYOUT_KEY = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

const t0 = Date.now();
const since = () => `+${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stdout.write(`[faults ${since()}] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

interface FaultLog {
  kills: number;
  terminateRounds: number;
  backendsTerminated: number;
  pgStops: number;
  pgStopSkipped: string | null;
  replicaStops: number;
  notes: string[];
}

/** Ends every connection of the app's database except the suite's own. */
async function terminateBackends(db: FaultDatabase): Promise<number> {
  const c = new pg.Client({ connectionString: db.adminUrl });
  await c.connect();
  try {
    const dbName = new URL(db.url).pathname.slice(1);
    const r = await c.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      [dbName],
    );
    let n = 0;
    for (const row of r.rows) {
      const t = await c.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [row.pid]);
      if (t.rows[0]?.ok) n += 1;
    }
    return n;
  } finally {
    await c.end();
  }
}

async function main(): Promise<number> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-faults-'));
  const base = process.env.FAULTS_PORT_BASE ? Number(process.env.FAULTS_PORT_BASE) : null;
  const [pgPort, portA, portB, replicaPort] = base
    ? [base, base + 1, base + 2, base + 3]
    : [await freePort(), await freePort(), await freePort(), await freePort()];
  let db: FaultDatabase | null = null;
  let stripe: FakeStripeServer | null = null;
  const instances: Instance[] = [];
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await Promise.allSettled(instances.map((i) => i.stop()));
    await stripe?.close().catch(() => {});
    await db?.cleanup().catch((e: unknown) => say(`cleanup of the database failed: ${String(e)}`));
    if (process.env.FAULTS_KEEP_LOGS !== '1') fs.rmSync(workDir, { recursive: true, force: true });
    else say(`logs kept in ${workDir}`);
  };
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      say(`${sig}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    const foreign = process.env.FAULTS_DATABASE_URL;
    db = foreign ? await foreignServer(foreign) : await ownCluster(pgPort!, replicaPort);
    say(`database: ${db.label}`);
    stripe = await startFakeStripeServer();
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    const common: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      // Feeds, public pages and lists read from the streaming replica when the suite has one (decision 079).
      ...(db.replica ? { DATABASE_READ_URL: db.replica.url } : {}),
      AUTH_SECRET,
      PAYOUT_ENCRYPTION_KEY: PAYOUT_KEY,
      EVENT_BUS: 'postgres',
      AI_PROVIDER: 'offline',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '100000',
      RATE_LIMIT_CHAT: '100000',
      TRUSTED_ORIGINS: `${urlA},${urlB}`,
      DATA_DIR: path.join(workDir, 'data'),
      // The admin records the PayPal payouts by hand (decision 081: the operator declared it may pay out itself).
      OWN_ACCOUNT_PAYOUTS: 'on',
    };
    const envA = {
      ...common,
      PORT: String(portA),
      APP_URL: urlA,
      STRIPE_SECRET_KEY: 'sk_test_akut',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    };
    const envB = { ...common, PORT: String(portB), APP_URL: urlB, TEST_CHECKOUT: 'on' };

    say(`setting up ${PROVIDERS} providers, ${SEEKERS} seekers with ${REQUESTS_PER_SEEKER} requests each, one admin with TOTP`);
    const setup = await setupData(envB, { providers: PROVIDERS, seekers: SEEKERS, requestsPerSeeker: REQUESTS_PER_SEEKER });

    instances.push(superviseInstance({ name: 'A (Stripe)', port: portA, env: envA, logFile: path.join(workDir, 'app-a.log'), t0 }));
    instances.push(superviseInstance({ name: 'B (test checkout)', port: portB, env: envB, logFile: path.join(workDir, 'app-b.log'), t0 }));
    for (const i of instances) if (!(await i.waitHealthy(120_000))) throw new Error(`instance ${i.name} did not start (see its log)`);
    say(`both instances up: ${urlA} (Stripe, fake API at ${stripe.url}), ${urlB} (test checkout)`);

    // ---- load with faults ----
    const loadStart = Date.now();
    const until = loadStart + DURATION_S * 1000;
    let drainUntil = until + DRAIN_MS + RECOVERY_TIMEOUT_MS;
    const state = newLoadState();
    const faults: FaultLog = {
      kills: 0,
      terminateRounds: 0,
      backendsTerminated: 0,
      pgStops: 0,
      pgStopSkipped: db.canStop ? null : "FAULTS_DATABASE_URL: not the suite's own server",
      replicaStops: 0,
      notes: [],
    };
    // Reads that go to the replica, asked of both instances while it is stopped: each must still answer (from the
    // primary). An instance the suite is restarting at that moment is waited for first.
    const replicaReads: InvariantResult = { name: 'replica reads answer (from the primary) while the read replica is stopped', violations: [] };
    let replicaReadsAsked = 0;
    const at = (fraction: number) => loadStart + fraction * DURATION_S * 1000;
    const schedule: { when: number; what: string; run: () => Promise<void> }[] = [];
    const kill = (i: Instance) => async () => {
      if (i.kill()) {
        faults.kills += 1;
        say(`SIGKILL ${i.name}`);
      } else faults.notes.push(`${since()}: ${i.name} was not running when a SIGKILL was due`);
    };
    const terminate = async () => {
      try {
        const n = await terminateBackends(db!);
        faults.terminateRounds += 1;
        faults.backendsTerminated += n;
        say(`pg_terminate_backend: ${n} backends of the app's database`);
      } catch (e) {
        faults.notes.push(`${since()}: terminating backends failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    const [A, B] = instances as [Instance, Instance];
    schedule.push({ when: at(0.1), what: 'kill A', run: kill(A) });
    schedule.push({ when: at(0.18), what: 'terminate', run: terminate });
    schedule.push({ when: at(0.28), what: 'kill B', run: kill(B) });
    schedule.push({ when: at(0.36), what: 'terminate', run: terminate });
    if (db.canStop) {
      schedule.push({
        when: at(0.48),
        what: 'stop PostgreSQL',
        run: async () => {
          say(`stopping PostgreSQL for ${PG_STOP_S} s`);
          db!.stop();
          faults.pgStops += 1;
          await sleep(PG_STOP_S * 1000);
          db!.start();
          say('PostgreSQL started again');
        },
      });
    }
    if (db.replica) {
      const replica = db.replica;
      schedule.push({
        when: at(0.58),
        what: 'stop the read replica',
        run: async () => {
          say(`stopping the read replica for ${PG_STOP_S} s`);
          replica.stop();
          faults.replicaStops += 1;
          const back = Date.now() + PG_STOP_S * 1000;
          for (const i of instances) {
            if (!(await i.waitHealthy(20_000))) continue;
            const url = i === A ? urlA : urlB;
            for (const p of ['/api/successful-deals', '/api/marketing/figures']) {
              const r = await new Client(url).get(p);
              replicaReadsAsked += 1;
              if (r.status !== 200) replicaReads.violations.push({ id: `${i.name} ${p}`, detail: `answered ${r.status || 'no connection'}` });
            }
          }
          if (replicaReadsAsked === 0) replicaReads.violations.push({ id: 'both instances', detail: 'neither was up to be asked within 20 s' });
          await sleep(Math.max(0, back - Date.now()));
          replica.start();
          say('read replica started again');
        },
      });
    }
    schedule.push({ when: at(0.66), what: 'kill A', run: kill(A) });
    schedule.push({ when: at(0.74), what: 'terminate', run: terminate });
    schedule.push({ when: at(0.84), what: 'kill B', run: kill(B) });
    schedule.push({ when: at(0.9), what: 'terminate', run: terminate });
    const faultRunner = (async () => {
      for (const f of schedule) {
        const wait = f.when - Date.now();
        if (wait > 0) await sleep(wait);
        await f.run();
      }
    })();

    say(`load for ${DURATION_S} s with ${PROVIDERS} providers, ${SEEKERS} seekers and one admin`);
    const load = await runLoad(
      { instances: { stripe: urlA, test: urlB }, setup, stripe, webhookSecret: WEBHOOK_SECRET, until, drainUntil: () => drainUntil },
      state,
    );
    await faultRunner;
    say('load over; waiting for recovery');

    // ---- recovery: both instances answer again (health and a signed-in request), with no manual restart ----
    const recovery: InvariantResult = { name: 'the app answers again without a manual restart', violations: [] };
    const probe = new Client(urlA);
    for (const i of instances) {
      const t = Date.now();
      const ok = await i.waitHealthy(RECOVERY_TIMEOUT_MS);
      if (!ok) recovery.violations.push({ id: i.name, detail: `/api/health not 200 within ${RECOVERY_TIMEOUT_MS / 1000} s` });
      else say(`${i.name} healthy again after ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    const signedIn = new Map<string, string>();
    const signIn = await probe.post('/api/auth/sign-in/email', { email: setup.providers[0]!.email, password: setup.providers[0]!.password });
    if (signIn.outcome !== 'ok') recovery.violations.push({ id: 'sign-in', detail: `sign-in answered ${signIn.status}` });
    for (const [k, v] of probe.cookies) signedIn.set(k, v);
    for (const url of [urlA, urlB]) {
      const feed = await new Client(url, signedIn).get('/api/provider/matches');
      if (feed.status !== 200) recovery.violations.push({ id: url, detail: `GET /api/provider/matches answered ${feed.status || 'no connection'}` });
    }

    const live = await checkLiveEvents([urlA, urlB], setup.probe);

    // ---- settle: Stripe's remaining deliveries, the admin's payout queue ----
    drainUntil = Date.now() + DRAIN_MS;
    await load.deliverer;
    if (load.pending() > 0) faults.notes.push(`${load.pending()} Stripe deliveries still refused after the drain`);
    let drained = false;
    for (let pass = 0; pass < 5 && !drained && Date.now() < drainUntil; pass++) drained = await load.adminDrain(drainUntil);
    // The jobs (expiry, reconciliation, PayPal sync) run a few seconds after each start: give them a moment.
    await sleep(6_000);
    // What a kill left half done is completed by the jobs (recover-chat-confirmations, complete-request-releases,
    // notify-matches-sweep: each minute): wait until nothing waits for them, at most 90 s.
    const waitingSince = Date.now();
    const stillWaiting = async () => {
      const c = new pg.Client({ connectionString: db!.url });
      await c.connect();
      try {
        const r = await c.query<{ n: string }>(`SELECT (SELECT COUNT(*) FROM "ChatConfirmation" WHERE status = 'running')
            + (SELECT COUNT(*) FROM "Request" r JOIN "user" u ON u.id = r."userId" WHERE u."emailVerified" AND (r.status = 'draft' OR (r.status = 'open' AND r."matchedAt" IS NULL)))
            + (SELECT COUNT(*) FROM "Match" WHERE "notifyPending") AS n`);
        return Number(r.rows[0]!.n);
      } finally {
        await c.end();
      }
    };
    let left = await stillWaiting();
    while (left > 0 && Date.now() - waitingSince < 90_000) {
      await sleep(2_000);
      left = await stillWaiting();
    }
    say(`recovery jobs: ${left} steps still waiting after ${((Date.now() - waitingSince) / 1000).toFixed(0)} s`);
    const crashes: InvariantResult = {
      name: "no app process died except by the suite's SIGKILL",
      violations: instances.flatMap((i) =>
        i.crashes.map((c) => ({
          id: i.name,
          detail: `exited on its own while serving at +${(c.at / 1000).toFixed(1)} s (code ${c.code}, signal ${c.signal})`,
        })),
      ),
    };
    const restarts = instances.reduce((s, i) => s + i.restarts, 0);
    const failedStarts = instances.reduce((s, i) => s + i.failedStarts, 0);
    for (const i of instances) await i.stop();
    say('instances stopped; checking invariants');

    const results = [
      recovery,
      crashes,
      live,
      ...(db.replica ? [replicaReads] : []),
      ...(await checkInvariants(db.url, {
        paidPurchases: [...state.paidPurchases],
        referred: { emails: [...state.referredSignUps], partnerId: setup.partner.id },
      })),
    ];
    const failed = results.filter((r) => r.violations.length > 0).length;
    const passed = results.length - failed;

    // ---- the table ----
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    const padL = (s: string | number, n: number) => String(s).padStart(n);
    const lines: string[] = [];
    lines.push('', `Fault suite: ${DURATION_S} s of load on two instances, ${db.label}`, '');
    lines.push(`${pad('operation', 30)}${padL('attempted', 10)}${padL('ok', 8)}${padL('refused', 9)}${padL('unavail.', 9)}${padL('5xx', 6)}`);
    let tot = { attempted: 0, ok: 0, refused: 0, unavailable: 0, error5xx: 0 };
    for (const [op, t] of [...state.tally.ops].sort()) {
      lines.push(`${pad(op, 30)}${padL(t.attempted, 10)}${padL(t.ok, 8)}${padL(t.refused, 9)}${padL(t.unavailable, 9)}${padL(t.error5xx, 6)}`);
      tot = {
        attempted: tot.attempted + t.attempted,
        ok: tot.ok + t.ok,
        refused: tot.refused + t.refused,
        unavailable: tot.unavailable + t.unavailable,
        error5xx: tot.error5xx + t.error5xx,
      };
    }
    lines.push(
      `${pad('all operations', 30)}${padL(tot.attempted, 10)}${padL(tot.ok, 8)}${padL(tot.refused, 9)}${padL(tot.unavailable, 9)}${padL(tot.error5xx, 6)}`,
      '',
    );
    lines.push(`${pad('fault', 44)}count`);
    lines.push(`${pad('SIGKILL of an app process', 44)}${faults.kills}`);
    lines.push(`${pad("restarts by the suite's supervisor", 44)}${restarts}${failedStarts ? ` (${failedStarts} failed starts)` : ''}`);
    lines.push(`${pad('pg_terminate_backend rounds (backends)', 44)}${faults.terminateRounds} (${faults.backendsTerminated})`);
    lines.push(`${pad(`PostgreSQL stopped for ${PG_STOP_S} s`, 44)}${faults.pgStopSkipped ? `skipped: ${faults.pgStopSkipped}` : faults.pgStops}`);
    lines.push(
      `${pad(`read replica stopped for ${PG_STOP_S} s`, 44)}${db.replica ? `${faults.replicaStops} (${replicaReadsAsked} reads asked meanwhile)` : "skipped: FAULTS_DATABASE_URL (no replica of the suite's own)"}`,
    );
    lines.push(`${pad('Stripe webhook deliveries (events)', 44)}${state.webhookDeliveries} (${state.webhookEvents.size})`);
    lines.push(`${pad('purchases paid by the suite', 44)}${state.paidPurchases.size}`);
    lines.push(`${pad('payouts requested', 44)}${state.payouts.size}`);
    lines.push(`${pad('Stripe refund events', 44)}${state.refundEvents}`);
    lines.push(`${pad('chat confirmations confirmed', 44)}${state.chatConfirmations}`);
    lines.push(`${pad('sign-ups with a referral code tried', 44)}${state.referredSignUps.size}`);
    if (state.signInFailures) lines.push(`${pad('sign-ins that failed', 44)}${state.signInFailures}`);
    lines.push('');
    lines.push(`${pad('invariant check', 70)}violations`);
    for (const r of results) lines.push(`${pad(r.name, 70)}${r.violations.length}`);
    lines.push('');
    for (const r of results.filter((x) => x.violations.length)) {
      lines.push(`VIOLATED: ${r.name}`);
      for (const v of r.violations.slice(0, 10)) lines.push(`  ${v.id}: ${v.detail}`);
      if (r.violations.length > 10) lines.push(`  … and ${r.violations.length - 10} more`);
    }
    if (faults.notes.length) lines.push('notes:', ...faults.notes.map((n) => `  ${n}`));
    const codes = [...state.tally.codes].sort((a, b) => b[1] - a[1]).slice(0, 12);
    if (codes.length) lines.push('answers other than ok (top 12):', ...codes.map(([k, n]) => `  ${padL(n, 5)}  ${k}`));
    lines.push('', `setup: ${FAULT_SETUP.grantGoints} goodwill Goints per provider, ${FAULT_SETUP.seekerEarningsCents / 100} € earnings per seeker`);
    lines.push(`fault suite: ${passed} passed, ${failed} failed`);
    process.stdout.write(`${lines.join('\n')}\n`);
    if (process.env.FAULTS_JSON) {
      fs.writeFileSync(
        process.env.FAULTS_JSON,
        JSON.stringify({ passed, failed, checks: results, operations: Object.fromEntries(state.tally.ops), faults, restarts, failedStarts }, null, 2),
      );
    }
    await cleanup();
    return failed > 0 ? 1 : 0;
  } catch (e) {
    say(`the suite could not run: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    if (process.env.FAULTS_JSON) fs.writeFileSync(process.env.FAULTS_JSON, JSON.stringify({ passed: 0, failed: 1, error: String(e) }));
    await cleanup();
    return 1;
  }
}

process.exit(await main());
