// Every HTTP endpoint is declared once with defineRoute: method, path, who may call it, zod schemas
// for input and output, and a thin handler that calls a domain command. The same declarations build
// the Express routers and the OpenAPI document, so the authorization matrix cannot drift from the code.
import express, { type Request, type Response, type Router, type NextFunction } from 'express';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import { MAX_INPUT_NUMBER } from '../domain/input-bounds.ts';
import { langFromRequest, translator, type Lang } from '../i18n.ts';
import { requireAccess, type Access, type AuthContext, type SessionUser } from '../auth/guards.ts';
import type { AppDeps } from '../deps.ts';
import { readerFor, type Reader } from './read-after-write.ts';
import { contract } from '../../core/contract/index.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who is asking, as the route's access rule leaves it: a signed-in person for every rule but 'public'. */
export type SignedInAuth = Omit<AuthContext, 'user'> & { user: SessionUser };
export type AuthFor<A extends Access> = A extends 'public' ? AuthContext : SignedInAuth;

export interface RouteContext<B, Q, P, A extends Access = Access> {
  req: Request;
  res: Response;
  deps: AppDeps;
  /** Checked by mountRoutes before the handler runs (requireAccess): non-null unless the route is public. */
  auth: AuthFor<A>;
  body: B;
  query: Q;
  params: P;
  lang: Lang;
  t: TFunction;
  /**
   * For reads that may be a moment old (feeds, public pages, lists): the read replica when one is configured and
   * the caller has not written lately, else the primary (decision 079). Everything else uses deps.db.prisma.
   */
  read: Reader;
}

export interface RouteDef<B = unknown, Q = unknown, P = unknown, R = unknown, A extends Access = Access> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  access: A;
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
  handler: (ctx: RouteContext<B, Q, P, A>) => Promise<R | void> | R | void;
}

// Each route keeps its own input types; the registry holds routes of different input types in one list,
// and handler parameters are contravariant, so the list's element type erases them.
export type AnyRoute = RouteDef<any, any, any, any, any>;

/** A route; its access rule types the handler's caller (auth.user is non-null for every rule but 'public'). */
export function defineRoute<B = undefined, Q = undefined, P = undefined, R = unknown, const A extends Access = Access>(
  def: RouteDef<B, Q, P, R, A>,
): RouteDef<B, Q, P, R, A> {
  return def;
}

// Every numeric input declares a bound within ±MAX_INPUT_NUMBER (PostgreSQL's integer); mountRoutes refuses a
// route that does not (issue 24, decision 072).
export { MAX_INPUT_NUMBER };

type JsonSchemaNode = {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode | JsonSchemaNode[];
  prefixItems?: JsonSchemaNode[];
  additionalProperties?: JsonSchemaNode | boolean;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
};

export interface NumericInput {
  /** 'body.marketplace.maxUnlocks', 'params.number', 'body.levelsBp.0' */
  path: string;
  integer: boolean;
  min: number | undefined;
  max: number | undefined;
}

/** Every number a route reads from its path, query and body, with the bounds its schema declares. */
export function numericInputs(route: AnyRoute): NumericInput[] {
  const out: NumericInput[] = [];
  const walk = (node: JsonSchemaNode | boolean | undefined, path: string) => {
    if (!node || typeof node !== 'object') return;
    const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
    if (types.includes('integer') || types.includes('number')) {
      out.push({
        path,
        integer: types.includes('integer'),
        min: node.minimum ?? node.exclusiveMinimum,
        max: node.maximum ?? node.exclusiveMaximum,
      });
    }
    for (const [name, child] of Object.entries(node.properties ?? {})) walk(child, `${path}.${name}`);
    if (Array.isArray(node.items)) node.items.forEach((child, i) => walk(child, `${path}.${i}`));
    else walk(node.items, `${path}.0`);
    node.prefixItems?.forEach((child, i) => walk(child, `${path}.${i}`));
    walk(node.additionalProperties, `${path}.*`);
    for (const list of [node.anyOf, node.oneOf, node.allOf]) for (const child of list ?? []) walk(child, path);
  };
  for (const where of ['params', 'query', 'body'] as const) {
    const schema = route[where];
    if (schema) walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode, where);
  }
  return out;
}

/** The numeric inputs of a route without a declared bound inside ±MAX_INPUT_NUMBER (zod's int() alone allows 2^53). */
export function unboundedNumericInputs(route: AnyRoute): string[] {
  return numericInputs(route)
    .filter((n) => n.max === undefined || n.max > MAX_INPUT_NUMBER || n.min === undefined || n.min < -MAX_INPUT_NUMBER)
    .map((n) => `${route.method.toUpperCase()} ${route.path} ${n.path}`);
}

type Issue = { path: string; code: string; message: string };

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string, issues: Issue[]): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) {
    for (const i of result.error.issues) issues.push({ path: [where, ...i.path.map(String)].join('.'), code: i.code, message: i.message });
    return undefined as T;
  }
  return result.data;
}

// The response schemas of the typed contract's endpoints (core/contract, decision 084).
const contractResponses = new Set<z.ZodType>(
  Object.values(contract).flatMap((area) => Object.values(area as Record<string, { response?: z.ZodType }>).flatMap((e) => (e.response ? [e.response] : []))),
);

/** An answer of a contract endpoint that its response schema refuses: a bug of the door, found in development and tests. */
export class ContractAnswerError extends Error {
  constructor(route: AnyRoute, issues: z.core.$ZodIssue[]) {
    super(`${route.method.toUpperCase()} ${route.path}: the answer does not match its schema: ${JSON.stringify(issues)}`);
    this.name = 'ContractAnswerError';
  }
}

/**
 * Outside production, every answer of a contract endpoint is parsed against its response schema before it is sent
 * (the client checks it again in development and tests), so a door that drifts from the contract fails its
 * integration tests, POSTs included, and not only the screen's.
 */
export function checkContractAnswer(route: AnyRoute, result: unknown): void {
  if (!route.response || !contractResponses.has(route.response)) return;
  const checked = route.response.safeParse(result ?? { ok: true });
  if (!checked.success) throw new ContractAnswerError(route, checked.error.issues);
}

export function mountRoutes(
  router: Router,
  routes: AnyRoute[],
  deps: AppDeps,
  limiters: Record<string, (req: Request, res: Response, next: NextFunction) => void>,
) {
  const unbounded = routes.flatMap(unboundedNumericInputs);
  if (unbounded.length > 0) throw new Error(`numeric inputs without a bound within ±${MAX_INPUT_NUMBER}: ${unbounded.join(', ')}`);
  const checkAnswers = deps.config.env !== 'production';
  for (const route of routes) {
    const middlewares = route.rateLimit ? [limiters[route.rateLimit]!] : [];
    if (route.rawBody) middlewares.push(express.raw({ type: [...route.rawBody.types], limit: route.rawBody.limit }));
    router[route.method](route.path, ...middlewares, async (req: Request, res: Response, next: NextFunction) => {
      try {
        const auth = await requireAccess(deps, req, route.access);
        const lang = langFromRequest(req);
        // Path, query and body are checked together: the answer names every field in error at once.
        const issues: Issue[] = [];
        const params = parsePart(route.params, req.params, 'params', issues);
        const query = parsePart(route.query, req.query, 'query', issues);
        const body = parsePart(route.body, req.body, 'body', issues);
        if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { fields: issues });
        const ctx: RouteContext<unknown, unknown, unknown, Access> = {
          req,
          res,
          deps,
          auth,
          lang,
          t: translator(lang),
          body,
          query,
          params,
          read: readerFor(deps, req),
        };
        const result = await route.handler(ctx);
        if (route.raw) return;
        if (checkAnswers) checkContractAnswer(route, result);
        res.status(route.status ?? 200).json(result ?? { ok: true });
      } catch (e) {
        next(e);
      }
    });
  }
}
