// Read-your-writes with a read replica (decision 079). A request that may write marks the browser with a signed
// cookie holding the time its response began; for READ_AFTER_WRITE_MS after it, that person's reads stay on the
// primary, on whichever instance they land. Reads of anybody else that may be a moment old go to the replica.
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { AppDeps } from '../deps.ts';
import type { Db } from '../db.ts';
import { FRESH_READ_HEADER, READ_AFTER_WRITE_COOKIE, isWriteMethod, readsFromReplica, signWriteMark, writeMarkFromCookies } from '../db/read-routing.ts';

/** Runs a read that may be a moment old: on the replica when the rule allows, else on the primary. */
export type Reader = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/** The reader for this request. Without a replica (or its secret) every read is the primary's, as before. */
export function readerFor(deps: Pick<AppDeps, 'db' | 'config'>, req: Pick<IncomingMessage, 'method' | 'headers'>): Reader {
  const { reads } = deps.db;
  const secret = deps.config.authSecret;
  const useReplica =
    reads.hasReplica &&
    secret !== undefined &&
    readsFromReplica({
      hasReplica: true,
      method: req.method ?? 'GET',
      lastWriteAt: writeMarkFromCookies(req.headers.cookie, secret),
      now: Date.now(),
      windowMs: deps.config.readAfterWriteMs,
      fresh: req.headers[FRESH_READ_HEADER] === '1',
    });
  return (fn) => reads.run(useReplica, fn);
}

/**
 * Marks a request that may write. The time is taken when the response's headers go out, after the handler's
 * commit for a JSON answer; a streamed answer (a chat turn) counts from its start. Only with a replica.
 */
export function markWrites(deps: Pick<AppDeps, 'db' | 'config'>): RequestHandler | null {
  const secret = deps.config.authSecret;
  const windowMs = deps.config.readAfterWriteMs;
  if (!deps.db.reads.hasReplica || !secret || windowMs === 0) return null;
  return (req, res, next) => {
    if (isWriteMethod(req.method))
      onHeaders(res, () => {
        res.cookie(READ_AFTER_WRITE_COOKIE, signWriteMark(Date.now(), secret), {
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.config.secureCookies,
          path: '/',
          maxAge: windowMs,
        });
      });
    next();
  };
}
