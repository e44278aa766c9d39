// npm run db:migrate:create -- <name>
// Creates prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the committed
// migrations and prisma/schema.prisma, using an in-memory PGlite as the shadow database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { openAdapterFactory } from '../server/db.ts';
import { diffMigrationsToSchema, MIGRATIONS_DIR } from '../server/db/migrate.ts';

const name = (process.argv[2] ?? '')
  .trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_|_$/g, '');
if (!name) {
  console.error('usage: npm run db:migrate:create -- <name>');
  process.exit(2);
}
const { factory, close } = await openAdapterFactory({ kind: 'pglite', dir: null });
try {
  const sql = await diffMigrationsToSchema(factory);
  if (!sql.trim() || /^--\s*This is an empty migration/m.test(sql)) {
    console.log('The schema matches the migrations: nothing to create.');
  } else {
    const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'migration.sql'), sql);
    await fs.writeFile(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), '# Managed by scripts/db-migrate-create.ts\nprovider = "postgresql"\n');
    console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
  }
} finally {
  await close();
}
