// The PostgreSQL server the fault suite runs against: a throw-away cluster of its own (initdb + pg_ctl, so
// it may be stopped and started), or, with FAULTS_DATABASE_URL, a fresh database on a server the suite does
// not own (then it never stops that server). Only 127.0.0.1.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface FaultDatabase {
  /** The app's database. */
  url: string;
  /** A superuser connection to the same server (terminating backends, checks). */
  adminUrl: string;
  /** Whether the suite may stop and start the server (only its own cluster). */
  canStop: boolean;
  label: string;
  stop(): void;
  start(): void;
  /** A streaming read replica of the server (own cluster only; decision 079): the app's DATABASE_READ_URL. */
  replica?: { url: string; stop(): void; start(): void };
  cleanup(): Promise<void>;
}

function pgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error(`no PostgreSQL under ${root} (Debian: apt-get install -y postgresql), or set FAULTS_DATABASE_URL`);
  return path.join(root, versions[0], 'bin');
}

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
function asPostgres(cmd: string, args: string[]): { cmd: string; args: string[] } {
  return process.getuid?.() === 0 ? { cmd: 'runuser', args: ['-u', 'postgres', '--', cmd, ...args] } : { cmd, args };
}

function run(cmd: string, args: string[], what: string) {
  const c = asPostgres(cmd, args);
  const r = spawnSync(c.cmd, c.args, { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.stdout}`);
}

export async function ownCluster(port: number, replicaPort?: number): Promise<FaultDatabase> {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  const replicaData = path.join(dir, 'replica');
  let running = false;
  let replicaRunning = false;
  // A hot standby needs max_connections at least the primary's.
  const pgctlStart = (d: string, p: number, logFile: string) =>
    run(
      path.join(bin, 'pg_ctl'),
      ['-D', d, '-l', logFile, '-w', '-t', '60', '-o', `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start'],
      'pg_ctl start',
    );
  const db: FaultDatabase = {
    url: `postgresql://postgres@127.0.0.1:${port}/akut_faults`,
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    canStop: true,
    label: `own cluster (${path.basename(path.dirname(bin))}, port ${port}, ${dir})`,
    start() {
      pgctlStart(data, port, log);
      running = true;
    },
    stop() {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], 'pg_ctl stop');
      running = false;
    },
    async cleanup() {
      if (replicaRunning) {
        const c = asPostgres(path.join(bin, 'pg_ctl'), ['-D', replicaData, '-m', 'immediate', '-w', 'stop']);
        spawnSync(c.cmd, c.args, { timeout: 60_000 });
        replicaRunning = false;
      }
      if (running) {
        const c = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
        spawnSync(c.cmd, c.args, { timeout: 60_000 });
        running = false;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], 'initdb');
    db.start();
    const c = new pg.Client({ connectionString: db.adminUrl });
    await c.connect();
    await c.query('CREATE DATABASE akut_faults');
    await c.end();
    if (replicaPort) {
      // initdb's defaults stream: wal_level replica, wal senders, replication from loopback.
      run(
        path.join(bin, 'pg_basebackup'),
        ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', replicaData, '-X', 'stream', '-R', '--checkpoint=fast', '--no-sync'],
        'pg_basebackup',
      );
      const replicaLog = path.join(dir, 'replica.log');
      db.replica = {
        url: `postgresql://postgres@127.0.0.1:${replicaPort}/akut_faults`,
        start() {
          pgctlStart(replicaData, replicaPort, replicaLog);
          replicaRunning = true;
        },
        stop() {
          run(path.join(bin, 'pg_ctl'), ['-D', replicaData, '-m', 'fast', '-w', '-t', '60', 'stop'], 'pg_ctl stop (replica)');
          replicaRunning = false;
        },
      };
      db.replica.start();
      db.label += `, streaming replica on port ${replicaPort}`;
    }
  } catch (e) {
    await db.cleanup();
    throw e;
  }
  return db;
}

/** A fresh database on a server the suite does not own (FAULTS_DATABASE_URL): never stopped, dropped at the end. */
export async function foreignServer(serverUrl: string): Promise<FaultDatabase> {
  const host = new URL(serverUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') throw new Error(`the fault suite only runs against 127.0.0.1, not ${host}`);
  const name = `akut_faults_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    adminUrl: serverUrl,
    canStop: false,
    label: `FAULTS_DATABASE_URL (${u.host}, database ${name}; not stopped)`,
    start() {},
    stop() {
      throw new Error('the suite does not stop a server it does not own');
    },
    async cleanup() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
