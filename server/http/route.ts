// Every HTTP endpoint is declared once with defineRoute: method, path, who may call it, zod schemas
// for input and output, and a thin handler that calls a domain command. The same declarations build
// the Express routers and the OpenAPI document, so the authorization matrix cannot drift from the code.
import express, { type Request, type Response, type Router, type NextFunction } from 'express';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { langFromRequest, translator, type Lang } from '../i18n.ts';
import { requireAccess, type Access, type AuthContext } from '../auth/guards.ts';
import type { AppDeps } from '../deps.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteContext<B, Q, P> {
  req: Request;
  res: Response;
  deps: AppDeps;
  auth: AuthContext;
  body: B;
  query: Q;
  params: P;
  lang: Lang;
  t: TFunction;
}

export interface RouteDef<B = unknown, Q = unknown, P = unknown, R = unknown> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Response body schema; omit for streaming or non-JSON responses and describe them in responseDescription. */
  response?: z.ZodType<R>;
  responseDescription?: string;
  responseContentType?: string;
  /** A binary upload: the body arrives unparsed (req.body is a Buffer) for these content types, up to limit bytes. */
  rawBody?: { types: readonly string[]; limit: number; description: string };
  /** Rate-limit bucket applied before the handler. */
  rateLimit?: 'auth' | 'chat' | 'public' | 'contact' | 'export';
  /** When the handler writes the response itself (streams, files), it returns undefined and sets raw. */
  raw?: boolean;
  status?: number;
  handler: (ctx: RouteContext<B, Q, P>) => Promise<R | void> | R | void;
}

// Each route keeps its own input types; the registry holds routes of different input types in one list,
// and handler parameters are contravariant, so the list's element type erases them.
export type AnyRoute = RouteDef<any, any, any, any>;

export function defineRoute<B = undefined, Q = undefined, P = undefined, R = unknown>(def: RouteDef<B, Q, P, R>): RouteDef<B, Q, P, R> {
  return def;
}

function parseOrThrow<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', {
      fields: result.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), code: i.code, message: i.message })),
    });
  }
  return result.data;
}

export function mountRoutes(
  router: Router,
  routes: AnyRoute[],
  deps: AppDeps,
  limiters: Record<string, (req: Request, res: Response, next: NextFunction) => void>,
) {
  for (const route of routes) {
    const middlewares = route.rateLimit ? [limiters[route.rateLimit]!] : [];
    if (route.rawBody) middlewares.push(express.raw({ type: [...route.rawBody.types], limit: route.rawBody.limit }));
    router[route.method](route.path, ...middlewares, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const auth = await requireAccess(deps, req, route.access);
        const lang = langFromRequest(req);
        const ctx: RouteContext<unknown, unknown, unknown> = {
          req,
          res,
          deps,
          auth,
          lang,
          t: translator(lang),
          body: parseOrThrow(route.body, req.body, 'body'),
          query: parseOrThrow(route.query, req.query, 'query'),
          params: parseOrThrow(route.params, req.params, 'params'),
        };
        const result = await route.handler(ctx);
        if (route.raw) return;
        res.status(route.status ?? 200).json(result ?? { ok: true });
      } catch (e) {
        next(e);
      }
    });
  }
}
