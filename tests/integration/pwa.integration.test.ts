// The installable app over HTTP (decision 036): the service worker and its offline page are never cached for
// long (a new build must reach everybody), hashed files are, and all of them arrive compressed.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { buildServiceWorker } from '../../src/pwa/build-plugin.ts';
import { renderOfflinePage } from '../../src/pwa/offline-page.ts';
import de from '../../core/i18n/locales/de/pwa.json' with { type: 'json' };
import en from '../../core/i18n/locales/en/pwa.json' with { type: 'json' };

let app: TestApp;
let clientDir: string;
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  // A built client as the build writes it: the worker, the offline page, the manifest and a hashed file.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-pwa-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="de"><head><title>akut</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'sw.js'), buildServiceWorker('test-build'));
  fs.writeFileSync(path.join(clientDir, 'offline.html'), renderOfflinePage({ de: de.offline, en: en.offline }));
  fs.copyFileSync(path.join(root, 'public/manifest.webmanifest'), path.join(clientDir, 'manifest.webmanifest'));
  fs.writeFileSync(
    path.join(clientDir, 'assets/app-abc123.js'),
    `export const words = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `word ${i}`))};\n`,
  );
  app = await startTestApp({}, { clientDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(app.baseUrl + pathname, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('service worker files', () => {
  it.each(['/sw.js', '/offline.html', '/manifest.webmanifest'])('%s is revalidated on every load, never kept for long', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('hashed build files are kept for a year', async () => {
    expect((await get('/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the worker as JavaScript and the manifest as a web app manifest', async () => {
    expect((await get('/sw.js')).headers['content-type']).toMatch(/javascript/);
    expect((await get('/manifest.webmanifest')).headers['content-type']).toMatch(/application\/manifest\+json/);
  });

  it.each(['/sw.js', '/offline.html'])('%s arrives compressed', async (p) => {
    expect((await get(p, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await get(p, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });
});
