// Issue 24: '12345678', 'password' and 'aaaaaaaa' were accepted as passwords. Every new password (sign-up,
// change, reset) is checked by zxcvbn-ts with its common passwords and German and English dictionaries, and the
// person's own name and address; a guessable one is refused with 400 PASSWORD_TOO_WEAK and a translated reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs, signIn } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type AuthError = { code?: string; message?: string };
let n = 0;
const email = () => `pw-${Date.now()}-${++n}@example.com`;

describe('a new password must be hard to guess', () => {
  it('sign-up refuses the common, repeated and dictionary passwords with a reason in the page language, and creates nobody', async () => {
    for (const [password, lang, reason] of [
      ['12345678', 'de', /meistbenutzten/],
      ['password', 'en', /most used/],
      ['aaaaaaaa', 'en', /Repeated characters/],
      ['passwort', 'de', /häufig benutztes/],
      ['Passwort1', 'de', /zu leicht zu erraten/],
      ['qwertz123', 'de', /Tastatur/],
    ] as const) {
      const c = app.client();
      c.lang = lang;
      const to = email();
      const res = await c.post<AuthError>('/api/auth/sign-up/email', { email: to, password, name: 'Paula', role: 'seeker' });
      expect(res.status, password).toBe(400);
      expect(res.body.code).toBe('PASSWORD_TOO_WEAK');
      expect(res.body.message, password).toMatch(lang === 'de' ? /^Dieses Passwort ist zu leicht zu erraten\. \S/ : /^This password is too easy to guess\. \S/);
      expect(res.body.message, password).toMatch(reason);
      expect(res.body.message).not.toContain('{{');
      expect(await app.deps.db.prisma.user.count({ where: { email: to } })).toBe(0);
    }
  });

  it('refuses a password built on the person’s own name or address', async () => {
    const c = app.client();
    const res = await c.post<AuthError>('/api/auth/sign-up/email', {
      email: 'hildegard.vonbingen@example.com',
      password: 'hildegard.vonbingen',
      name: 'Hildegard',
      role: 'seeker',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_TOO_WEAK');
  });

  it('accepts a long passphrase; a too-short password keeps its own answer', async () => {
    const c = app.client();
    const to = email();
    expect((await c.post('/api/auth/sign-up/email', { email: to, password: 'Kaffee-Fahrrad-Wolke-7', name: 'Paula', role: 'seeker' })).status).toBe(200);
    const short = await c.post<AuthError>('/api/auth/sign-up/email', { email: email(), password: 'abc', name: 'Paula', role: 'seeker' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
  });

  it('a password change to a guessable one is refused and the old password still works', async () => {
    const user = await createUser(app.deps.db.prisma, { role: 'seeker' });
    const c = await clientAs(app, user, 'en');
    const res = await c.post<AuthError>('/api/auth/change-password', { currentPassword: user.password, newPassword: 'password1' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PASSWORD_TOO_WEAK');
    await signIn(app.client(), user.email, user.password);
  });

  it('a reset to a guessable password is refused; a strong one works', async () => {
    const user = await createUser(app.deps.db.prisma, { locale: 'de' });
    const c = app.client();
    expect((await c.post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?view=reset' })).status).toBe(200);
    const token = new URL(app.mailLink(user.email, 'resetPassword')!).pathname.split('/').pop()!;
    const weak = await c.post<AuthError>('/api/auth/reset-password', { token, newPassword: 'aaaaaaaa' });
    expect(weak.status).toBe(400);
    expect(weak.body.code).toBe('PASSWORD_TOO_WEAK');
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'Laterne-Nordsee-Tinte' })).status).toBe(200);
    await signIn(c, user.email, 'Laterne-Nordsee-Tinte');
  });
});
