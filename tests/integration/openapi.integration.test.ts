// Issue 24: the OpenAPI 3.1 document used 3.0's `nullable` (about 2,100 responses failed a strict 3.1 validator)
// and better-auth's endpoints had no request schemas and no error statuses. The served document is checked by the
// official OpenAPI 3.1 JSON Schema (@seriousme/openapi-schema-validator) and by Redocly's strict structure rule,
// which refuses any keyword OpenAPI 3.1 does not have (decision 073).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

type Operation = {
  'x-provided-by'?: string;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let app: TestApp;
let text: string;
let doc: Doc;
beforeAll(async () => {
  app = await startTestApp();
  const res = await app.client().get<Doc>('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  text = res.text;
  doc = res.body;
});
afterAll(async () => {
  await app?.close();
});

const authOps = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op['x-provided-by'] === 'better-auth')
      .map(([m, op]) => ({ name: `${m.toUpperCase()} ${p}`, method: m, path: p, op })),
  );

describe('the OpenAPI document', () => {
  it('is valid by the official OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(JSON.parse(text) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it("passes Redocly's strict structure check: no keyword of OpenAPI 3.0 (nullable, boolean exclusiveMinimum) and no dangling $ref", async () => {
    expect(text).not.toMatch(/"nullable"\s*:/);
    const config = await createConfig({ extends: [], rules: { struct: 'error', 'no-unresolved-refs': 'error' } } as never);
    const problems = await lintFromString({ source: text, absoluteRef: '/api/openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`).slice(0, 20)).toEqual([]);
  }, 300_000);

  it("lists better-auth's endpoints with request schemas and the error statuses they answer", () => {
    const ops = authOps();
    expect(ops.length).toBeGreaterThan(20);
    const signIn = doc.paths['/api/auth/sign-in/email']!.post!;
    expect(signIn.requestBody?.content['application/json']?.schema?.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '503']));
    const signUp = doc.paths['/api/auth/sign-up/email']!.post!;
    expect(Object.keys(signUp.requestBody?.content['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    expect(Object.keys(signUp.responses)).toEqual(expect.arrayContaining(['400', '422', '429']));
    expect(Object.keys(doc.paths['/api/auth/two-factor/verify-totp']!.post!.responses)).toEqual(expect.arrayContaining(['401', '429']));
    expect(Object.keys(doc.paths['/api/auth/change-password']!.post!.responses)).toEqual(expect.arrayContaining(['400', '401', '429']));
    for (const { name, method, op } of ops) {
      // Every error status has a body schema; every write that reads a body describes it.
      for (const [status, response] of Object.entries(op.responses))
        if (Number(status) >= 400) expect(response.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toMatch(/^#\/components\/schemas\//);
      if (method === 'post' && !/get-session|callback|revoke-sessions|revoke-other-sessions/.test(name)) expect(op.requestBody, name).toBeDefined();
    }
  });

  it("gives every akut route's error statuses the one error body", () => {
    for (const [p, ops] of Object.entries(doc.paths))
      for (const [m, op] of Object.entries(ops))
        if (!op['x-provided-by'])
          for (const [status, response] of Object.entries(op.responses))
            if (Number(status) >= 400) expect(response.content?.['application/json']?.schema?.$ref, `${m} ${p} ${status}`).toBe('#/components/schemas/Error');
  });
});
