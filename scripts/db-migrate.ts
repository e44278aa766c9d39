// npm run db:migrate: applies committed migrations to DATABASE_URL or the embedded database in DATA_DIR.
// The app does this itself at start; this script is for deployments that migrate before starting.
import { loadConfig } from '../server/config.ts';
import { openAdapterFactory } from '../server/db.ts';
import { applyMigrations } from '../server/db/migrate.ts';
import { exitOnStartupError } from '../server/startup-error.ts';

const config = loadConfig();

const { factory, close } = await openAdapterFactory(config.database).catch(exitOnStartupError);
try {
  const applied = await applyMigrations(factory);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
} finally {
  await close();
}
