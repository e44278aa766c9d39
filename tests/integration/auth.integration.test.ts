import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { enrolTotp, signIn, signedInClient, totpCode } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('sign-up, verification and sign-in', () => {
  it('signs up a provider, sends a verification mail, refuses sign-in until verified', async () => {
    const c = app.client();
    const email = `prov-${Date.now()}@example.com`;
    const up = await c.post<{ user: { role: string } }>('/api/auth/sign-up/email', {
      email,
      password: 'sehr-geheim-123',
      name: 'Paula',
      role: 'provider',
      locale: 'de',
    });
    expect(up.status).toBe(200);
    expect(up.body.user.role).toBe('provider');
    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: email } });
    expect(mail.template).toBe('verifyEmail');
    expect(mail.subject).toContain('E-Mail-Adresse');
    const blocked = await c.post('/api/auth/sign-in/email', { email, password: 'sehr-geheim-123' });
    expect(blocked.status).toBe(403);
    const link = app.mailLink(email, 'verifyEmail')!;
    const verify = await c.get(link.replace(app.baseUrl, ''));
    expect([200, 302]).toContain(verify.status);
    const me = await c.get<{ user: { email: string; role: string; emailVerified: boolean } }>('/api/me');
    expect(me.body.user).toMatchObject({ email, role: 'provider', emailVerified: true });
  });

  it('never lets a person choose the admin role at sign-up or later', async () => {
    const c = app.client();
    const email = `evil-${Date.now()}@example.com`;
    const up = await c.post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Eve', role: 'admin' });
    expect(up.status).toBe(400);
    expect(await app.deps.db.prisma.user.count({ where: { email } })).toBe(0);
    const { client, user } = await signedInClient(app, { role: 'seeker' });
    const upd = await client.post('/api/auth/update-user', { role: 'admin' });
    expect(upd.status).toBeGreaterThanOrEqual(400);
    expect((await app.deps.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('seeker');
  });

  it('sends the reset mail in the user language and resets the password', async () => {
    const user = await createUser(app.deps.db.prisma, { locale: 'en' });
    const c = app.client();
    const r = await c.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?view=reset' });
    expect(r.status).toBe(200);
    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: user.email, template: 'resetPassword' } });
    expect(mail.subject).toBe('Your new password for akut');
    const url = app.mailLink(user.email, 'resetPassword')!;
    const token = new URL(url).pathname.split('/').pop()!;
    const reset = await c.post('/api/auth/reset-password', { token, newPassword: 'new-password-456' });
    expect(reset.status).toBe(200);
    expect((await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(401);
    await signIn(c, user.email, 'new-password-456');
  });
});

describe('admins need TOTP', () => {
  it('an admin without two-factor gets 403 TWO_FACTOR_REQUIRED, with it the counters', async () => {
    const admin = await createUser(app.deps.db.prisma, { role: 'admin' });
    const c = app.client();
    await signIn(c, admin.email, admin.password);
    const before = await c.get<{ error: { code: string } }>('/api/admin/overview');
    expect(before.status).toBe(403);
    expect(before.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    const uri = await enrolTotp(c, admin.password);
    const after = await c.get<{ users: number }>('/api/admin/overview');
    expect(after.status).toBe(200);
    expect(after.body.users).toBeGreaterThan(0);
    // The next sign-in asks for the TOTP code before any session exists.
    const c2 = app.client();
    const first = await signIn(c2, admin.email, admin.password);
    expect(first.body.twoFactorRedirect).toBe(true);
    expect((await c2.get('/api/admin/overview')).status).toBe(401);
    const ok = await c2.post('/api/auth/two-factor/verify-totp', { code: await totpCode(uri) });
    expect(ok.status).toBe(200);
    expect((await c2.get('/api/admin/overview')).status).toBe(200);
  });

  it('keeps seekers and anonymous visitors out of admin data', async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    expect((await client.get('/api/admin/overview')).status).toBe(403);
    expect((await app.client().get('/api/admin/overview')).status).toBe(401);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-carrying write from a foreign origin and changes nothing', async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    const res = await client.post<{ error: { code: string } }>('/api/auth/update-user', { name: 'Hacked' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});
