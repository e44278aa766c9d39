// Who brought a person in, up to ten levels (level 1 = the person's own referrer), read with one recursive
// query over user.referredById (decision 024: no stored ancestor list to keep in step).
import type { Db, DbTx } from '../../db.ts';

export const MAX_LEVELS = 10;

export interface UplineEntry {
  partnerId: string;
  level: number;
  /** The partner deleted the account (decision 046): the level stays counted but earns nothing. */
  deleted: boolean;
}

export async function getUpline(db: Db | DbTx, userId: string, depth = MAX_LEVELS): Promise<UplineEntry[]> {
  const rows = await db.$queryRaw<{ id: string; level: number; deleted: boolean }[]>`
    WITH RECURSIVE up(id, level) AS (
      SELECT "referredById", 1 FROM "user" WHERE id = ${userId} AND "referredById" IS NOT NULL
      UNION ALL
      SELECT u."referredById", up.level + 1 FROM up JOIN "user" u ON u.id = up.id
      WHERE u."referredById" IS NOT NULL AND up.level < ${depth}
    )
    SELECT up.id, up.level::int AS level, (u."deletedAt" IS NOT NULL) AS deleted FROM up JOIN "user" u ON u.id = up.id ORDER BY up.level`;
  return rows.map((r) => ({ partnerId: r.id, level: Number(r.level), deleted: r.deleted === true }));
}
