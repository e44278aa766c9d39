// Issue 24: a TOTP code could be used twice within its window (two admin sign-ins with one code both succeeded).
// The server remembers the last accepted step per account and refuses that code and older ones, at sign-in and
// at enrolment, with a translated TOTP_CODE_USED (decision 074).
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';
import { enableTotp } from '../factories/two-factor.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (uri: string, step: number) => (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate({ timestamp: step * 30_000 });

async function adminWithTotp() {
  const admin = await createUser(app.deps.db.prisma, { role: 'admin' });
  const uri = await enableTotp(app.deps.db.prisma, { userId: admin.id, email: admin.email, authSecret: app.deps.config.authSecret! });
  return { admin, uri };
}

/** A client at the two-factor step of a password sign-in. */
async function pending(admin: { email: string; password: string }, lang: 'de' | 'en' = 'de'): Promise<TestClient> {
  const c = app.client();
  c.lang = lang;
  expect((await signIn(c, admin.email, admin.password)).body.twoFactorRedirect).toBe(true);
  return c;
}

type AuthError = { code?: string; message?: string };
const verify = (c: TestClient, code: string) => c.post<AuthError>('/api/auth/two-factor/verify-totp', { code });

describe('one TOTP code, one use', () => {
  it('a second sign-in with the same code is refused with a translated reason and gets no session', async () => {
    const { admin, uri } = await adminWithTotp();
    const code = codeAt(uri, stepNow());
    const first = await pending(admin);
    expect((await verify(first, code)).status).toBe(200);
    expect((await first.get('/api/admin/overview')).status).toBe(200);

    for (const [lang, text] of [
      ['de', /schon verwendet/],
      ['en', /already been used/],
    ] as const) {
      const again = await pending(admin, lang);
      const res = await verify(again, code);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOTP_CODE_USED');
      expect(res.body.message).toMatch(text);
      expect((await again.get('/api/admin/overview')).status).toBe(401);
    }
  });

  it('after a newer code, an older one of the window is refused too; a wrong code stays INVALID_CODE', async () => {
    const { admin, uri } = await adminWithTotp();
    const now = stepNow();
    expect((await verify(await pending(admin), codeAt(uri, now + 1))).status).toBe(200);
    const older = await verify(await pending(admin), codeAt(uri, now));
    expect(older.status).toBe(401);
    expect(older.body.code).toBe('TOTP_CODE_USED');
    const wrong = await verify(await pending(admin), codeAt(uri, now + 1) === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CODE');
  });

  it('two sign-ins racing with one code: exactly one gets a session', async () => {
    const { admin, uri } = await adminWithTotp();
    const code = codeAt(uri, stepNow());
    const [a, b] = [await pending(admin), await pending(admin)];
    const results = await Promise.all([verify(a, code), verify(b, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(results.find((r) => r.status === 401)!.body.code).toBe('TOTP_CODE_USED');
  });

  it('the code that confirmed the enrolment cannot sign in afterwards', async () => {
    const admin = await createUser(app.deps.db.prisma, { role: 'admin' });
    const c = app.client();
    await signIn(c, admin.email, admin.password);
    const enable = await c.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: admin.password });
    expect(enable.status).toBe(200);
    const code = codeAt(enable.body.totpURI, stepNow());
    expect((await verify(c, code)).status).toBe(200);
    expect((await c.get('/api/admin/overview')).status).toBe(200);
    const res = await verify(await pending(admin), code);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOTP_CODE_USED');
  });
});
