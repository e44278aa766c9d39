// A throw-away PostgreSQL cluster of a test's own (initdb into a temporary folder, its own port), so a test
// can stop and start PostgreSQL without touching the shared server. As root the binaries run as the
// postgres user; otherwise as the caller.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function pgBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin/pg_ctl'))) return path.join(base, v, 'bin');
  return null;
}

function postgresUid(): number | null {
  try {
    return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
}

/** Whether this machine can run a cluster of a test's own. */
export function canRunOwnCluster(): boolean {
  const bin = pgBinDir();
  if (!bin) return false;
  return process.getuid?.() !== 0 || postgresUid() !== null;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary of this machine, as the postgres user when the tests run as root. */
function pgRunner(): (cmd: string, args: string[]) => void {
  const bin = pgBinDir()!;
  const asRoot = process.getuid?.() === 0;
  return (cmd, args) => {
    const file = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
}

/** A temporary folder the postgres user owns (when the tests run as root). */
function postgresTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const uid = postgresUid()!;
    fs.chownSync(dir, uid, uid);
  }
  return dir;
}

export interface OwnCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const run = pgRunner();
  const dir = postgresTempDir('akut-pg-');
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => run('pg_ctl', ['-D', data, '-w', '-t', '60', '-m', 'fast', 'stop']);
  start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Holds the standby's replay (its data stop moving while WAL still arrives): replication lag at will. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the standby has replayed everything the primary wrote so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stopReplica(): void;
  destroy(): void;
}

/**
 * A primary and a streaming hot standby of a test's own (decision 079): initdb, then pg_basebackup -R from the
 * primary, as docs/deploy.md does it with containers. Both on free ports, in one temporary folder.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const run = pgRunner();
  const dir = postgresTempDir('akut-pg-pair-');
  const primaryData = path.join(dir, 'primary');
  const replicaData = path.join(dir, 'replica');
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const opts = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgctl = (data: string, port: number, action: 'start' | 'stop') =>
    action === 'start'
      ? run('pg_ctl', ['-D', data, '-l', `${data}.log`, '-w', '-t', '60', '-o', opts(port), 'start'])
      : run('pg_ctl', ['-D', data, '-w', '-t', '60', '-m', 'fast', 'stop']);
  // initdb's defaults are what streaming needs: wal_level replica, max_wal_senders 10, replication allowed
  // from loopback (trust here).
  run('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  pgctl(primaryData, primaryPort, 'start');
  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaData,
    '-X',
    'stream',
    '-R',
    '--checkpoint=fast',
    '--no-sync',
  ]);
  pgctl(replicaData, replicaPort, 'start');
  const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgresql://postgres@127.0.0.1:${replicaPort}/postgres`;
  const on = async <T>(url: string, sql: string): Promise<T[]> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql)).rows as T[];
    } finally {
      await c.end();
    }
  };
  let replicaRunning = true;
  return {
    primaryUrl,
    replicaUrl,
    async pauseReplay() {
      await on(replicaUrl, 'SELECT pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await on(replicaUrl, 'SELECT pg_wal_replay_resume()');
    },
    async caughtUp(timeoutMs = 60_000) {
      const lsn = (await on<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_lsn()::text AS lsn'))[0]!.lsn;
      const end = Date.now() + timeoutMs;
      for (;;) {
        const done = (await on<{ done: boolean }>(replicaUrl, `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`))[0]!.done;
        if (done) return;
        if (Date.now() > end) throw new Error(`the standby did not replay up to ${lsn} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stopReplica() {
      if (!replicaRunning) return;
      pgctl(replicaData, replicaPort, 'stop');
      replicaRunning = false;
    },
    destroy() {
      for (const data of replicaRunning ? [replicaData, primaryData] : [primaryData]) {
        try {
          pgctl(data, 0, 'stop');
        } catch {
          // already stopped
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
