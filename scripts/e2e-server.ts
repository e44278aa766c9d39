// Starts akut for the browser tests: a fresh database (a temporary PGlite folder, or a new database on
// DATABASE_URL), an admin with TOTP already enrolled and admins still to enrol, then the built app as a child
// process whose log it reads: the mails' links (account links exist only in the log) go to E2E_MAIL_LINKS for
// the specs, and the lines at LOG_LEVEL (default warn) and above are passed on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase, type DatabaseTarget } from '../server/db.ts';
import { createOrPromoteAdmin } from '../server/domain/users/create-or-promote-admin.ts';
import { enableTotp } from '../tests/factories/two-factor.ts';
import { OUTBOX_LOG_MESSAGE } from '../server/integrations/mail/mailer.ts';
import {
  E2E_ADMIN,
  E2E_ADMIN_BACKUP_CODES,
  E2E_ADMIN_2,
  E2E_AUTH_SECRET,
  E2E_CLAIMS_DIR,
  E2E_ENROL_ADMIN,
  E2E_MAIL_LINKS,
  E2E_PAID_PROVIDER,
  E2E_PAID_PROVIDERS,
  E2E_PASSWORD,
  E2E_PORT,
  E2E_URL,
} from '../tests/e2e/e2e-env.ts';
import { createUser } from '../tests/factories/users.ts';
import { grantGoints, traderDetailsFor } from '../tests/factories/marketplace.ts';
import { upsertProviderProfile } from '../server/domain/providers/upsert-provider-profile.ts';
import { upsertTraderDetails } from '../server/domain/providers/trader-details.ts';
import { inTransaction } from '../server/db/tx.ts';
import { postTransaction } from '../server/domain/ledger/post-transaction.ts';
import { account } from '../server/domain/ledger/accounts.ts';
import { goints, WELCOME_BONUS_GOINTS } from '../core/money/money.ts';
import { understanding } from '../server/ai/understanding/models.ts';

const root = path.resolve(import.meta.dirname, '..');
// The client and the server render of the public pages (dist/.ssr, decision 037) come from one `vite build`.
if (!fs.existsSync(path.join(root, 'dist/index.html')) || !fs.existsSync(path.join(root, 'dist/.ssr/entry-server.js'))) {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The chat's intent models are trained on first use and kept on disk (server/ai/understanding/models.ts). On a fresh
// checkout or a changed corpus that first use was the run's first chat turn: about 13 s of training at a load of 7
// (beyond 30 s on a busier machine) inside the request, with the app's event loop blocked for every other test
// meanwhile, and a chat test timed out waiting for its reply. Trained here, like the build above, the app reads them.
understanding();

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
await enableTotp(db.prisma, {
  userId: admin.userId,
  email: E2E_ADMIN.email,
  authSecret: E2E_AUTH_SECRET,
  rawSecret: E2E_ADMIN.totpRawSecret,
  backupCodes: E2E_ADMIN_BACKUP_CODES,
});
const admin2 = await createOrPromoteAdmin(db.prisma, { email: E2E_ADMIN_2.email, password: E2E_PASSWORD, name: 'E2E Admin Zwei' });
await enableTotp(db.prisma, {
  userId: admin2.userId,
  email: E2E_ADMIN_2.email,
  authSecret: E2E_AUTH_SECRET,
  rawSecret: E2E_ADMIN_2.totpRawSecret,
  backupCodes: E2E_ADMIN_BACKUP_CODES,
});
for (const lang of ['de', 'en']) await createOrPromoteAdmin(db.prisma, { email: E2E_ENROL_ADMIN(lang), password: E2E_PASSWORD, name: `Enrol ${lang}` });
// Providers with paid Goints and their welcome bonus already used up, so every unlock they make is paid
// (the specs set their profile to the area they need; until then they match nothing).
for (const lang of ['de', 'en']) {
  for (let i = 0; i < E2E_PAID_PROVIDERS; i++) {
    const user = await createUser(db.prisma, {
      email: E2E_PAID_PROVIDER(lang, i),
      password: E2E_PASSWORD,
      role: 'provider',
      name: 'Erika Anbieterin',
      locale: lang as 'de' | 'en',
    });
    await upsertProviderProfile(db.prisma, user.id, {
      firmenname: `Elektro Bezahlt ${lang} ${i + 1}`,
      categories: ['handwerk'],
      postcode: '18055',
      radiusKm: 5,
      description: 'Elektroinstallationen, Reparaturen und Notdienst.',
      phone: '0381 555 0199',
      email: user.email,
    });
    await upsertTraderDetails(db.prisma, user.id, traderDetailsFor(`Elektro Bezahlt ${lang} ${i + 1}`, { postcode: '18055', city: 'Rostock' }));
    await grantGoints(db.prisma, user.id, 100_000, `e2e-paid:${user.id}`, { paid: true });
    await inTransaction(db.prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `e2e-bonus-used:${user.id}`,
        kind: 'test_setup',
        reference: user.id,
        lines: [
          { account: account.walletPromo(user.id), amount: -goints(WELCOME_BONUS_GOINTS) },
          { account: account.promotion(), amount: goints(WELCOME_BONUS_GOINTS) },
        ],
      }),
    );
  }
}
await db.close();

Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  APP_URL: E2E_URL,
  AUTH_SECRET: E2E_AUTH_SECRET,
  // Required with DATABASE_URL (the server refuses to start without it); harmless on PGlite.
  PAYOUT_ENCRYPTION_KEY: process.env.PAYOUT_ENCRYPTION_KEY || 'e2e-payout-key-e2e-payout-key-e2e-payout-key',
  SECURE_COOKIES: 'false',
  RATE_LIMIT_AUTH: '10000',
  RATE_LIMIT_CHAT: '10000',
  // The browser tests buy Goints through the test checkout, which production turns off unless asked.
  TEST_CHECKOUT: 'on',
  // The payout journeys pay to bank accounts (SEPA file) and PayPal by hand, which production offers only where
  // the operator declares own-account payouts (decision 081): the test operator does.
  OWN_ACCOUNT_PAYOUTS: 'on',
  RATE_LIMIT_CONTACT: '10000',
  RATE_LIMIT_EXPORT: '10000',
});
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const shownFrom = LEVELS[process.env.LOG_LEVEL ?? 'warn'] ?? 40;
fs.writeFileSync(E2E_MAIL_LINKS, '');
fs.rmSync(E2E_CLAIMS_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_CLAIMS_DIR, { recursive: true });
const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts')], {
  cwd: root,
  env: { ...process.env, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
readline.createInterface({ input: child.stdout! }).on('line', (line) => {
  let entry: { level?: number; msg?: string; to?: string; template?: string; url?: string };
  try {
    entry = JSON.parse(line);
  } catch {
    return void process.stdout.write(line + '\n');
  }
  if (entry.msg === OUTBOX_LOG_MESSAGE && entry.url)
    fs.appendFileSync(E2E_MAIL_LINKS, JSON.stringify({ to: entry.to, template: entry.template, url: entry.url }) + '\n');
  if ((entry.level ?? 0) >= shownFrom) process.stdout.write(line + '\n');
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void cleanup().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
