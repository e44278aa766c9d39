// Statements on a hot path are prepared once per connection (decision 077): PostgreSQL parses and plans an
// unnamed statement on every call, which for the feed cost more than running it (0.9 ms planning against
// 0.3 ms execution). A statement that starts with PREPARED gets a name made from its text, so the pg driver
// prepares it on each connection's first use and afterwards only binds and executes it. Only marked
// statements: the texts of Prisma's own queries vary with list lengths, and every name costs memory on each
// connection. Behind PgBouncer this needs its support of protocol-level prepared statements (1.21 or later).
import crypto from 'node:crypto';

export const PREPARED = '/* prepared */';

/** The statement's name for the pg driver, or undefined for an unnamed (planned every time) statement. */
export function preparedName(sql: string): string | undefined {
  if (!sql.startsWith(PREPARED)) return undefined;
  return `akut_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
}
