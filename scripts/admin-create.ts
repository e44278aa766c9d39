// npm run admin:create -- <email> [--password <password>] [--name <name>]
// Creates an admin or promotes an existing user. There is no shared admin password anywhere: each admin
// has their own account and must enrol TOTP two-factor at the first sign-in before seeing admin data.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db.ts';
import { exitOnStartupError } from '../server/startup-error.ts';
import { createOrPromoteAdmin } from '../server/domain/users/create-or-promote-admin.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' }, name: { type: 'string' } } });
const email = positionals[0];
if (!email) {
  console.error('usage: npm run admin:create -- <email> [--password <password>] [--name <name>]');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config.database).catch(exitOnStartupError);
try {
  const r = await createOrPromoteAdmin(db.prisma, { email, password: values.password ?? process.env.ADMIN_PASSWORD, name: values.name });
  console.log(r.created ? `Created admin ${r.email}.` : `${r.email} is now an admin.`);
  if (r.generatedPassword) console.log(`Generated password (shown once): ${r.generatedPassword}`);
  if (!r.twoFactorEnabled) console.log(`Sign in at ${config.appUrl}/auth and set up two-factor (TOTP) on ${config.appUrl}/admin before admin data is shown.`);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
} finally {
  await db.close();
}
