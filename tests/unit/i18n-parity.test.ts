// German and English locale files must have exactly the same keys, namespace by namespace.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../core/i18n/locales');
const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];
const load = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8'));

describe('locale files', () => {
  it('exist for the same namespaces in German and English', () => {
    expect(fs.readdirSync(path.join(dir, 'en')).sort()).toEqual(fs.readdirSync(path.join(dir, 'de')).sort());
  });
  for (const file of fs.readdirSync(path.join(dir, 'de'))) {
    it(`${file} has the same keys in both languages, none empty`, () => {
      const de = keys(load('de', file)).sort();
      const en = keys(load('en', file)).sort();
      expect(
        de.filter((k) => !en.includes(k)),
        'in de only',
      ).toEqual([]);
      expect(
        en.filter((k) => !de.includes(k)),
        'in en only',
      ).toEqual([]);
      const empty = (o: unknown, p = ''): string[] =>
        typeof o === 'string' ? (o.trim() ? [] : [p]) : Object.entries(o as object).flatMap(([k, v]) => empty(v, `${p}.${k}`));
      expect([...empty(load('de', file)), ...empty(load('en', file))]).toEqual([]);
    });
  }
});
