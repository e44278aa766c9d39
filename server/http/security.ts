// Security baseline: headers, rate limits, CSRF defence for cookie-authenticated writes, request ids and logs.
import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../../core/errors.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Database } from '../db.ts';
import { SharedCounterStore } from '../db/rate-limit-store.ts';

/**
 * What the pages may use of the browser's powerful features: clipboard writing, sharing, full screen and sound
 * for the app itself, nothing else (no camera, microphone, location, payment or sensors), for us and for any
 * frame. Only feature names Chromium knows: an unknown one is a console error in every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=(self)',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

export function securityHeaders(config: Config, dev: boolean) {
  // HSTS and upgrade-insecure-requests only when the app is served over https: on a plain-http APP_URL (a
  // local run, a test behind no proxy) they would send the browser to an https port nobody listens on.
  const https = config.appUrl.startsWith('https://');
  const helmetHeaders = helmet({
    // Vite's dev server injects inline scripts for hot reload; production serves only our own files.
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: true,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'media-src': ["'self'", 'data:', 'blob:'],
            'connect-src': ["'self'", config.appUrl.replace(/^http/, 'ws')],
            'frame-ancestors': ["'none'"],
            'form-action': ["'self'"],
            'upgrade-insecure-requests': https ? [] : null,
          },
        },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    helmetHeaders(req, res, next);
  };
}

/**
 * Rate limiters by bucket; keyed per IP (and per chat session for chat, see server/chat/turn.ts). With
 * PostgreSQL the counters live in the database, so N allowed means N across all instances; the embedded
 * database (one process) counts in memory.
 */
export function createLimiters(config: Config, db?: Pick<Database, 'pools'>) {
  const make = (bucket: string, limit: number) =>
    rateLimit({
      windowMs: config.rateLimit.windowMs,
      limit,
      ...(db?.pools ? { store: new SharedCounterStore(db.pools.counters, { bucket, limit, windowMs: config.rateLimit.windowMs }) } : {}),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new AppError('RATE_LIMITED')),
    });
  return {
    auth: make('auth', config.rateLimit.auth),
    chat: make('chat', config.rateLimit.chat),
    public: make('public', config.rateLimit.chat * 2),
    contact: make('contact', config.rateLimit.contact),
    export: make('export', config.rateLimit.export),
  };
}

/** Whether a parsed JSON value holds a string with U+0000 anywhere (keys included). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * Refuses U+0000 in the URL (path and query) and in a parsed JSON body with 400 INVALID_CHARACTERS: PostgreSQL
 * cannot store it in text, so it would otherwise fail deep inside a command as a 500. Raw bodies (uploads,
 * signed webhooks) are bytes, not text, and pass.
 */
/** The body parser's error for a body that is not UTF-8 (mapped to INVALID_ENCODING by the app's error handler). */
export const MALFORMED_UTF8 = 'entity.utf8.invalid';

/** express.json's verify: a body that is not UTF-8 is refused before it is decoded (and its bytes replaced). */
export function refuseMalformedUtf8(_req: unknown, _res: unknown, buf: Buffer): void {
  // A plain error: the body parser sets status and type on it (an AppError's status cannot be set).
  if (!isUtf8(buf)) throw Object.assign(new Error('request body is not UTF-8'), { status: 400, type: MALFORMED_UTF8 });
}

export function refuseNulCharacters() {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (/%00|\u0000/i.test(req.originalUrl) || holdsNul(req.body)) return next(new AppError('INVALID_CHARACTERS'));
    next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes: a browser request that carries cookies must come from
 * one of our own origins (Sec-Fetch-Site same-origin, or an Origin we trust). Requests without cookies
 * carry no ambient authority and pass. See docs/decisions/005-csrf-by-origin.md.
 */
export function csrfProtection(config: Config) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!req.headers.cookie) return next();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    if (origin) {
      if (config.trustedOrigins.includes(origin)) return next();
      return next(new AppError('CSRF_REJECTED'));
    }
    if (site === 'same-origin' || site === 'none') return next();
    return next(new AppError('CSRF_REJECTED'));
  };
}

export function requestLogger(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].slice(0, 64)) || crypto.randomUUID();
    res.setHeader('x-request-id', id);
    const started = process.hrtime.bigint();
    const log = logger.child({ reqId: id });
    res.locals.log = log;
    res.on('finish', () => {
      if (!req.path.startsWith('/api') && res.statusCode < 400) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 };
      if (res.statusCode >= 500) log.error(entry, 'request');
      else log.info(entry, 'request');
    });
    next();
  };
}
