// Who brought a person in, up to ten levels (level 1 = the person's own referrer), read with one recursive
// query over user.referredById (decision 024: no stored ancestor list to keep in step).
import type { Db, DbTx } from '../../db.ts';

export const MAX_LEVELS = 10;

export interface UplineEntry {
  partnerId: string;
  level: number;
}

export async function getUpline(db: Db | DbTx, userId: string, depth = MAX_LEVELS): Promise<UplineEntry[]> {
  const rows = await db.$queryRaw<{ id: string; level: number }[]>`
    WITH RECURSIVE up(id, level) AS (
      SELECT "referredById", 1 FROM "user" WHERE id = ${userId} AND "referredById" IS NOT NULL
      UNION ALL
      SELECT u."referredById", up.level + 1 FROM up JOIN "user" u ON u.id = up.id
      WHERE u."referredById" IS NOT NULL AND up.level < ${depth}
    )
    SELECT id, level::int AS level FROM up ORDER BY level`;
  return rows.map((r) => ({ partnerId: r.id, level: Number(r.level) }));
}
