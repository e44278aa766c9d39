// The health check's database probe: one trivial query, bounded in time, so /api/health answers during an outage.
import type { Db } from '../db.ts';
import type { Logger } from '../logger.ts';

const HEALTH_DB_TIMEOUT_MS = 3_000;

/** Whether the database answers a trivial query within a few seconds (for /api/health). */
export async function databaseAnswers(prisma: Db, logger: Pick<Logger, 'warn'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), HEALTH_DB_TIMEOUT_MS);
  });
  try {
    const query = prisma.$queryRaw`SELECT 1`.then(
      () => true,
      (err: unknown) => {
        logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'health: database check failed');
        return false;
      },
    );
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
