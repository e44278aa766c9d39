// Vite plugin (build only): writes the service worker, the offline page and its script into dist/ (decision
// 036). The service worker's BUILD changes with every build whose files change, so browsers install the new
// one and drop the caches of the old.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { renderOfflinePage, type OfflineTexts } from './offline-page.ts';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');

/** Stored when the worker installs: the offline page and what it shows, the manifest and its icons. */
export const PRECACHE = [
  '/offline.html',
  '/offline.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
];

function offlineTexts(lang: 'de' | 'en'): OfflineTexts {
  const file = path.join(root, 'core/i18n/locales', lang, 'pwa.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { offline: OfflineTexts }).offline;
}

/** The service worker's source with its build id and precache list filled in. */
export function buildServiceWorker(build: string, precache: readonly string[] = PRECACHE): string {
  const source = fs.readFileSync(path.join(here, 'sw.js'), 'utf8');
  const filled = source.replace("'__BUILD__'", JSON.stringify(build)).replace("/* __PRECACHE__ */ ['/offline.html']", JSON.stringify(precache));
  if (filled.includes('__BUILD__') || filled.includes('__PRECACHE__')) throw new Error('src/pwa/sw.js: placeholders not found');
  return filled;
}

export function pwaPlugin(): Plugin {
  return {
    name: 'akut-pwa',
    apply: 'build',
    generateBundle(_options, bundle) {
      const offlineHtml = renderOfflinePage({ de: offlineTexts('de'), en: offlineTexts('en') });
      const offlineJs = fs.readFileSync(path.join(here, 'offline.js'), 'utf8');
      const publicFiles = PRECACHE.filter((p) => fs.existsSync(path.join(root, 'public', p))).map((p) => fs.readFileSync(path.join(root, 'public', p)));
      const hash = crypto.createHash('sha256');
      for (const part of [offlineHtml, offlineJs, fs.readFileSync(path.join(here, 'sw.js'), 'utf8'), ...Object.keys(bundle).sort(), ...publicFiles])
        hash.update(part);
      const build = hash.digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlineHtml });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: offlineJs });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: buildServiceWorker(build) });
    },
  };
}
