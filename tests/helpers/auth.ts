// Signs test clients in through the real better-auth endpoints, including TOTP enrolment for admins.
import * as OTPAuth from 'otpauth';
import { createUser, type UserInput } from '../factories/users.ts';
import type { TestApp, TestClient } from './test-app.ts';

export async function signIn(client: TestClient, email: string, password: string) {
  const res = await client.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res;
}

/** A client of the test app signed in as an existing user, speaking `lang` when one is given. */
export async function clientAs(app: TestApp, user: { email: string; password: string }, lang?: 'de' | 'en'): Promise<TestClient> {
  const client = app.client();
  if (lang) client.lang = lang;
  await signIn(client, user.email, user.password);
  return client;
}

const TOTP_PERIOD_MS = 30_000;
/** The last TOTP step this test process used per secret: the server accepts every code once (decision 074). */
const lastStep = new Map<string, number>();

/**
 * A TOTP code the server has not seen yet: of the current step, else of the next (both within its window).
 * When both were used, the next code comes with the clock's next step: this waits for it (at most 30 s).
 */
export async function totpCode(uri: string): Promise<string> {
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  const key = totp.secret.base32;
  for (;;) {
    const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
    const step = Math.max(now, (lastStep.get(key) ?? now - 1) + 1);
    if (step <= now + 1) {
      lastStep.set(key, step);
      return totp.generate({ timestamp: step * TOTP_PERIOD_MS });
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * TOTP_PERIOD_MS - Date.now() + 20));
  }
}

/** A signed-in client for a fresh user of the given role (admins: with TOTP enrolled and verified). */
export async function signedInClient(app: TestApp, input: UserInput = {}) {
  const user = await createUser(app.deps.db.prisma, input);
  const client = app.client();
  await signIn(client, user.email, user.password);
  let totpUri: string | undefined;
  if (user.role === 'admin') totpUri = await enrolTotp(client, user.password);
  return { client, user, totpUri };
}

export async function enrolTotp(client: TestClient, password: string): Promise<string> {
  const enable = await client.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password });
  if (enable.status !== 200) throw new Error(`2FA enable failed: ${enable.status} ${enable.text}`);
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: await totpCode(enable.body.totpURI) });
  if (verify.status !== 200) throw new Error(`2FA verify failed: ${verify.status} ${verify.text}`);
  return enable.body.totpURI;
}
