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

export interface OwnCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = pgBinDir()!;
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const file = path.join(bin, cmd);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
    else execFileSync(file, args, { stdio: 'pipe' });
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-pg-'));
  if (asRoot) {
    const uid = postgresUid()!;
    fs.chownSync(dir, uid, uid);
  }
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
