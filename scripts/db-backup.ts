// npm run db:backup [-- <file>] and npm run db:restore -- <file> [--force].
//
// Embedded database (no DATABASE_URL): the PGlite data folder is dumped with PGlite's own dumpDataDir (a
// gzipped tar of the cluster) into one JSON file together with the secrets generated into DATA_DIR
// (auth-secret, payout-key: without the payout key the IBANs at rest cannot be read again). The file is
// written readable by its owner only. Like the server, seed and admin:create, it takes the folder's lock, so
// it refuses while the app runs: stop the app first. Restoring moves the current data folder aside (never
// deletes it) and loads the dump into a fresh one.
//
// PostgreSQL (DATABASE_URL): pg_dump in its custom format, restored with pg_restore --clean --if-exists
// --single-transaction. Needs PostgreSQL's client programs (Debian: postgresql-client) of the server's major
// version or newer. See docs/deploy.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { loadConfig } from '../server/config.ts';
import { lockDataDir } from '../server/db/data-dir-lock.ts';

const SECRET_FILES = ['auth-secret', 'payout-key'] as const;

const embeddedBackupSchema = z.object({
  format: z.literal('akut-embedded-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  /** The PGlite data folder as dumpDataDir wrote it (gzipped tar), base64. */
  pgdata: z.string().min(1),
  /** Secrets generated into DATA_DIR, base64; a missing one is absent. */
  secrets: z.record(z.enum(SECRET_FILES), z.string()),
});

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

export class BackupError extends Error {}

/** Backs up the embedded database of DATA_DIR into `file`. */
export async function backupEmbedded(dataDir: string, file: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  if (!fs.existsSync(dir)) throw new BackupError(`There is no embedded database in ${dir}.`);
  const lock = lockDataDir(dir);
  try {
    const pg = await PGlite.create(dir);
    let tar: Blob;
    try {
      tar = await pg.dumpDataDir('gzip');
    } finally {
      await pg.close();
    }
    const secrets: Partial<Record<(typeof SECRET_FILES)[number], string>> = {};
    for (const name of SECRET_FILES) {
      const p = path.join(dataDir, name);
      if (fs.existsSync(p)) secrets[name] = fs.readFileSync(p).toString('base64');
    }
    const body = {
      format: 'akut-embedded-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      pgdata: Buffer.from(await tar.arrayBuffer()).toString('base64'),
      secrets,
    };
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(body), { mode: 0o600 });
  } finally {
    lock.release();
  }
}

/** Restores an embedded backup into DATA_DIR; the current database folder is moved aside, not deleted. */
export async function restoreEmbedded(dataDir: string, file: string): Promise<{ movedAside: string | null }> {
  const parsed = embeddedBackupSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new BackupError(`${file} is not a backup of akut's embedded database.`);
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dataDir, { recursive: true });
  let movedAside: string | null = null;
  if (fs.existsSync(dir)) {
    // The lock proves no app uses the folder; it is released before the folder moves.
    lockDataDir(dir).release();
    movedAside = `${dir}.before-restore-${timestamp()}`;
    fs.renameSync(dir, movedAside);
  }
  fs.mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir);
  try {
    const pg = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([Buffer.from(parsed.data.pgdata, 'base64')]) });
    await pg.query('SELECT 1');
    await pg.close();
  } finally {
    lock.release();
  }
  for (const [name, value] of Object.entries(parsed.data.secrets)) fs.writeFileSync(path.join(dataDir, name), Buffer.from(value, 'base64'), { mode: 0o600 });
  return { movedAside };
}

function run(cmd: string, args: string[]): void {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new BackupError(`${cmd} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`);
  if (r.status !== 0) throw new BackupError(`${cmd} failed with exit code ${r.status}.`);
}

export function backupPostgres(url: string, file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
  fs.chmodSync(file, 0o600);
}

export function restorePostgres(url: string, file: string): void {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${url}`, file]);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const fileArg = rest.find((a) => !a.startsWith('--'));
  const config = loadConfig();
  const onPostgres = config.database.kind === 'postgres';
  if (command === 'backup') {
    const file = fileArg ?? path.join('backups', `akut-${timestamp()}.${onPostgres ? 'dump' : 'json'}`);
    if (config.database.kind === 'postgres') backupPostgres(config.database.url, file);
    else await backupEmbedded(config.dataDir, file);
    console.log(`Backup written to ${file} (readable by you only; it holds personal data${onPostgres ? '' : ' and the generated secrets'}: keep it safe).`);
  } else if (command === 'restore') {
    if (!fileArg) throw new BackupError('Name the backup file: npm run db:restore -- <file> --force');
    if (!force) throw new BackupError('Restoring replaces the current database. Stop the app, then run it again with --force.');
    if (config.database.kind === 'postgres') {
      restorePostgres(config.database.url, fileArg);
      console.log(`Restored ${fileArg} into the PostgreSQL database.`);
    } else {
      const { movedAside } = await restoreEmbedded(config.dataDir, fileArg);
      console.log(`Restored ${fileArg} into ${path.join(config.dataDir, 'pglite')}${movedAside ? `; the previous database is kept in ${movedAside}` : ''}.`);
    }
  } else {
    throw new BackupError('Usage: npm run db:backup [-- <file>] | npm run db:restore -- <file> --force');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((e: unknown) => {
    console.error(e instanceof BackupError || (e as { name?: string }).name === 'StartupError' ? (e as Error).message : e);
    process.exit(1);
  });
}
