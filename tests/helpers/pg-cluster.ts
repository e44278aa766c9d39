// A throw-away PostgreSQL cluster of the test's own (initdb into a temp folder), for tests that stop or
// restart the database: the shared server of DATABASE_URL is never stopped. Uses the Debian/PGDG binaries
// (/usr/lib/postgresql/<version>/bin); as root the server runs as the postgres user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions.at(-1)!, 'bin') : null;
}

export const canRunOwnCluster = binDir() !== null && (process.getuid?.() !== 0 || spawnSync('id', ['-u', 'postgres']).status === 0);

/** A port free at this moment on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface OwnCluster {
  url: string;
  port: number;
  start(): void;
  stop(): void;
  restart(): void;
  /** Stops the server (immediately) and removes its folder; safe to call twice. */
  destroy(): void;
}

export async function createOwnCluster(): Promise<OwnCluster> {
  const bin = binDir();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const r = spawnSync(file, argv as string[], { encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let destroyed = false;
  const cluster: OwnCluster = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']),
    restart() {
      cluster.stop();
      cluster.start();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // not running
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
  } catch (e) {
    cluster.destroy();
    throw e;
  }
  return cluster;
}
