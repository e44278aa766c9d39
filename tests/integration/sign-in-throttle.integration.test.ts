// Issue 24: sign-in was throttled per IP only: 40 wrong passwords for one account from 40 addresses were all
// answered, with no slow-down. Now, after a few wrong passwords, each further attempt for the address waits a
// growing delay (at most a minute, whatever the address it comes from), the right password included; the
// owner is told by mail once; the right password after the wait signs in and ends the series (decision 076).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';
import { delayAfter, FREE_ATTEMPTS, MAX_DELAY_MS, throttleKey } from '../../server/auth/sign-in-throttle.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A sign-in from its own address (the test app trusts X-Forwarded-For from loopback, as behind a proxy). */
function attempt(email: string, password: string, i: number) {
  return app
    .client()
    .post<{ code?: string; error?: { code: string } }>('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` });
}

describe('wrong passwords for one account from many addresses', () => {
  it('40 attempts from 40 addresses: the first few are answered, the rest wait, the right password too', async () => {
    const user = await createUser(app.deps.db.prisma, { role: 'seeker', locale: 'en' });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      const res = await attempt(user.email, `wrong-password-${i}`, i);
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter ??= res.headers.get('retry-after');
        expect(res.body.error?.code).toBe('RATE_LIMITED');
      }
    }
    const elapsedS = (Date.now() - started) / 1000;
    expect(statuses.slice(0, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill(401));
    // After the free attempts only as many were checked as waits (1 s, 2 s, 4 s, …) fit into the time the 40 took:
    // on a busy machine a few, never all.
    const waitsPassed = Math.floor(Math.log2(elapsedS + 1));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS + waitsPassed);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - FREE_ATTEMPTS - waitsPassed);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
    // During the wait the right password is not checked either (the wait cannot be used to test passwords).
    const row = await app.deps.db.prisma.signInThrottle.findUniqueOrThrow({ where: { key: throttleKey(user.email) } });
    if (row.nextAt.getTime() > Date.now() + 200) expect((await attempt(user.email, user.password, 99)).status).toBe(429);

    // The owner is told once, in their language, with the way to a new password.
    const mailsOf = () => app.deps.db.prisma.mailOutbox.findMany({ where: { to: user.email, template: 'signInAttempts' } });
    await expect.poll(async () => (await mailsOf()).length, { timeout: 30_000 }).toBe(1);
    const mails = await mailsOf();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Several wrong passwords for your akut account');
    expect(mails[0]!.text).toContain('/auth?view=forgot');
  });

  it('the wait grows with each wrong password and never passes a minute; the right password after it signs in and ends the series', async () => {
    expect([1, 2, 3, 4].map(delayAfter)).toEqual([0, 0, 0, 0]);
    expect(delayAfter(FREE_ATTEMPTS)).toBe(1000);
    expect(delayAfter(FREE_ATTEMPTS + 1)).toBe(2000);
    expect(delayAfter(FREE_ATTEMPTS + 20)).toBe(MAX_DELAY_MS);

    const user = await createUser(app.deps.db.prisma, { role: 'seeker' });
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attempt(user.email, 'wrong-password', i)).status).toBe(401);
    const key = throttleKey(user.email);
    const waiting = await app.deps.db.prisma.signInThrottle.findUniqueOrThrow({ where: { key } });
    expect(waiting.failures).toBe(FREE_ATTEMPTS);
    // Wait as the server says, then sign in with the right password.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, waiting.nextAt.getTime() - Date.now()) + 50));
    await signIn(app.client(), user.email, user.password);
    // The series is over: the next wrong password is answered at once again.
    await expect.poll(() => app.deps.db.prisma.signInThrottle.count({ where: { key } }), { timeout: 30_000 }).toBe(0);
    expect((await attempt(user.email, 'wrong-password', 7)).status).toBe(401);
  });

  it('an address without an account is throttled the same way (the answers do not tell which addresses exist), and nobody is mailed', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < FREE_ATTEMPTS + 3; i++) statuses.push((await attempt(email, 'wrong-password', i)).status);
    expect(statuses.slice(0, FREE_ATTEMPTS)).toEqual(Array(FREE_ATTEMPTS).fill(401));
    expect(statuses.at(-1)).toBe(429);
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: email } })).toBe(0);
  });

  it('other accounts are not slowed down by one account’s wrong passwords', async () => {
    const a = await createUser(app.deps.db.prisma, { role: 'seeker' });
    const b = await createUser(app.deps.db.prisma, { role: 'seeker' });
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await attempt(a.email, 'wrong-password', i);
    const row = await app.deps.db.prisma.signInThrottle.findUniqueOrThrow({ where: { key: throttleKey(a.email) } });
    expect(row.nextAt.getTime()).toBeGreaterThan(row.lastAt.getTime());
    await signIn(app.client(), b.email, b.password);
  });
});
