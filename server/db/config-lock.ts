// Serialises the writes of one admin configuration (the follow-up script's versions, the commission plan):
// a transaction-scoped advisory lock taken first in the writing transaction, released at its commit or
// rollback. The second of two admins saving at once waits, then reads the first one's row: no duplicate
// first draft, and a change pinned to the version the admin saw is refused when another was saved meanwhile.
import type { DbTx } from '../db.ts';

export type ConfigLockKey = 'followUpScript' | 'commissionPlan';

export async function lockConfig(tx: DbTx, key: ConfigLockKey): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`akut.config.${key}`}, 0))`;
}
