// Which server a read goes to when a read replica is configured (decision 079). Pure: the rule, and the
// signed mark of a person's last write that carries it from one app instance to the next.
import crypto from 'node:crypto';

/**
 * A request header by which the client asks for a read that sees every commit so far: its refetch after a live
 * event about somebody else's write (a new match), which a lagging replica may not have yet. It gives nothing a
 * client could not get by writing; it only moves reads to the primary.
 */
export const FRESH_READ_HEADER = 'x-akut-fresh';

/** The cookie with the time of the browser's last write, signed: `<ms since epoch>.<HMAC>`. */
export const READ_AFTER_WRITE_COOKIE = 'akut_rw';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that may write: its reads stay on the primary, and it marks the caller as a recent writer. */
export function isWriteMethod(method: string): boolean {
  return !READ_METHODS.has(method.toUpperCase());
}

/**
 * Whether a read that may be a moment old goes to the replica: only when there is one, the request itself
 * does not write, and the caller did not write within the window. A mark from up to one window ahead
 * (another instance's clock) still counts; a mark further ahead cannot be signed by anyone but the server.
 */
export function readsFromReplica(input: {
  hasReplica: boolean;
  method: string;
  lastWriteAt: number | null;
  now: number;
  windowMs: number;
  /** The client asked for a fresh read (FRESH_READ_HEADER). */
  fresh?: boolean;
}): boolean {
  if (!input.hasReplica || input.fresh || isWriteMethod(input.method)) return false;
  if (input.lastWriteAt === null) return true;
  return Math.abs(input.now - input.lastWriteAt) >= input.windowMs;
}

// A key of its own, derived from AUTH_SECRET: the session's signature and this one never share a key.
function keyOf(secret: string): Buffer {
  return crypto.createHash('sha256').update(`akut read-after-write\0${secret}`).digest();
}

function signatureOf(at: string, secret: string): string {
  return crypto.createHmac('sha256', keyOf(secret)).update(at).digest('base64url');
}

export function signWriteMark(at: number, secret: string): string {
  const text = String(Math.trunc(at));
  return `${text}.${signatureOf(text, secret)}`;
}

/** The time in a mark signed with this secret; null for anything else. */
export function readWriteMark(value: string | undefined, secret: string): number | null {
  if (!value) return null;
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const expected = Buffer.from(signatureOf(m[1]!, secret));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return Number(m[1]);
}

/** The mark in a Cookie header, if it carries a valid one. */
export function writeMarkFromCookies(header: string | undefined, secret: string): number | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === READ_AFTER_WRITE_COOKIE) return readWriteMark(part.slice(eq + 1).trim(), secret);
  }
  return null;
}
