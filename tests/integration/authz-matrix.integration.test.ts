// The OpenAPI document is the authorization matrix: every endpoint lists the roles (x-roles) that may call it.
// 1. every /api route the Express app really serves is in the document;
// 2. every documented endpoint x (anonymous, seeker, provider, partner, admin, admin without 2FA) is allowed or denied as listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../server/app.ts';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient, signIn } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  name?: string;
}

function servedApiRoutes(app: Express): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [m, on] of Object.entries(layer.route.methods))
          if (on && layer.route.path.startsWith('/api')) out.push({ method: m === '_all' ? 'all' : m, path: layer.route.path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

type Doc = { paths: Record<string, Record<string, { 'x-roles': string[]; 'x-provided-by'?: string; parameters?: { name: string; in: string }[] }>> };

let app: TestApp;
let doc: Doc;
const personas: Record<string, TestClient> = {};

beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.client().get<Doc>('/api/openapi.json')).body;
  personas.anonymous = app.client();
  personas.seeker = (await signedInClient(app, { role: 'seeker' })).client;
  personas.provider = (await signedInClient(app, { role: 'provider' })).client;
  // A partner is any signed-in user who brought someone in.
  const partner = await signedInClient(app, { role: 'seeker' });
  await createUser(app.deps.db.prisma, { referredById: partner.user.id });
  personas.partner = partner.client;
  personas.admin = (await signedInClient(app, { role: 'admin' })).client;
  const noTotp = await createUser(app.deps.db.prisma, { role: 'admin' });
  personas.adminWithout2fa = app.client();
  await signIn(personas.adminWithout2fa, noTotp.email, noTotp.password);
});
afterAll(async () => {
  await app?.close();
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists roles for every operation', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    for (const [p, ops] of Object.entries(doc.paths)) for (const [m, op] of Object.entries(ops)) expect(op['x-roles'], `${m} ${p}`).toBeInstanceOf(Array);
  });

  it('lists every /api route the server serves', () => {
    const served = servedApiRoutes(createApp(app.deps));
    expect(served.length).toBeGreaterThan(3);
    const missing: string[] = [];
    for (const r of served) {
      if (r.path === '/api/auth/{*splat}') {
        // better-auth's catch-all: its endpoints are listed one by one.
        if (!doc.paths['/api/auth/sign-in/email']?.post || !doc.paths['/api/auth/two-factor/verify-totp']?.post) missing.push('better-auth endpoints');
        continue;
      }
      const p = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      if (!doc.paths[p]?.[r.method]) missing.push(`${r.method.toUpperCase()} ${r.path}`);
    }
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
  });
});

describe('authorization matrix', () => {
  it('allows and denies every endpoint for every role as documented', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op['x-provided-by'] === 'better-auth') continue;
        const url = p.replace(/\{([^}]+)\}/g, '00000000-0000-4000-8000-000000000000');
        for (const [persona, client] of Object.entries(personas)) {
          const res = await client.request(method.toUpperCase(), url, method === 'get' ? undefined : {});
          checked += 1;
          const listed = op['x-roles'].includes(persona === 'adminWithout2fa' ? 'admin' : persona);
          const mayPass = listed && !(persona === 'adminWithout2fa' && !op['x-roles'].includes('seeker') && !op['x-roles'].includes('anonymous'));
          const denied = res.status === 401 || res.status === 403;
          if (mayPass && denied) failures.push(`${persona} denied ${method.toUpperCase()} ${p} (${res.status})`);
          if (!mayPass) {
            const expected = persona === 'anonymous' ? 401 : 403;
            if (res.status !== expected) failures.push(`${persona} got ${res.status} instead of ${expected} on ${method.toUpperCase()} ${p}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });
});
