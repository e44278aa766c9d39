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
});
