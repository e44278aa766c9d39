// A fresh, migrated database per test file: in-memory PGlite, or a new database on the PostgreSQL
// server named by DATABASE_URL (dropped again on close), so the same suite runs on both.
import crypto from 'node:crypto';
import pg from 'pg';
import type { DatabaseTarget } from '../../server/db.ts';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export async function freshDatabaseTarget(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { target: { kind: 'pglite', dir: null }, drop: async () => {} };
  const name = `akut_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: u.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
