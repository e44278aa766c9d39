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

export function totpCode(uri: string): string {
  return OTPAuth.URI.parse(uri).generate();
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
  const verify = await client.post('/api/auth/two-factor/verify-totp', { code: totpCode(enable.body.totpURI) });
  if (verify.status !== 200) throw new Error(`2FA verify failed: ${verify.status} ${verify.text}`);
  return enable.body.totpURI;
}
