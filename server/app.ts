// Builds the Express app without listening; main.ts and the tests use it.
import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { toNodeHandler } from 'better-auth/node';
import { AppError, isAppError } from '../core/errors.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { answerOutages } from './auth/outage.ts';
import { langFromRequest, translator } from './i18n.ts';
import type { AppDeps } from './deps.ts';
import { createLimiters, csrfProtection, MALFORMED_UTF8, refuseMalformedUtf8, refuseNulCharacters, requestLogger, securityHeaders } from './http/security.ts';
import { mountRoutes } from './http/route.ts';
import { allRoutes } from './http/routes.ts';
import { referralCookie, referralRedirect } from './http/referral.ts';
import { authRequestContext } from './auth/signup-network.ts';
import { AUTH_LIMITED } from './auth/limited-paths.ts';
import { throttleSignIn } from './auth/sign-in-throttle.ts';
import { REDIRECT_PATHS, isAppPath, serverRenderedPattern } from '../core/pages/route-table.ts';
import { renderPage, type RenderFn } from './ssr/render-page.ts';
import { cachedPage, hasSessionCookie, pageCacheKey, type CachedPage, type PageCache } from './ssr/page-cache.ts';
import { seoRouter } from './http/seo.ts';
import { anonymousGreeting, type AnonymousGreeting } from './chat/session.ts';
import { markWrites, readerFor } from './http/read-after-write.ts';

export interface AppOptions {
  /** Serve the built client from this folder (production). */
  clientDir?: string;
  /** Development: Vite middlewares in front of the SPA fallback. */
  viteMiddlewares?: express.RequestHandler;
  /** Development: renders index.html through Vite. */
  renderIndex?: (url: string) => Promise<string>;
  /** The server render of the public pages (src/entry-server.tsx, decision 037); null: every page is the empty shell. */
  loadRenderer?: () => Promise<RenderFn | null>;
  /** Rendered public pages kept for a few seconds for anonymous visitors (decision 051); none: every view renders. */
  pageCache?: PageCache;
}

/** Thrown inside a render when there is no index.html to render into: answered 503 below. */
const CLIENT_NOT_BUILT = new Error('client not built');

/** The methods better-auth serves; anything else (TRACE, PUT, ...) would reach it and fail as a 500. */
const AUTH_METHODS = new Set(['GET', 'POST']);

function compressible(req: Request, res: Response): boolean {
  if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
  return compression.filter(req, res);
}

/**
 * Hashed build files are cached for a year; the service worker and its offline page are checked on every load,
 * so a new build reaches everybody (decision 036); the rest of dist/ for an hour.
 */
function staticCacheHeaders(res: ServerResponse, file: string): void {
  const name = path.basename(file);
  if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else if (name === 'sw.js' || name === 'offline.html' || name === 'offline.js' || name === 'manifest.webmanifest') res.setHeader('Cache-Control', 'no-cache');
}

/** A server-rendered page; the browser checks it on every load (its ETag answers 304 when nothing changed). */
function sendPage(res: Response, page: CachedPage): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Language');
  res.setHeader('ETag', page.etag);
  res.status(page.status).type('html').send(page.body);
}

export function createApp(deps: AppDeps, opts: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  const limiters = createLimiters(deps.config, deps.db);

  app.use(requestLogger(deps.logger));
  // With a read replica: a request that may write holds its caller's next reads on the primary (decision 079).
  const marker = markWrites(deps);
  if (marker) app.use(marker);
  app.use(securityHeaders(deps.config, Boolean(opts.viteMiddlewares)));
  // Brotli or gzip for HTML, JS, CSS and JSON (decision 027). Server-sent events (the chat stream) stay
  // uncompressed, so every chunk reaches the browser when it is written.
  app.use(compression({ filter: compressible }));

  // better-auth gets the JSON body parsed here (checked for NUL first; better-auth re-reads the parsed body).
  // Bytes that are not UTF-8 are refused (400 INVALID_ENCODING), not decoded to U+FFFD and stored ('K�ln'): issue 24.
  const json = express.json({ limit: '64kb', verify: refuseMalformedUtf8 });
  const authHandler = toNodeHandler(answerOutages((request) => deps.auth.handler(request)));
  app.all(
    '/api/auth/{*splat}',
    (req, res, next) => {
      if (AUTH_METHODS.has(req.method)) return next();
      res.setHeader('Allow', [...AUTH_METHODS].join(', '));
      next(new AppError('METHOD_NOT_ALLOWED'));
    },
    (req, res, next) => (AUTH_LIMITED.test(req.path) ? limiters.auth(req, res, next) : next()),
    csrfProtection(deps.config),
    json,
    refuseNulCharacters(),
    // Wrong passwords per account, whatever the address (issue 24, decision 076).
    throttleSignIn(deps),
    (req, res, next) => {
      // The client address reaches the sign-up hook (a keyed hash of its network is stored, never the address).
      authRequestContext.run({ ip: req.ip }, () => authHandler(req, res)).catch(next);
    },
  );

  // Routes that read their body raw (uploads, signed webhooks) skip the JSON parser.
  const rawPaths = new Set(allRoutes.filter((r) => r.rawBody).map((r) => r.path));
  app.use(
    '/api',
    (req, res, next) => (rawPaths.has(req.originalUrl.split('?')[0]!) ? next() : json(req, res, next)),
    refuseNulCharacters(),
    csrfProtection(deps.config),
  );
  const api = express.Router();
  mountRoutes(api, allRoutes, deps, limiters);
  app.use(api);
  app.use('/api', (_req, _res, next) => next(new AppError('NOT_FOUND')));

  // Partner links: /ref/{code} → /?ref={code}; a page visit with ?ref= sets the referral cookie.
  app.get('/ref/:code', referralRedirect);
  app.use(referralCookie(deps));

  // robots.txt and sitemap.xml (decision 037).
  app.use(seoRouter(deps));

  // A public page the page cache holds is answered before the static files are looked up (decision 051).
  const fromCache = (req: Request) =>
    opts.pageCache && (req.method === 'GET' || req.method === 'HEAD') && !hasSessionCookie(req.headers.cookie) && serverRenderedPattern(req.path)
      ? opts.pageCache
      : null;
  // The key is the language and the address; /search's HTML also holds the greeting of a new anonymous session
  // (decision 055), so its key also holds the greeting's stamp: a newly published follow-up script is never
  // answered from a render of the old one. Worked out once per request (res.locals).
  const cacheEntry = async (req: Request, res: Response): Promise<{ key: string; greeting?: AnonymousGreeting }> => {
    if (res.locals.pageCacheEntry) return res.locals.pageCacheEntry as { key: string; greeting?: AnonymousGreeting };
    const lang = langFromRequest(req);
    const greeting = serverRenderedPattern(req.path) === '/search' ? await anonymousGreeting(deps.db.prisma, lang, deps.logger) : undefined;
    const entry = { key: pageCacheKey(lang, req.originalUrl, greeting?.stamp), greeting };
    res.locals.pageCacheEntry = entry;
    return entry;
  };
  if (opts.pageCache && opts.loadRenderer && !opts.renderIndex)
    app.use((req, res, next) => {
      const cache = fromCache(req);
      if (!cache) return next();
      // A greeting that cannot be read (database gone) is left to the page's route, which answers the shell.
      cacheEntry(req, res).then(
        ({ key }) => {
          const hit = cache.peek(key);
          if (!hit) return next();
          hit.then((page) => sendPage(res, page), next);
        },
        () => next(),
      );
    });

  if (opts.viteMiddlewares) app.use(opts.viteMiddlewares);
  const indexFile = opts.clientDir ? path.join(opts.clientDir, 'index.html') : null;
  if (opts.clientDir && fs.existsSync(opts.clientDir)) {
    // The build's hashed scripts and styles come compressed from the build, in brotli and gzip (decision 057):
    // no compression work per request, and brotli's best level. Other files are compressed as they are sent.
    app.use(
      expressStaticGzip(opts.clientDir, {
        index: false,
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        serveStatic: { index: false, maxAge: '1h', setHeaders: staticCacheHeaders },
      }),
    );
  }
  // The specification's other addresses of pages the app has (/anbieter-dashboard?demo=true, ...): moved for
  // good, with the query kept.
  for (const [from, to] of Object.entries(REDIRECT_PATHS)) {
    app.get(from, (req, res) => {
      const q = req.originalUrl.indexOf('?');
      res.redirect(301, `${to}${q === -1 ? '' : req.originalUrl.slice(q)}`);
    });
  }

  // Every other path is the single-page app. A path the client router does not know (core/pages/route-table.ts)
  // is answered 404 with the same page, whose router then shows the not-found page.
  app.get('/{*splat}', async (req, res, next) => {
    try {
      const status = isAppPath(req.path) ? 200 : 404;
      const readTemplate = async (): Promise<string | null> => {
        if (opts.renderIndex) return opts.renderIndex(req.originalUrl);
        if (indexFile && fs.existsSync(indexFile)) return fs.promises.readFile(indexFile, 'utf8');
        return null;
      };
      // Public pages and the not-found page come rendered, in the language of ?lng or the browser (decision 037).
      const pattern = serverRenderedPattern(req.path);
      const render = (pattern || status === 404) && opts.loadRenderer ? await opts.loadRenderer() : null;
      if (render) {
        const lang = langFromRequest(req);
        const signedIn = hasSessionCookie(req.headers.cookie);
        const renderNow = async (greeting?: AnonymousGreeting): Promise<CachedPage> => {
          const template = await readTemplate();
          if (template === null) throw CLIENT_NOT_BUILT;
          const page = await renderPage(deps, render, template, {
            url: req.originalUrl,
            pathname: req.path,
            pattern,
            lang,
            signedIn,
            greeting,
            read: readerFor(deps, req),
          });
          return cachedPage(page.status, page.html);
        };
        try {
          // A public page answers visitors who are not signed in from the page cache (decision 051); a signed-in
          // person always gets a fresh render, so nobody sees their own change late.
          const cache = fromCache(req);
          // Without its key (the greeting could not be read) the page is rendered for this request only.
          const entry = cache ? await cacheEntry(req, res).catch(() => null) : null;
          if (!cache || !entry) return sendPage(res, await renderNow());
          return sendPage(res, await cache.get(entry.key, () => renderNow(entry.greeting)));
        } catch (e) {
          // The browser can still render the page from the shell; the failure is logged loudly.
          if (e !== CLIENT_NOT_BUILT)
            (res.locals.log ?? deps.logger).error(
              { err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e), path: req.path },
              'server render failed',
            );
        }
      }
      const template = await readTemplate();
      if (template === null) return void res.status(503).type('text').send('Client not built: run `npm run build` or `npm start`.');
      res.setHeader('Cache-Control', 'no-cache');
      if (render) res.setHeader('Vary', 'Accept-Language');
      res.status(status).type('html').send(template);
    } catch (e) {
      next(e);
    }
  });

  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const lang = langFromRequest(req);
    const t = translator(lang);
    let e: AppError;
    if (isAppError(err)) e = err.status >= 500 && isDatabaseUnavailable(err.cause) ? new AppError('SERVICE_UNAVAILABLE', { cause: err }) : err;
    else if (err?.type === 'entity.too.large') e = new AppError('PAYLOAD_TOO_LARGE');
    else if (err?.type === 'entity.parse.failed') e = new AppError('BAD_REQUEST');
    else if (err?.type === MALFORMED_UTF8) e = new AppError('INVALID_ENCODING');
    // A path whose percent-encoding does not decode ('%E0%A4%A'): the router's decode of a parameter, or ours.
    else if (err instanceof URIError || (err?.status === 400 && /decode/i.test(String(err?.message)))) e = new AppError('BAD_REQUEST');
    else if (isDatabaseUnavailable(err)) {
      (res.locals.log ?? deps.logger).warn({ err: err instanceof Error ? err.message : String(err), path: req.path }, 'database unavailable');
      e = new AppError('SERVICE_UNAVAILABLE');
    } else {
      (res.locals.log ?? deps.logger).error(
        { err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), path: req.path },
        'unhandled error',
      );
      e = new AppError('INTERNAL');
    }
    if (res.headersSent) return void res.end();
    if (e.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(e.status).json({
      error: {
        code: e.code,
        message: t(`errors:${e.code}`, e.params ?? {}),
        ...(e.fields ? { fields: e.fields.map((f) => ({ ...f, message: t(`errors:field.${f.code}`, { defaultValue: f.message }) })) } : {}),
        ...(e.details ? { details: e.details } : {}),
      },
    });
  };
  app.use(onError);
  return app;
}
