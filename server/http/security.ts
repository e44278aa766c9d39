// Security baseline: headers, rate limits, CSRF defence for cookie-authenticated writes, request ids and logs.
import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { rateLimit } from 'express-rate-limit';
import { AppError } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';

export function securityHeaders(config: Config, dev: boolean) {
  return helmet({
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
            'upgrade-insecure-requests': config.isProduction ? [] : null,
          },
        },
    strictTransportSecurity: config.isProduction,
  });
}

/** Rate limiters by bucket; keyed per IP (and per chat session for chat, see server/http/chat.ts). */
export function createLimiters(config: Config) {
  const make = (limit: number) =>
    rateLimit({
      windowMs: config.rateLimit.windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) => next(new AppError('RATE_LIMITED')),
    });
  return {
    auth: make(config.rateLimit.auth),
    chat: make(config.rateLimit.chat),
    public: make(config.rateLimit.chat * 2),
    contact: make(config.rateLimit.contact),
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
