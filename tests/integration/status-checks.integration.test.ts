// Statuses are a closed vocabulary (issue 22, decision 086): the database's CHECK constraints hold exactly the
// lists of core/statuses.ts, and a value outside them is refused by the database itself. On PGlite, and on
// PostgreSQL with the PostgreSQL suite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db.ts';
import { STATUS_COLUMNS } from '../../core/statuses.ts';
import { createUser } from '../factories/users.ts';
import { freshDatabaseTarget } from '../helpers/test-db.ts';

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabaseTarget();
  drop = fresh.drop;
  db = await openDatabase(fresh.target, { migrate: true });
});

afterAll(async () => {
  await db?.close();
  await drop?.();
});

/** The values a column's CHECK constraint allows, read back from the database. */
async function allowed(table: string, column: string): Promise<string[] | null> {
  const rows = await db.prisma.$queryRawUnsafe<{ def: string }[]>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE t.relname = $1 AND c.contype = 'c' AND c.conname = $2`,
    table,
    `${table}_${column}_check`,
  );
  if (rows.length === 0) return null;
  return [...rows[0]!.def.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
}

describe('status columns', () => {
  const columns = Object.entries(STATUS_COLUMNS).flatMap(([table, cols]) =>
    Object.entries(cols).map(([column, values]): [string, string, readonly string[]] => [table, column, values]),
  );

  it.each(columns)('%s.%s takes exactly the values of core/statuses.ts', async (table, column, values) => {
    expect(await allowed(table, column)).toEqual([...values]);
  });

  it('refuses a value outside the vocabulary', async () => {
    const seeker = await createUser(db.prisma, { role: 'seeker' });
    const write = (status: string) =>
      db.prisma.request.create({ data: { userId: seeker.id, kategorie: 'handwerk', beschreibung: 'Fliesen legen im Bad', status } });
    await expect(write('offen')).rejects.toThrow(/Request_status_check|check constraint/i);
    const ok = await write('draft');
    expect(ok.status).toBe('draft');
    await expect(db.prisma.request.update({ where: { id: ok.id }, data: { status: 'storniert' } })).rejects.toThrow(/Request_status_check|check constraint/i);
  });
});
