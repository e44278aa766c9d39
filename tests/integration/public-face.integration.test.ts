// The public face over HTTP: a real 404 for paths the client router does not know, compressed answers
// (brotli and gzip) while the chat's event stream still streams, and the contact form to the operator.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSession } from '../helpers/chat.ts';

const OPERATOR = 'betreiber@akut.example';
let app: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A built client of its own: an index.html and a script, both large enough to be worth compressing.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html lang="de"><head><title>akut</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`,
  );
  fs.writeFileSync(
    path.join(clientDir, 'assets/app-abc123.js'),
    `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word ${i}`))};\n`,
  );
  // A file the build compressed (decision 057): its .br and .gz are sent as they are. Their contents differ from
  // what compressing the file would give, so a test can tell which one was sent.
  const built = `export const built = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `built ${i}`))};\n`;
  fs.writeFileSync(path.join(clientDir, 'assets/built-def456.js'), built);
  fs.writeFileSync(path.join(clientDir, 'assets/built-def456.js.br'), zlib.brotliCompressSync(`${built}// from the .br\n`));
  fs.writeFileSync(path.join(clientDir, 'assets/built-def456.js.gz'), zlib.gzipSync(`${built}// from the .gz\n`));
  app = await startTestApp({ OPERATOR_EMAIL: OPERATOR, RATE_LIMIT_CONTACT: '3' }, { clientDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A raw GET or POST that keeps the body compressed and records how it arrived (chunk by chunk). */
function raw(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(app.baseUrl + pathname, { method, headers: { origin: app.baseUrl, ...headers } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), chunks: parts.length }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('not-found', () => {
  it.each(['/gibt-es-nicht', '/anbieter/dashboard/extra', '/suchende/x', '/impressum/2', '/admin/gibt-es-nicht', '/admin/deals/extra'])(
    'answers %s with 404 and the app page, whose router shows the not-found page',
    async (p) => {
      const res = await app.client().get(p);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
    },
  );

  it.each([
    '/',
    '/suchende',
    '/anbieter',
    '/anbieter/abc123',
    '/search?demo=true',
    '/impressum',
    '/datenschutz',
    '/agb',
    '/hilfe',
    '/kontakt',
    '/erfolgreiche-deals',
    '/quittung/xyz',
    '/admin',
    '/admin/requests',
    '/admin/followup',
    '/admin/provision',
    '/admin/preise',
    '/admin/deals',
  ])('answers the page %s with 200', async (p) => {
    const res = await app.client().get(p);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });

  it('keeps JSON errors for unknown API paths', async () => {
    const res = await app.client().get<{ error: { code: string } }>('/api/gibt-es-nicht');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('compression', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])('compresses HTML, JavaScript and JSON for accept-encoding %s', async (accept, expected) => {
    for (const p of ['/', '/gibt-es-nicht', '/assets/app-abc123.js', '/api/openapi.json']) {
      const res = await raw('GET', p, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], p).toBe(expected);
      expect(res.headers.vary, p).toMatch(/Accept-Encoding/i);
    }
  });

  it('sends the same bytes it compressed', async () => {
    const plain = await raw('GET', '/assets/app-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const br = await raw('GET', '/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gz = await raw('GET', '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
  });

  it.each([
    ['br', 'br', '// from the .br'],
    ['gzip, deflate, br', 'br', '// from the .br'],
    ['gzip', 'gzip', '// from the .gz'],
  ])('sends the file the build compressed for accept-encoding %s, as it is, with its type and a year of caching', async (accept, encoding, marker) => {
    const res = await raw('GET', '/assets/built-def456.js', { 'accept-encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const body = encoding === 'br' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
    expect(body.toString()).toContain(marker);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('sends the build file itself to a client that takes no compression', async () => {
    const res = await raw('GET', '/assets/built-def456.js', {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toMatch(/^export const built/);
    expect(res.body.toString()).not.toContain('// from the');
  });

  it('leaves the chat event stream uncompressed, so it streams chunk by chunk', async () => {
    const client = app.client();
    const sessionId = await createSession(client, 'de');
    const body = JSON.stringify({ sessionId, lang: 'de', message: { id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Anna' }] } });
    const res = await raw(
      'POST',
      '/api/chat',
      { 'accept-encoding': 'gzip, deflate, br', 'content-type': 'application/json', cookie: client.cookieHeader },
      body,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    const text = res.body.toString('utf8');
    expect(text).toContain('data: ');
    expect(text).toContain('"type":"finish"');
    // Compressed, the whole reply would arrive as one block when the response ends.
    expect(res.chunks).toBeGreaterThan(1);
  });
});

describe('provider pitch prices', () => {
  it('the public package list carries the live unlock price and the exchange rate', async () => {
    const res = await app
      .client()
      .get<{ packages: { goints: number; requests: number }[]; unlockPriceGoints: number; gointsPerEur: number }>('/api/shop/packages');
    expect(res.status).toBe(200);
    expect(res.body.unlockPriceGoints).toBe(50);
    expect(res.body.gointsPerEur).toBe(10);
    for (const p of res.body.packages) expect(p.goints / res.body.unlockPriceGoints).toBe(p.requests);
  });
});

describe('contact form', () => {
  const valid = { name: 'Erika Muster', email: 'erika@example.com', topic: 'provider', message: 'Wie kann ich als Anbieter mehrere Kategorien wählen?' };

  it('sends a valid message to the operator address', async () => {
    const res = await app.client().post('/api/contact', valid);
    expect(res.status).toBe(200);
    const mail = await app.deps.db.prisma.mailOutbox.findFirst({ where: { to: OPERATOR, template: 'contactMessage' }, orderBy: { createdAt: 'desc' } });
    expect(mail).not.toBeNull();
    expect(mail!.subject).toContain('Erika Muster');
    expect(mail!.text).toContain('erika@example.com');
    expect(mail!.text).toContain('Wie kann ich als Anbieter mehrere Kategorien wählen?');
    expect(mail!.text).toContain('Als Anbieter');
  });

  it('refuses invalid input with translated field errors and sends nothing', async () => {
    const before = await app.deps.db.prisma.mailOutbox.count({ where: { to: OPERATOR } });
    const client = app.client();
    client.lang = 'en';
    const res = await client.post<{ error: { code: string; message: string; fields: { path: string; message: string }[] } }>('/api/contact', {
      ...valid,
      email: 'not-an-address',
      message: 'kurz',
      topic: 'spam',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.message).toBe('Please check your input.');
    expect(res.body.error.fields.map((f) => f.path).sort()).toEqual(['body.email', 'body.message', 'body.topic']);
    expect(res.body.error.fields.every((f) => f.message.length > 0)).toBe(true);
    const extra = await app.client().post<{ error: { code: string } }>('/api/contact', { ...valid, cc: 'someone@example.com' });
    expect(extra.status).toBe(400);
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: OPERATOR } })).toBe(before);
  });

  it('is rate-limited per address with a translated error', async () => {
    // The limit is 3 per window in this file; the tests above used up to 3, so the next ones hit it.
    let last;
    for (let i = 0; i < 4; i++) last = await app.client().post<{ error: { code: string; message: string } }>('/api/contact', valid);
    expect(last!.status).toBe(429);
    expect(last!.body.error.code).toBe('RATE_LIMITED');
    expect(last!.body.error.message).toMatch(/Zu viele Anfragen/);
  });
});
