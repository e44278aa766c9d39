import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('errors', () => {
  it('answers bad input with 400, the field errors and a translated message', async () => {
    const { client } = await signedInClient(app, { role: 'admin' });
    const de = await client.get<{ error: { code: string; message: string; fields: { path: string }[] } }>('/api/admin/outbox?limit=abc');
    expect(de.status).toBe(400);
    expect(de.body.error.code).toBe('VALIDATION_FAILED');
    expect(de.body.error.message).toBe('Bitte prüfe deine Eingaben.');
    expect(de.body.error.fields[0]!.path).toBe('query.limit');
    const en = await client.get<{ error: { message: string } }>('/api/admin/outbox?limit=abc', { 'x-akut-lang': 'en' });
    expect(en.body.error.message).toBe('Please check your input.');
  });

  it('answers unknown API paths with a JSON 404 and malformed JSON with 400', async () => {
    const c = app.client();
    const nf = await c.get<{ error: { code: string } }>('/api/does-not-exist');
    expect(nf.status).toBe(404);
    expect(nf.body.error.code).toBe('NOT_FOUND');
    const bad = await c.request<{ error: { code: string } }>('POST', '/api/me', '{not json');
    expect(bad.status).toBe(400);
  });

  it('answers malformed percent-encoding in a path with 400, not 500', async () => {
    const c = app.client();
    for (const path of ['/api/providers/%E0%A4%A', '/api/providers/%zz', '/anbieter/%E0%A4%A', '/%']) {
      const res = await c.get<{ error?: { code: string; message: string } }>(path);
      expect(res.status, path).toBe(400);
      if (path.startsWith('/api/')) expect(res.body.error?.code, path).toBe('BAD_REQUEST');
    }
  });

  it('refuses a JSON body that is not UTF-8 with 400 and a translated reason, and stores nothing (issue 24)', async () => {
    // 'K\xF6ln' in Latin-1: before, decoded to 'K\uFFFDln' and used.
    const body = Buffer.concat([Buffer.from('{"text":"Maler in K', 'utf8'), Buffer.from([0xf6]), Buffer.from('ln, 50667"}', 'utf8')]);
    for (const [lang, words] of [
      ['de', /gültiges UTF-8/],
      ['en', /not valid UTF-8/],
    ] as const) {
      const res = await fetch(`${app.baseUrl}/api/intake/extract`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang, origin: app.baseUrl },
        body,
      });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe('INVALID_ENCODING');
      expect(answer.error.message).toMatch(words);
    }
    const email = `latin1-${Date.now()}@example.com`;
    const signUp = Buffer.concat([
      Buffer.from(`{"email":"${email}","password":"sehr-geheim-123","name":"J`, 'utf8'),
      Buffer.from([0xfc]),
      Buffer.from('rgen"}', 'utf8'),
    ]);
    const res = await fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: signUp,
    });
    expect(res.status).toBe(400);
    expect(await app.deps.db.prisma.user.findUnique({ where: { email } })).toBeNull();
    // Proper UTF-8 passes as before.
    const ok = await app.client().post<{ place: string }>('/api/intake/extract', { text: 'Maler in Köln, 50667' });
    expect(ok.status).toBe(200);
    expect(ok.body.place).toBe('Köln');
  });

  it('limits body size', async () => {
    const res = await app.client().post<{ error: { code: string } }>('/api/me', { blob: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sets security headers and a request id', async () => {
    const res = await app.client().get('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('rate-limits sign-in attempts per IP', async () => {
    const limited = await (await import('../helpers/test-app.ts')).startTestApp({ RATE_LIMIT_AUTH: '3' });
    try {
      const c = limited.client();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await c.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'wrong-password' })).status);
      expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses a NUL character in any JSON body or query string with 400 and a translated message, auth and chat included', async () => {
    const { client } = await signedInClient(app, { role: 'seeker' });
    const anon = app.client();
    const cases: [typeof client, string, string, unknown?][] = [
      [anon, 'POST', '/api/auth/sign-up/email', { email: 'nul@example.com', password: 'sehr-geheim-123', name: 'Nu\u0000ll' }],
      [anon, 'POST', '/api/auth/sign-in/email', { email: 'nul\u0000@example.com', password: 'sehr-geheim-123' }],
      [anon, 'POST', '/api/chat/session', { lang: 'de', resumeId: 'a\u0000b' }],
      [anon, 'POST', '/api/chat', { id: 'x', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hallo\u0000' }] }] }],
      [anon, 'POST', '/api/intake/extract', { text: 'Heizung kaputt\u0000 in 50667 Köln' }],
      [client, 'GET', '/api/successful-deals?q=a%00b'],
      [
        client,
        'POST',
        '/api/successful-deals/00000000-0000-4000-8000-000000000000/inquiries',
        { email: 'x@example.com', message: ['ok', { deep: 'a\u0000' }] },
      ],
    ];
    for (const [c, method, path, body] of cases) {
      const res = await c.request<{ error: { code: string; message: string } }>(method, path, body);
      expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 400, code: 'INVALID_CHARACTERS' });
      expect(res.body.error.message).toMatch(/Steuerzeichen/);
    }
    const en = await anon.request<{ error: { message: string } }>(
      'POST',
      '/api/auth/sign-in/email',
      { email: 'a@example.com', password: 'x\u0000y' },
      { 'x-akut-lang': 'en' },
    );
    expect(en.body.error.message).toMatch(/control character/);
    expect(await app.deps.db.prisma.user.count({ where: { email: 'nul@example.com' } })).toBe(0);
    // Text without NUL still goes through (sign-up is read by better-auth after the check).
    expect((await anon.post('/api/auth/sign-up/email', { email: 'not-nul@example.com', password: 'sehr-geheim-123', name: 'Null Problemo' })).status).toBe(200);
  });

  it('answers TRACE and other methods better-auth does not serve on /api/auth/* with 405', async () => {
    // fetch refuses to send TRACE: a plain node:http request does.
    const send = (method: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = http.request(`${app.baseUrl}/api/auth/get-session`, { method, headers: { 'accept-language': 'en' } }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH']) {
      const res = await send(method);
      expect({ method, status: res.status, allow: res.allow }).toEqual({ method, status: 405, allow: 'GET, POST' });
      expect(JSON.parse(res.body)).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' } });
    }
    expect((await send('GET')).status).toBe(200);
  });

  it('rate-limits the password and two-factor endpoints of signed-in people like sign-in', async () => {
    // One attempt per window and IP: the sign-in spends it, so every limited endpoint answers 429 after it.
    const limited = await (await import('../helpers/test-app.ts')).startTestApp({ RATE_LIMIT_AUTH: '1' });
    try {
      const user = await createUser(limited.deps.db.prisma);
      const c = limited.client();
      expect((await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
      for (const [path, body] of [
        ['/api/auth/verify-password', { password: 'wrong-password' }],
        ['/api/auth/change-password', { currentPassword: 'wrong-password', newPassword: 'new-password-123' }],
        ['/api/auth/two-factor/enable', { password: 'wrong-password' }],
        ['/api/auth/two-factor/disable', { password: 'wrong-password' }],
      ] as const) {
        const res = await c.post<{ error: { code: string } }>(path, body);
        expect({ path, status: res.status, code: res.body.error?.code }).toEqual({ path, status: 429, code: 'RATE_LIMITED' });
      }
      // Reading the session is not an attempt at anything: not limited.
      expect((await c.get('/api/auth/get-session')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
