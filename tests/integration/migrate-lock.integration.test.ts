// Migrations take PostgreSQL's advisory lock of the schema engine. It must be released when they are done:
// a lock left on a pooled connection (taken on one connection, 'released' on another) kept a second app
// instance from starting on the same database ('Timed out trying to acquire a postgres advisory lock').
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db.ts';
import { freshDatabaseTarget, onPostgres } from '../helpers/test-db.ts';

describe.runIf(onPostgres)('migrations on PostgreSQL', () => {
  it('leave no advisory lock behind, so a second instance starts on the same database while the first runs', async () => {
    const { target, drop } = await freshDatabaseTarget();
    const first = await openDatabase(target);
    try {
      const held = await first.prisma.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = current_database()`,
      );
      expect(Number(held[0]!.n)).toBe(0);
      const second = await openDatabase(target);
      await second.close();
    } finally {
      await first.close();
      await drop();
    }
  });
});
