// Every GET route of the registry answers exactly its declared response schema: no field the schema does not
// list (the OpenAPI document is built from the same schemas, so a field outside it is an undocumented leak).
// Routes are called as a person of their access rule, on data that fills their lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { allRoutes } from '../../server/http/routes.ts';
import type { AnyRoute } from '../../server/http/route.ts';

let app: TestApp;
let clients: Record<'anonymous' | 'seeker' | 'provider' | 'admin', TestClient>;
let ids: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  const provider = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667' });
  const seeker = await createSeeker(app.deps.db.prisma);
  const request = await createReleasedRequest(app.deps, seeker.id);
  const p = app.client();
  await signIn(p, provider.user.email, provider.user.password);
  const s = app.client();
  await signIn(s, seeker.email, seeker.password);
  const chat = await s.post<{ id: string }>('/api/chat/session', { lang: 'de' });
  clients = { anonymous: app.client(), seeker: s, provider: p, admin: (await signedInClient(app, { role: 'admin' })).client };
  // A support conversation with a message and a reply, so the support lists are not empty.
  await s.post('/api/support/messages', { body: 'Frage' });
  const conversation = await app.deps.db.prisma.supportConversation.findUniqueOrThrow({ where: { partnerId: seeker.id } });
  await clients.admin.post(`/api/admin/support/conversations/${conversation.id}/messages`, { body: 'Antwort' });
  ids = {
    '/api/provider/requests/:id/unlock-quote': request.id,
    '/api/providers/:id': provider.user.id,
    '/api/chat/session/:id': chat.body.id,
    '/api/admin/support/conversations/:id': conversation.id,
  };
});
afterAll(async () => {
  await app?.close();
});

function callerOf(route: AnyRoute): keyof typeof clients {
  // A chat session is read by its owner.
  if (route.path === '/api/chat/session/:id') return 'seeker';
  if (route.access === 'public') return 'anonymous';
  if (route.access === 'user') return 'seeker';
  return route.access.roles[0] as keyof typeof clients;
}

/** GET routes with a JSON response schema whose path parameters this file can fill. */
const covered = allRoutes.filter((r) => r.method === 'get' && r.response && !r.raw && !r.path.includes(':')).map((r) => r.path);

describe('route responses', () => {
  it('covers the GET routes of the registry', () => {
    // /api/health writes its own answer (200 or 503, decision 020); server-lifecycle checks its exact body.
    expect(covered).toEqual(expect.arrayContaining(['/api/config', '/api/me', '/api/successful-deals', '/api/admin/outbox', '/api/provider/matches']));
  });

  it('answers every GET route with exactly its declared schema, nothing more', async () => {
    const checked: string[] = [];
    for (const route of allRoutes) {
      if (route.method !== 'get' || !route.response || route.raw) continue;
      const id = ids[route.path];
      if (route.path.includes(':') && !id) continue;
      const path = id ? route.path.replace(':id', id) : route.path;
      const res = await clients[callerOf(route)].get(path);
      expect({ path, status: res.status }).toEqual({ path, status: route.status ?? 200 });
      const parsed = (route.response as z.ZodType).safeParse(res.body);
      expect({ path, issues: parsed.error?.issues ?? [] }).toEqual({ path, issues: [] });
      // zod drops keys its schema does not list: the parsed answer equals the answer only without extra fields.
      expect({ path, body: parsed.data }).toStrictEqual({ path, body: res.body });
      checked.push(route.path);
    }
    expect(checked).toEqual(expect.arrayContaining([...covered, ...Object.keys(ids)]));
  });
});
