// Tells a database that is away for a moment (stopped, restarting, failing over, connections cut) from
// every other error, however the pg driver, Prisma or its driver adapter report it. app.ts turns such an
// error into 503 SERVICE_UNAVAILABLE with Retry-After instead of 500.

// Node socket errors, PostgreSQL's admin_shutdown / crash_shutdown / cannot_connect_now / too_many_connections,
// and Prisma's can't reach / timed out / server closed the connection / pool timeout.
const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
// The driver adapter's names for the same (see @prisma/adapter-pg's convertDriverError).
const KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// The pg driver's own errors without a code.
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)|terminating connection due to administrator command|Can't reach database server|Server has closed the connection/i;

export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 6) return false;
  const err = e as {
    code?: unknown;
    errorCode?: unknown;
    originalCode?: unknown;
    kind?: unknown;
    message?: unknown;
    meta?: { code?: unknown; driverAdapterError?: unknown };
    cause?: unknown;
    errors?: unknown;
  };
  for (const code of [err.code, err.errorCode, err.originalCode, err.meta?.code]) {
    // Class 08: connection exceptions.
    if (typeof code === 'string' && (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  }
  if (typeof err.kind === 'string' && KINDS.has(err.kind)) return true;
  if (typeof err.message === 'string' && MESSAGES.test(err.message)) return true;
  // AggregateError (a failed connect to every address of a host name).
  if (Array.isArray(err.errors) && err.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(err.meta?.driverAdapterError, depth + 1) || isDatabaseUnavailable(err.cause, depth + 1);
}

/** Seconds a client should wait before trying again during an outage (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;
