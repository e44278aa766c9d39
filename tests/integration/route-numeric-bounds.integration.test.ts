// Issue 24: POST /api/admin/followup/versions/1000000000000/restore answered 500 (integer out of range). Every
// route of the route list that reads a number gets, in each numeric field, a number beyond its bound (and beyond
// PostgreSQL's integer), with the rest of its input valid, from a caller who may call it: it answers 400 naming
// exactly that field, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { allRoutes } from '../../server/http/routes.ts';
import { MAX_INPUT_NUMBER, numericInputs, type AnyRoute } from '../../server/http/route.ts';

let app: TestApp;
const callers = new Map<string, TestClient>();
beforeAll(async () => {
  app = await startTestApp();
  callers.set('public', app.client());
  for (const role of ['seeker', 'provider', 'admin'] as const) callers.set(role, (await signedInClient(app, { role })).client);
});
afterAll(async () => {
  await app?.close();
});

function callerFor(route: AnyRoute): TestClient {
  if (route.access === 'public') return callers.get('public')!;
  if (route.access === 'user') return callers.get('seeker')!;
  return callers.get(route.access.roles[0]!)!;
}

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Segment = string | number;

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

const PATTERN_CANDIDATES = ['10115', '+49 30 1234567', '030 1234567', 'DE89370400440532013000', 'COBADEFFXXX', 'abc123', 'x'];

/** A small valid value of a schema: the rest of a route's input around the number under test. */
function minimal(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const branch = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (branch) return minimal(branch);
  const type = typesOf(s).find((t) => t !== 'null') ?? 'null';
  if (type === 'object') return Object.fromEntries((s.required ?? []).map((k) => [k, minimal(s.properties?.[k] ?? {})]));
  if (type === 'array') return Array.from({ length: s.minItems ?? 0 }, () => minimal(s.items ?? {}));
  if (type === 'string') {
    if (s.format === 'email') return 'someone@example.org';
    if (s.format === 'uuid') return crypto.randomUUID();
    const plain = 'x'.repeat(Math.max(1, s.minLength ?? 1));
    // A pattern (postcode, phone number, …): the first of a few everyday values that fits it.
    return s.pattern ? (PATTERN_CANDIDATES.find((v) => new RegExp(s.pattern!, 'u').test(v)) ?? plain) : plain;
  }
  if (type === 'integer' || type === 'number') return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
  if (type === 'boolean') return false;
  return null;
}

/** Each number inside a schema: its path, and the input that holds a given value there and is valid elsewhere. */
function* numbersIn(s: Schema, path: Segment[] = []): Generator<{ path: Segment[]; input: (value: number) => unknown }> {
  const types = typesOf(s);
  if (types.includes('integer') || types.includes('number')) yield { path, input: (v) => v };
  for (const [name, child] of Object.entries(s.properties ?? {}))
    for (const inner of numbersIn(child, [...path, name])) {
      const rest = minimal({ ...s, anyOf: undefined, oneOf: undefined, type: 'object' }) as Record<string, unknown>;
      yield { path: inner.path, input: (v) => ({ ...rest, [name]: inner.input(v) }) };
    }
  if (s.items) {
    const items = s.items;
    const others = Math.max(0, (s.minItems ?? 1) - 1);
    for (const inner of numbersIn(items, [...path, 0]))
      yield { path: inner.path, input: (v) => [inner.input(v), ...Array.from({ length: others }, () => minimal(items))] };
  }
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) yield* numbersIn(branch, path);
}

interface Case {
  name: string;
  route: AnyRoute;
  where: 'params' | 'query' | 'body';
  field: string;
  input: (value: number) => unknown;
}

const cases: Case[] = allRoutes.flatMap((route) =>
  (['params', 'query', 'body'] as const).flatMap((where) => {
    const schema = route[where];
    if (!schema) return [];
    return [...numbersIn(jsonSchema(schema))].map((n) => {
      const field = [where, ...n.path].join('.');
      return { name: `${route.method.toUpperCase()} ${route.path} ${field}`, route, where, field, input: n.input };
    });
  }),
);

/** A request that puts `value` into one numeric input, the rest of the route's input valid. */
async function send(c: Case, value: number) {
  const { route, where } = c;
  const params = where === 'params' ? (c.input(value) as Record<string, unknown>) : {};
  let url = route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : crypto.randomUUID()));
  if (where === 'query') url += `?${new URLSearchParams(Object.entries(c.input(value) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))}`;
  const body = where === 'body' ? c.input(value) : route.body ? minimal(jsonSchema(route.body)) : route.method === 'get' ? undefined : {};
  return callerFor(route).request<{ error?: { code: string; fields?: { path: string; code: string }[] } }>(route.method.toUpperCase(), url, body);
}

describe('numbers beyond their bounds', () => {
  it("the cases are the route list's numeric inputs (found by the same walk as mountRoutes' check)", () => {
    expect(cases.length).toBeGreaterThan(20);
    expect([...new Set(cases.map((c) => c.name))].sort()).toEqual(
      [...new Set(allRoutes.flatMap((r) => numericInputs(r).map((n) => `${r.method.toUpperCase()} ${r.path} ${n.path}`)))].sort(),
    );
  });

  it('POST /api/admin/followup/versions/1000000000000/restore answers 400, not 500', async () => {
    const res = await callers
      .get('admin')!
      .post<{ error: { code: string; fields: { path: string }[] } }>('/api/admin/followup/versions/1000000000000/restore', {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields.map((f) => f.path)).toEqual(['params.number']);
  });

  it.each(cases)('$name: too big and too small answer 400 naming only that field', async (c) => {
    for (const value of [MAX_INPUT_NUMBER + 1, 1e12, 1e300, -1e12]) {
      const res = await send(c, value);
      expect(res.status, `${value}: ${res.text.slice(0, 300)}`).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_FAILED');
      expect([...new Set(res.body.error?.fields?.map((f) => f.path))], `${value}: ${res.text.slice(0, 300)}`).toEqual([c.field]);
    }
  });
});
