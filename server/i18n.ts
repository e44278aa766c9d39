// The server speaks with the same locale files as the client (core/i18n/locales/<lng>/<ns>.json).
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type Resource, type ResourceLanguage, type TFunction } from 'i18next';
import { numberFormatter } from '../core/i18n/number-formatter.ts';

export const LANGUAGES = ['de', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'de';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../core/i18n/locales');

function loadResources() {
  const resources: Resource = {};
  for (const lng of LANGUAGES) {
    const language: ResourceLanguage = {};
    resources[lng] = language;
    for (const file of fs.readdirSync(path.join(LOCALES_DIR, lng))) {
      if (!file.endsWith('.json')) continue;
      language[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lng, file), 'utf8'));
    }
  }
  return resources;
}

const instance = i18next.createInstance().use(numberFormatter);
void instance.init({
  resources: loadResources(),
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false, alwaysFormat: true },
  initAsync: false,
});

export function normalizeLang(value: string | undefined | null): Lang {
  const v = (value ?? '').toLowerCase();
  return v.startsWith('en') ? 'en' : v.startsWith('de') ? 'de' : DEFAULT_LANG;
}

/** A translator fixed to one language. */
export function translator(lang: Lang): TFunction {
  return instance.getFixedT(lang);
}

/** Picks the language of an HTTP request: ?lng, then the i18next cookie/header the client sends, then Accept-Language. */
export function langFromRequest(req: { query?: unknown; headers: Record<string, string | string[] | undefined> }): Lang {
  const q = req.query as Record<string, unknown> | undefined;
  if (typeof q?.lng === 'string') return normalizeLang(q.lng);
  const header = req.headers['x-akut-lang'];
  if (typeof header === 'string' && header) return normalizeLang(header);
  const accept = req.headers['accept-language'];
  if (typeof accept === 'string' && accept) {
    const first = accept.split(',')[0]?.trim();
    if (first?.toLowerCase().startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}
