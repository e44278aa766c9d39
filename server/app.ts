// Builds the Express app without listening; main.ts and the tests use it.
import fs from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import compression from 'compression';
import { toNodeHandler } from 'better-auth/node';
import { AppError, isAppError } from './errors.ts';
import { langFromRequest, translator } from './i18n.ts';
import type { AppDeps } from './deps.ts';
import { createLimiters, csrfProtection, requestLogger, securityHeaders } from './http/security.ts';
import { mountRoutes } from './http/route.ts';
import { allRoutes } from './http/routes.ts';
import { isAppPath } from '../src/app/route-table.ts';

export interface AppOptions {
  /** Serve the built client from this folder (production). */
  clientDir?: string;
  /** Development: Vite middlewares in front of the SPA fallback. */
  viteMiddlewares?: express.RequestHandler;
  /** Development: renders index.html through Vite. */
  renderIndex?: (url: string) => Promise<string>;
}

const AUTH_LIMITED = /^\/api\/auth\/(sign-in|sign-up|forget-password|request-password-reset|reset-password|two-factor\/verify|send-verification-email)/;

function compressible(req: Request, res: Response): boolean {
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

export function createApp(deps: AppDeps, opts: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const limiters = createLimiters(deps.config);

  app.use(requestLogger(deps.logger));
  app.use(securityHeaders(deps.config, Boolean(opts.viteMiddlewares)));
  // Brotli or gzip for HTML, JS, CSS and JSON (decision 027). Server-sent events (the chat stream) stay
  // uncompressed, so every chunk reaches the browser when it is written.
  app.use(compression({ filter: compressible }));

  // better-auth reads its own body: mount it before express.json().
  const authHandler = toNodeHandler(deps.auth);
  app.all('/api/auth/{*splat}', (req, res, next) => (AUTH_LIMITED.test(req.path) ? limiters.auth(req, res, next) : next()), csrfProtection(deps.config), (req, res, next) => {
    authHandler(req, res).catch(next);
  });

  // Routes that read their body raw (uploads, signed webhooks) skip the JSON parser.
  const json = express.json({ limit: '64kb' });
  const rawPaths = new Set(allRoutes.filter((r) => r.rawBody).map((r) => r.path));
  app.use('/api', (req, res, next) => (rawPaths.has(req.originalUrl.split('?')[0]!) ? next() : json(req, res, next)), csrfProtection(deps.config));
  const api = express.Router();
  mountRoutes(api, allRoutes, deps, limiters);
  app.use(api);
  app.use('/api', (_req, _res, next) => next(new AppError('NOT_FOUND')));

  if (opts.viteMiddlewares) app.use(opts.viteMiddlewares);
  const indexFile = opts.clientDir ? path.join(opts.clientDir, 'index.html') : null;
  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    app.use(express.static(opts.clientDir, { index: false, maxAge: '1h', setHeaders: (res, file) => file.includes('/assets/') && res.setHeader('Cache-Control', 'public, max-age=31536000, immutable') }));
  }
  // Every other path is the single-page app. A path the client router does not know (src/app/route-table.ts)
  // is answered 404 with the same page, whose router then shows the not-found page.
  app.get('/{*splat}', async (req, res, next) => {
    try {
      const status = isAppPath(req.path) ? 200 : 404;
      if (opts.renderIndex) return void res.status(status).type('html').send(await opts.renderIndex(req.originalUrl));
      if (indexFile && fs.existsSync(indexFile)) return void res.status(status).type('html').setHeader('Cache-Control', 'no-cache').send(await fs.promises.readFile(indexFile, 'utf8'));
      res.status(503).type('text').send('Client not built: run `npm run build` or `npm start`.');
    } catch (e) {
      next(e);
    }
  });

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const lang = langFromRequest(req);
    const t = translator(lang);
    let e: AppError;
    if (isAppError(err)) e = err;
    else if (err?.type === 'entity.too.large') e = new AppError('PAYLOAD_TOO_LARGE');
    else if (err?.type === 'entity.parse.failed') e = new AppError('BAD_REQUEST');
    else {
      (res.locals.log ?? deps.logger).error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), path: req.path }, 'unhandled error');
      e = new AppError('INTERNAL');
    }
    if (res.headersSent) return void res.end();
    res.status(e.status).json({
      error: {
        code: e.code,
        message: t(`errors:${e.code}`, e.params ?? {}),
        ...(e.fields ? { fields: e.fields.map((f) => ({ ...f, message: t(`errors:field.${f.code}`, { defaultValue: f.message }) })) } : {}),
      },
    });
  };
  app.use(onError);
  return app;
}
