// OpenAPI 3.1 document built from the route declarations (zod -> JSON Schema) and better-auth's endpoints.
// x-roles lists who may call each endpoint; tests/integration/authz-matrix checks the server agrees.
import { z } from 'zod';
import { describeAccess } from '../auth/guards.ts';
import type { AnyRoute } from './route.ts';
import type { Auth } from '../auth/auth.ts';

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });
}

/** better-auth's endpoints as [method, path] pairs under /api/auth. */
export function authEndpoints(auth: Auth): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  for (const endpoint of Object.values(auth.api) as {
    path?: string;
    options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean; isAction?: boolean } };
  }[]) {
    if (!endpoint?.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    const methods = endpoint.options?.method ?? 'GET';
    for (const m of Array.isArray(methods) ? methods : [methods]) {
      if (m === '*') continue;
      out.push({ method: m.toLowerCase(), path: `/api/auth${endpoint.path}` });
    }
  }
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

export function buildOpenApi(routes: AnyRoute[], auth: Auth) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = toOpenApiPath(r.path);
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
    const roles = describeAccess(r.access);
    paths[p] ??= {};
    paths[p][r.method] = {
      summary: r.summary,
      tags: r.tags,
      'x-roles': roles,
      security: r.access === 'public' ? [] : [{ sessionCookie: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } } } : {}),
      ...(r.rawBody
        ? {
            requestBody: {
              required: true,
              description: r.rawBody.description,
              content: Object.fromEntries(r.rawBody.types.map((t) => [t, { schema: { type: 'string', format: 'binary', maxLength: r.rawBody!.limit } }])),
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
        '400': { description: 'Invalid input: { error: { code, message, fields } }' },
        ...(r.access !== 'public'
          ? { '401': { description: 'Not signed in' }, '403': { description: 'Signed in without the required role (admins: without two-factor)' } }
          : {}),
        ...(r.rateLimit ? { '429': { description: 'Rate limited' } } : {}),
      },
    };
  }
  for (const e of authEndpoints(auth)) {
    paths[e.path] ??= {};
    paths[e.path]![e.method] = {
      summary: `better-auth endpoint ${e.path.replace('/api/auth', '')}`,
      tags: ['auth'],
      'x-roles': describeAccess('public'),
      'x-provided-by': 'better-auth',
      responses: { '200': { description: 'See better-auth documentation' } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'akut API', version: '0.1.0', description: 'Every HTTP endpoint of akut with the roles that may call it (x-roles).' },
    components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'akut.session_token' } } },
    paths,
  };
}
