// Wrong passwords per account (issue 24: 40 wrong passwords for one account from 40 addresses were all answered,
// the per-IP limit never saw more than one from each). A sign-in attempt for an e-mail address first reserves
// its turn: the first FREE_ATTEMPTS attempts of a series go through at once; after them each further attempt waits
// a delay that doubles (1 s, 2 s, 4 s, …) up to MAX_DELAY_MS, whatever the client's address. During the wait every
// attempt for the address, the right password too, is answered 429 with Retry-After without checking it, so the
// wait cannot be probed. A sign-in with the right password clears the series; an hour without an attempt too.
// The wait never exceeds a minute: an attacker can slow the owner down, never lock them out. The owner is told
// by mail when a series reaches the delays (once per series). Unknown addresses are counted the same way, so the
// answers tell nothing about which addresses have accounts (decision 076).
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Db, DbTx } from '../db.ts';
import { inTransaction } from '../db/tx.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../../core/errors.ts';
import { normalizeLang } from '../i18n.ts';
import { appLink } from '../domain/notifications/notify.ts';

export const SIGN_IN_PATH = '/api/auth/sign-in/email';

/** Attempts of a series answered at once. */
export const FREE_ATTEMPTS = 5;
/** The first delay, after the last free attempt; it doubles with each further attempt. */
export const BASE_DELAY_MS = 1000;
/** The longest wait between two attempts for one address. */
export const MAX_DELAY_MS = 60_000;
/** A series ends after this long without an attempt. */
export const SERIES_GAP_MS = 60 * 60_000;

/** The wait after the n-th attempt of a series. */
export function delayAfter(attempt: number): number {
  if (attempt < FREE_ATTEMPTS) return 0;
  return Math.min(BASE_DELAY_MS * 2 ** (attempt - FREE_ATTEMPTS), MAX_DELAY_MS);
}

/** The key of an address (its hash: the table keeps no address). */
export function throttleKey(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export type Reservation = { allowed: true; key: string; attempt: number } | { allowed: false; key: string; retryAfterMs: number };

interface Row {
  failures: number;
  nextAt: Date;
  lastAt: Date;
  notifiedAt: Date | null;
}

/**
 * Reserves a sign-in attempt for the address, counted as a failure until `settle` says otherwise (so a burst of
 * parallel attempts is counted as it comes, not after the answers). One row lock per address: attempts for one
 * address are decided one at a time, on every instance.
 */
export async function reserveSignIn(prisma: Db, email: string, now = new Date()): Promise<Reservation> {
  const key = throttleKey(email);
  return inTransaction(prisma, async (tx) => {
    await tx.$executeRaw`INSERT INTO "SignInThrottle" (key, failures, "nextAt", "lastAt") VALUES (${key}, 0, ${now}, ${now}) ON CONFLICT (key) DO NOTHING`;
    const [row] = await tx.$queryRaw<Row[]>`SELECT failures, "nextAt", "lastAt", "notifiedAt" FROM "SignInThrottle" WHERE key = ${key} FOR UPDATE`;
    if (!row) throw new Error('sign-in throttle row missing');
    const newSeries = now.getTime() - row.lastAt.getTime() > SERIES_GAP_MS;
    if (!newSeries && row.nextAt.getTime() > now.getTime()) return { allowed: false, key, retryAfterMs: row.nextAt.getTime() - now.getTime() };
    const attempt = (newSeries ? 0 : row.failures) + 1;
    await tx.signInThrottle.update({
      where: { key },
      data: { failures: attempt, nextAt: new Date(now.getTime() + delayAfter(attempt)), lastAt: now, ...(newSeries ? { notifiedAt: null } : {}) },
    });
    return { allowed: true, key, attempt };
  });
}

/**
 * After the answer: the right password ends the series; an attempt that did not check the password (refused
 * before it, a failure of ours) is given back; a wrong password stays counted. Answers whether the owner is to be
 * told now: the first wrong password of a series that brings the delays (once per series, on one instance).
 */
export async function settleSignIn(
  prisma: Db,
  reservation: { key: string; attempt: number },
  outcome: 'signed-in' | 'wrong-password' | 'not-checked',
  now = new Date(),
  /** Writes the owner's mail in the transaction that marks the series as told (decision 082). */
  tellOwner?: (tx: DbTx) => Promise<void>,
): Promise<{ notifyOwner: boolean }> {
  const { key, attempt } = reservation;
  if (outcome === 'signed-in') await prisma.signInThrottle.deleteMany({ where: { key } });
  else if (outcome === 'not-checked') await prisma.signInThrottle.updateMany({ where: { key, failures: { gt: 0 } }, data: { failures: { decrement: 1 } } });
  else if (attempt >= FREE_ATTEMPTS) {
    return inTransaction(prisma, async (tx) => {
      const told = await tx.signInThrottle.updateMany({ where: { key, notifiedAt: null }, data: { notifiedAt: now } });
      if (told.count === 1) await tellOwner?.(tx);
      return { notifyOwner: told.count === 1 };
    });
  }
  return { notifyOwner: false };
}

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'logger' | 'config'>;

/** The owner of the address, if it has an account, hears that wrong passwords were tried (the mail says what to do). */
function ownerMail(deps: Deps, email: string, series: { key: string; at: Date }) {
  return async (tx: DbTx) => {
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { email: true, name: true, locale: true, deletedAt: true } });
    if (!user || user.deletedAt) return;
    await deps.mailer.queue(tx, {
      key: `signInAttempts:${series.key}:${series.at.toISOString()}`,
      to: user.email,
      template: 'signInAttempts',
      lang: normalizeLang(user.locale),
      params: { name: user.name, url: appLink(deps, '/auth?view=forgot') },
    });
  };
}

/**
 * Express middleware before better-auth's POST /api/auth/sign-in/email (after the JSON body is parsed): reserves
 * the attempt, answers 429 RATE_LIMITED with Retry-After during a wait, and settles the attempt by the answer
 * (2xx: signed in; 401: wrong password; anything else: the password was not judged).
 */
export function throttleSignIn(deps: Deps) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || req.path !== SIGN_IN_PATH) return next();
    const body = req.body as Record<string, unknown> | undefined;
    const email = body && typeof body === 'object' && Object.hasOwn(body, 'email') && typeof body.email === 'string' ? body.email : '';
    // No address, or none an account can have: better-auth refuses it without checking a password.
    if (!email.trim() || email.length > 320) return next();
    reserveSignIn(deps.db.prisma, email).then((reservation) => {
      if (!reservation.allowed) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(reservation.retryAfterMs / 1000))));
        return next(new AppError('RATE_LIMITED'));
      }
      res.once('finish', () => {
        const outcome = res.statusCode < 300 ? 'signed-in' : res.statusCode === 401 ? 'wrong-password' : 'not-checked';
        const now = new Date();
        settleSignIn(deps.db.prisma, reservation, outcome, now, ownerMail(deps, email, { key: reservation.key, at: now }))
          .then(({ notifyOwner }) => (notifyOwner ? deps.mailer.flush() : undefined))
          .catch((err: unknown) => deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'sign-in throttle not settled'));
      });
      next();
    }, next);
  };
}
