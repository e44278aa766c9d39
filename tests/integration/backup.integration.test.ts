// npm run db:backup / db:restore: a backup taken, the database wiped, the backup restored, and everything is
// back with the ledger's invariants holding. The embedded database (with its generated secrets) always; the
// PostgreSQL path (pg_dump / pg_restore) with the PostgreSQL suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db.ts';
import { recordAudit } from '../../server/domain/admin/audit.ts';
import { createUser } from '../factories/users.ts';
import { grantGoints } from '../factories/marketplace.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { freshDatabaseTarget, onPostgres } from '../helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs the npm script's command as a person would (npm run db:backup / db:restore). */
function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'scripts/db-backup.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function fill(db: Database) {
  const prisma = db.prisma;
  const users = [await createUser(prisma, { role: 'seeker' }), await createUser(prisma, { role: 'provider' })];
  await grantGoints(prisma, users[1]!.id, 150, undefined, { paid: true });
  await grantGoints(prisma, users[0]!.id, 50);
  await recordAudit(prisma, { actorId: null, action: 'test.backup', entityType: 'test', after: { n: 1 } });
  return users;
}

async function snapshot(db: Database) {
  const prisma = db.prisma;
  return {
    users: await prisma.user.count(),
    transactions: await prisma.ledgerTransaction.count(),
    entries: await prisma.ledgerEntry.count(),
    balances: (await prisma.ledgerAccount.findMany({ orderBy: { id: 'asc' }, select: { id: true, balance: true } })).map((a) => `${a.id}:${a.balance}`),
    audit: await prisma.auditLog.count(),
  };
}

describe('embedded database backup', () => {
  const dataDir = path.join(tmp, 'data');
  const file = path.join(tmp, 'backups', 'embedded.json');

  it('backs up, refuses while the app holds the folder, and restores after a wipe with secrets and ledger intact', async () => {
    let db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    await fill(db);
    const before = await snapshot(db);
    fs.writeFileSync(path.join(dataDir, 'auth-secret'), 'secret-of-this-install-0123456789abcdef');
    fs.writeFileSync(path.join(dataDir, 'payout-key'), 'ab'.repeat(32));

    // While the database is open (the app runs), the backup is refused and nothing is written.
    const refused = cli(['backup', file], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/in use|läuft|lock|pid/i);
    expect(fs.existsSync(file)).toBe(false);
    await db.close();

    const done = cli(['backup', file], { DATA_DIR: dataDir });
    expect(done.status, done.out).toBe(0);
    expect(fs.statSync(file).mode & 0o077).toBe(0);

    // Without --force nothing is replaced.
    expect(cli(['restore', file], { DATA_DIR: dataDir }).status).toBe(1);

    fs.rmSync(dataDir, { recursive: true, force: true });
    const restored = cli(['restore', file, '--force'], { DATA_DIR: dataDir });
    expect(restored.status, restored.out).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8')).toBe('secret-of-this-install-0123456789abcdef');
    expect(fs.readFileSync(path.join(dataDir, 'payout-key'), 'utf8')).toBe('ab'.repeat(32));

    db = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'pglite') });
    try {
      expect(await snapshot(db)).toEqual(before);
      await expectLedgerConsistent(db.prisma);
    } finally {
      await db.close();
    }

    // Restoring over an existing database keeps the old one aside.
    const again = cli(['restore', file, '--force'], { DATA_DIR: dataDir });
    expect(again.status, again.out).toBe(0);
    expect(fs.readdirSync(dataDir).some((n) => n.startsWith('pglite.before-restore-'))).toBe(true);
  }, 120_000);
});

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

describe.runIf(onPostgres && hasPgDump)('PostgreSQL backup (pg_dump / pg_restore)', () => {
  it('restores a wiped database from the dump with the ledger intact', async () => {
    const fresh = await freshDatabaseTarget();
    const url = (fresh.target as { url: string }).url;
    const file = path.join(tmp, 'backups', 'pg.dump');
    try {
      let db = await openDatabase(fresh.target);
      await fill(db);
      const before = await snapshot(db);
      await db.close();

      const done = cli(['backup', file], { DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(40), PAYOUT_ENCRYPTION_KEY: 'ab'.repeat(32) });
      expect(done.status, done.out).toBe(0);

      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query('DROP SCHEMA public CASCADE');
      await c.query('CREATE SCHEMA public');
      await c.end();

      const restored = cli(['restore', file, '--force'], { DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(40), PAYOUT_ENCRYPTION_KEY: 'ab'.repeat(32) });
      expect(restored.status, restored.out).toBe(0);
      db = await openDatabase(fresh.target, { migrate: false });
      try {
        expect(await snapshot(db)).toEqual(before);
        await expectLedgerConsistent(db.prisma);
        // The audit log stays append-only after a restore (its trigger came back with it).
        await expect(db.prisma.auditLog.deleteMany({})).rejects.toThrow(/append-only/);
      } finally {
        await db.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
