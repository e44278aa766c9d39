// One door for every role: the account, not the link that led to /auth, decides where a person lands after
// signing in (GET /api/me answers the home path with the user; decision 036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Me = { user: { role: string; home: string } | null };

describe('GET /api/me: where the account lands', () => {
  it.each([
    ['seeker', '/suchende-dashboard'],
    ['provider', '/anbieter/dashboard'],
    ['admin', '/admin'],
  ] as const)('a %s lands on %s', async (role, home) => {
    const { client } = await signedInClient(app, { role });
    const me = await client.get<Me>('/api/me');
    expect(me.body.user).toMatchObject({ role, home });
  });

  it('a seeker account with a partner profile lands on the partner dashboard', async () => {
    const { client, user } = await signedInClient(app, { role: 'seeker' });
    await app.deps.db.prisma.partnerProfile.create({
      data: { userId: user.id, firstName: 'Pia', lastName: 'Partnerin', email: user.email, street: 'Hauptstr. 1', zip: '50667', city: 'Köln', country: 'DE' },
    });
    const me = await client.get<Me>('/api/me');
    expect(me.body.user).toMatchObject({ role: 'seeker', home: '/affiliate/dashboard' });
  });

  it('answers null without a session', async () => {
    const me = await app.client().get<Me>('/api/me');
    expect(me.body.user).toBeNull();
  });

  it('a seeker who signs up stays a seeker whatever page sent her (the role is the form field, never the link)', async () => {
    const c = app.client();
    const email = `seeker-${Date.now()}@example.com`;
    const up = await c.post<{ user: { role: string } }>('/api/auth/sign-up/email', {
      email,
      password: 'sehr-geheim-123',
      name: 'Sina',
      role: 'seeker',
      locale: 'de',
      callbackURL: '/auth?verified=1&next=%2Fsuchende-dashboard',
    });
    expect(up.status).toBe(200);
    expect(up.body.user.role).toBe('seeker');
    const verify = await c.get(app.mailLink(email, 'verifyEmail')!.replace(app.baseUrl, ''));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/auth?verified=1&next=%2Fsuchende-dashboard');
    expect((await c.get<Me>('/api/me')).body.user).toMatchObject({ role: 'seeker', home: '/suchende-dashboard' });
  });
});
