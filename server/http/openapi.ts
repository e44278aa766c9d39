// OpenAPI 3.1 document built from the route declarations (zod -> JSON Schema 2020-12) and better-auth's endpoints.
// x-roles lists who may call each endpoint; tests/integration/authz-matrix checks the server agrees, and
// tests/integration/openapi checks the document with strict OpenAPI 3.1 validators (decision 073).
import { z } from 'zod';
import { freshSessionMiddleware, sensitiveSessionMiddleware, sessionMiddleware } from 'better-auth/api';
import { describeAccess } from '../auth/guards.ts';
import { AUTH_LIMITED } from '../auth/limited-paths.ts';
import type { AnyRoute } from './route.ts';
import type { Auth } from '../auth/auth.ts';

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

type Json = Record<string, unknown>;

/**
 * A JSON Schema 2020-12 object as OpenAPI 3.1 takes it: no `$schema` of its own, and 3.0's `nullable: true`
 * (better-auth's response descriptions still use it) written as a type list or an anyOf with null.
 */
export function toOpenApi31(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi31);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) if (k !== '$schema' && k !== 'nullable') out[k] = toOpenApi31(v);
  if ((schema as Json).nullable === true) {
    const type = out.type;
    if (typeof type === 'string') out.type = [type, 'null'];
    else if (Array.isArray(type)) out.type = type.includes('null') ? type : [...type, 'null'];
    else return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return toOpenApi31(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })) as Json;
}

const errorRef = (ref: 'Error' | 'AuthError', description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

/** The error body of every akut route (server/app.ts, one place): a code, its translated message, the fields in error. */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'AppError code (server/errors.ts), e.g. VALIDATION_FAILED, RATE_LIMITED' },
        message: { type: 'string', description: 'The translated message for people, in the language of the request' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'code', 'message'],
            properties: {
              path: { type: 'string', description: "Where: 'body.email', 'query.page', 'params.number'" },
              code: { type: 'string', description: "zod's issue code (too_big, invalid_format, …) or a field rule's code" },
              message: { type: 'string' },
            },
          },
        },
      },
    },
  },
};

/** better-auth's own error body (akut's limiter and outage answers use ERROR_SCHEMA). */
const AUTH_ERROR_SCHEMA = {
  type: 'object',
  required: ['message'],
  properties: {
    code: { type: 'string', description: "better-auth's code, e.g. INVALID_EMAIL_OR_PASSWORD, EMAIL_NOT_VERIFIED, PASSWORD_TOO_WEAK" },
    message: { type: 'string' },
  },
};

/** The account and session shapes better-auth's responses refer to (#/components/schemas/User, …/Session). */
const USER_SCHEMA = {
  type: 'object',
  required: ['id', 'email', 'name', 'emailVerified', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string', format: 'email' },
    name: { type: 'string' },
    emailVerified: { type: 'boolean' },
    image: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    role: { type: 'string', enum: ['seeker', 'provider', 'admin'] },
    locale: { type: 'string', enum: ['de', 'en'] },
    twoFactorEnabled: { type: ['boolean', 'null'] },
  },
};
const SESSION_SCHEMA = {
  type: 'object',
  required: ['id', 'userId', 'expiresAt', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    token: { type: 'string' },
    expiresAt: { type: 'string', format: 'date-time' },
    ipAddress: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

interface AuthEndpoint {
  path?: string;
  options?: {
    method?: string | string[];
    body?: z.ZodType;
    query?: z.ZodType;
    use?: unknown[];
    metadata?: {
      SERVER_ONLY?: boolean;
      openapi?: { description?: string; requestBody?: { content?: Record<string, { schema?: unknown }> }; responses?: Record<string, unknown> };
    };
  };
}

const SESSION_GUARDS: readonly unknown[] = [sessionMiddleware, freshSessionMiddleware, sensitiveSessionMiddleware];

export interface AuthOperation {
  method: string;
  path: string;
  endpoint: AuthEndpoint;
}

/** better-auth's endpoints under /api/auth, one per method. */
export function authEndpoints(auth: Auth): AuthOperation[] {
  const out: AuthOperation[] = [];
  for (const endpoint of Object.values(auth.api) as AuthEndpoint[]) {
    if (!endpoint?.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = endpoint.options?.method ?? 'GET';
    for (const m of Array.isArray(methods) ? methods : [methods]) {
      if (m === '*') continue;
      out.push({ method: m.toLowerCase(), path: `/api/auth${endpoint.path}`, endpoint });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** One better-auth operation: its request schema (body or query), its answer and the error statuses akut gives. */
function authOperation(op: AuthOperation): Json {
  const options = op.endpoint.options ?? {};
  const openapi = options.metadata?.openapi;
  const needsSession = (options.use ?? []).some((u) => SESSION_GUARDS.includes(u));
  const signsIn = /\/(sign-in|two-factor\/verify)/.test(op.path);
  const parameters: Json[] = [];
  for (const name of op.path.matchAll(/:([A-Za-z0-9_]+)/g)) parameters.push({ name: name[1], in: 'path', required: true, schema: { type: 'string' } });
  if (options.query) {
    const js = jsonSchema(options.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, s] of Object.entries(js.properties ?? {}))
      parameters.push({ name, in: 'query', required: (js.required ?? []).includes(name), schema: s });
  }
  const bodySchema = openapi?.requestBody?.content?.['application/json']?.schema ?? (options.body ? jsonSchema(options.body, 'input') : undefined);
  const success = toOpenApi31(openapi?.responses?.['200'] ?? { description: 'OK' });
  const responses: Json = {
    '200': success,
    '400': errorRef('AuthError', 'Invalid input (VALIDATION_ERROR, PASSWORD_TOO_SHORT, PASSWORD_TOO_WEAK, INVALID_TOKEN, …)'),
    ...(needsSession || signsIn
      ? { '401': errorRef('AuthError', needsSession ? 'Not signed in, or the password or code is wrong' : 'Wrong e-mail address, password or code') }
      : {}),
    ...(signsIn
      ? {
          '403': errorRef('AuthError', 'E-mail address not confirmed (EMAIL_NOT_VERIFIED), account suspended (ACCOUNT_SUSPENDED) or deleted (ACCOUNT_DELETED)'),
        }
      : {}),
    ...(op.path === '/api/auth/sign-up/email' ? { '422': errorRef('AuthError', 'The e-mail address is taken or the input is refused') } : {}),
    ...(AUTH_LIMITED.test(op.path)
      ? { '429': errorRef('Error', 'Too many attempts (RATE_LIMITED), per address or per account; Retry-After says when to try again') }
      : {}),
    '503': errorRef('Error', 'The database is unavailable for a moment (SERVICE_UNAVAILABLE); Retry-After'),
  };
  const roles = needsSession ? 'user' : 'public';
  return {
    summary: openapi?.description ?? `better-auth endpoint ${op.path.replace('/api/auth', '')}`,
    tags: ['auth'],
    'x-roles': describeAccess(roles),
    'x-provided-by': 'better-auth',
    security: needsSession ? [{ sessionCookie: [] }] : [],
    ...(parameters.length ? { parameters } : {}),
    ...(bodySchema && op.method !== 'get'
      ? {
          requestBody: {
            required: !/^\/api\/auth\/(sign-out|revoke-(sessions|other-sessions))$/.test(op.path),
            content: { 'application/json': { schema: toOpenApi31(bodySchema) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApi(routes: AnyRoute[], auth: Auth) {
  const paths = new Map<string, Json>();
  const pathItem = (p: string) => {
    let item = paths.get(p);
    if (!item) paths.set(p, (item = {}));
    return item;
  };
  for (const r of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', r.query],
      ['path', r.params],
    ] as const) {
      if (!schema) continue;
      const js = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
      }
    }
    pathItem(toOpenApiPath(r.path))[r.method] = {
      summary: r.summary,
      tags: r.tags,
      'x-roles': describeAccess(r.access),
      security: r.access === 'public' ? [] : [{ sessionCookie: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } } } : {}),
      ...(r.rawBody
        ? {
            requestBody: {
              required: true,
              description: `${r.rawBody.description} (up to ${r.rawBody.limit} bytes)`,
              // OpenAPI 3.1: binary content is described by its media type, the schema stays empty.
              content: Object.fromEntries(r.rawBody.types.map((t) => [t, {}])),
            },
          }
        : {}),
      responses: {
        [String(r.status ?? 200)]: {
          description: r.responseDescription ?? 'OK',
          ...(r.response
            ? { content: { [r.responseContentType ?? 'application/json']: { schema: jsonSchema(r.response, 'output') } } }
            : r.responseContentType
              ? { content: { [r.responseContentType]: {} } }
              : {}),
        },
        '400': errorRef('Error', 'Invalid input (VALIDATION_FAILED with the fields in error, or a rule of the request)'),
        ...(r.access !== 'public'
          ? {
              '401': errorRef('Error', 'Not signed in'),
              '403': errorRef('Error', 'Signed in without the required role (admins: without two-factor)'),
            }
          : {}),
        ...(r.rateLimit ? { '429': errorRef('Error', 'Rate limited (RATE_LIMITED); Retry-After') } : {}),
        '503': errorRef('Error', 'The database is unavailable for a moment (SERVICE_UNAVAILABLE); Retry-After'),
      },
    };
  }
  for (const op of authEndpoints(auth)) pathItem(op.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))[op.method] = authOperation(op);
  return {
    openapi: '3.1.0',
    info: { title: 'akut API', version: '0.1.0', description: 'Every HTTP endpoint of akut with the roles that may call it (x-roles).' },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'akut.session_token' } },
      schemas: { Error: ERROR_SCHEMA, AuthError: AUTH_ERROR_SCHEMA, User: USER_SCHEMA, Session: SESSION_SCHEMA },
    },
    paths: Object.fromEntries(paths),
  };
}
