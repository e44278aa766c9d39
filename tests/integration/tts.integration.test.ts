import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { speechSynthesizer } from '../../server/integrations/tts/synthesizer.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
  await speechSynthesizer.close();
});

/** The TestClient reads bodies as text; audio needs the bytes. */
async function postTts(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.baseUrl}/api/tts`, {
    method: 'POST',
    headers: { origin: app.baseUrl, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

function expectWav(bytes: Uint8Array) {
  expect(ascii(bytes, 0, 4)).toBe('RIFF');
  expect(ascii(bytes, 8, 12)).toBe('WAVE');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
  expect(view.getUint32(24, true)).toBe(22050);
  // At least half a second of sound for a short sentence.
  expect(bytes.byteLength).toBeGreaterThan(22050);
}

describe('POST /api/tts', () => {
  it('reads a German and an English sentence aloud as WAV', async () => {
    const de = await postTts({ text: 'Hallo! Wie kann ich dir heute helfen?', lang: 'de' });
    expect(de.res.status).toBe(200);
    expect(de.res.headers.get('content-type')).toMatch(/^audio\/wav/);
    expect(de.res.headers.get('content-language')).toBe('de');
    expectWav(de.bytes);

    const en = await postTts({ text: 'Hello! How can I help you today?', lang: 'en-GB' });
    expect(en.res.status).toBe(200);
    expect(en.res.headers.get('content-language')).toBe('en');
    expectWav(en.bytes);
  });

  it('picks the voice from lang, else from the request language', async () => {
    const text = 'Guten Morgen, Berlin.';
    const de = await postTts({ text });
    const en = await postTts({ text }, { 'x-akut-lang': 'en' });
    const enByBody = await postTts({ text, lang: 'en' });
    expect(de.res.headers.get('content-language')).toBe('de');
    expect(en.res.headers.get('content-language')).toBe('en');
    expect(Buffer.from(en.bytes).equals(Buffer.from(de.bytes))).toBe(false);
    expect(Buffer.from(enByBody.bytes).equals(Buffer.from(en.bytes))).toBe(true);
  });

  it('leaves markup out: a link reads like its words', async () => {
    const plain = await postTts({ text: 'Mehr dazu auf unserer Seite.' });
    const marked = await postTts({ text: '**Mehr dazu** auf [unserer Seite](https://akut.example/hilfe).' });
    expect(Buffer.from(marked.bytes).equals(Buffer.from(plain.bytes))).toBe(true);
  });

  it('answers empty, too long and unreadable text with 400 and a translated message', async () => {
    for (const text of ['', '   ', 'a'.repeat(1001), '👍 https://akut.example']) {
      const de = await app.client().post<{ error: { code: string; message: string; fields: { path: string }[] } }>('/api/tts', { text });
      expect(de.status, JSON.stringify(text.slice(0, 20))).toBe(400);
      expect(de.body.error.code).toBe('VALIDATION_FAILED');
      expect(de.body.error.message).toBe('Bitte prüfe deine Eingaben.');
      expect(de.body.error.fields[0]!.path).toBe('body.text');
    }
    const en = await app.client().post<{ error: { message: string } }>('/api/tts', { text: 'a'.repeat(1001) }, { 'x-akut-lang': 'en' });
    expect(en.status).toBe(400);
    expect(en.body.error.message).toBe('Please check your input.');
    const missing = await app.client().post<{ error: { code: string } }>('/api/tts', {});
    expect(missing.status).toBe(400);
  });

  it('accepts exactly 1,000 characters', async () => {
    const text = 'Das ist ein Satz. '.repeat(60).slice(0, 1000);
    const res = await postTts({ text });
    expect(res.res.status).toBe(200);
    expectWav(res.bytes);
  });

  it('is documented in the OpenAPI document as public, rate-limited audio', async () => {
    const doc = (
      await app
        .client()
        .get<{ paths: Record<string, Record<string, { 'x-roles': string[]; responses: Record<string, { content?: Record<string, unknown> }> }>> }>(
          '/api/openapi.json',
        )
    ).body;
    const op = doc.paths['/api/tts']?.post;
    expect(op?.['x-roles']).toContain('anonymous');
    expect(Object.keys(op?.responses['200']?.content ?? {})).toEqual(['audio/wav']);
    expect(op?.responses['429']).toBeDefined();
  });
});
