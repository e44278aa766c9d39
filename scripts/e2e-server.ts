// Starts akut for the browser tests: a fresh database (a temporary PGlite folder, or a new database on
// DATABASE_URL), an admin with TOTP already enrolled and admins still to enrol, then the built app.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../server/db.ts';
import { createOrPromoteAdmin } from '../server/domain/users/create-or-promote-admin.ts';
import { enableTotp } from '../tests/factories/two-factor.ts';
import { E2E_ADMIN, E2E_AUTH_SECRET, E2E_ENROL_ADMIN, E2E_PASSWORD, E2E_PORT, E2E_URL } from '../tests/e2e/e2e-env.ts';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'dist/index.html'))) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

let target: DatabaseTarget;
let cleanup = async () => {};
if (process.env.DATABASE_URL) {
  const name = `akut_e2e_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  process.env.DATABASE_URL = u.toString();
  target = { kind: 'postgres', url: u.toString() };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-e2e-'));
  process.env.DATA_DIR = dir;
  target = { kind: 'pglite', dir: path.join(dir, 'pglite') };
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

const db = await openDatabase(target);
const admin = await createOrPromoteAdmin(db.prisma, { email: E2E_ADMIN.email, password: E2E_PASSWORD, name: 'E2E Admin' });
await enableTotp(db.prisma, { userId: admin.userId, email: E2E_ADMIN.email, authSecret: E2E_AUTH_SECRET, rawSecret: E2E_ADMIN.totpRawSecret });
for (const lang of ['de', 'en']) await createOrPromoteAdmin(db.prisma, { email: E2E_ENROL_ADMIN(lang), password: E2E_PASSWORD, name: `Enrol ${lang}` });
await db.close();

Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  APP_URL: E2E_URL,
  AUTH_SECRET: E2E_AUTH_SECRET,
  SECURE_COOKIES: 'false',
  RATE_LIMIT_AUTH: '10000',
  RATE_LIMIT_CHAT: '10000',
  RATE_LIMIT_CONTACT: '10000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
process.on('exit', () => void cleanup());
await import('../server/main.ts');
