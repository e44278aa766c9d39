// Applies and creates Prisma migrations through the schema engine's WASM build and a driver adapter,
// because the Prisma CLI's engine download cannot reach its host here (docs/decisions/002-...).
import fs from 'node:fs/promises';
import path from 'node:path';
import { SchemaEngine } from '@prisma/schema-engine-wasm';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SCHEMA_PATH = path.join(ROOT, 'prisma/schema.prisma');
export const MIGRATIONS_DIR = path.join(ROOT, 'prisma/migrations');

async function openEngine(factory: SqlMigrationAwareDriverAdapterFactory): Promise<SchemaEngine> {
  const schema = await fs.readFile(SCHEMA_PATH, 'utf8');
  const log = () => {};
  return SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, bindMigrationAwareSqlAdapterFactory(factory));
}

export async function readMigrations(dir = MIGRATIONS_DIR) {
  let names: string[] = [];
  try {
    names = (await fs.readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    names = [];
  }
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: await fs.readFile(path.join(dir, name, 'migration.sql'), 'utf8') },
      },
    })),
  );
  let lockContent: string | null = null;
  try {
    lockContent = await fs.readFile(path.join(dir, 'migration_lock.toml'), 'utf8');
  } catch {
    lockContent = null;
  }
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

const noFilter = { externalTables: [], externalEnums: [] };

/** Applies every committed migration not yet applied; records them in _prisma_migrations like the CLI. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openEngine(factory);
  try {
    const out = await engine.applyMigrations({ migrationsList: await readMigrations(), filters: noFilter });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** SQL that takes a database with the committed migrations to the current schema; empty when none is needed. */
export async function diffMigrationsToSchema(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const engine = await openEngine(factory);
  try {
    const schema = await fs.readFile(SCHEMA_PATH, 'utf8');
    const result = await engine.diff({
      from: { tag: 'migrations', ...(await readMigrations()) },
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: schema }] },
      script: true,
      exitCode: null,
      filters: noFilter,
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
