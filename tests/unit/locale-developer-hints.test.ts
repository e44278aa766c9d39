// Texts a person reads (pages, chat, mails, errors) never carry hints meant for developers: app paths to type
// in, server logs, the mail outbox, commands or environment variables (decision 036). Such notes belong in
// the README. The admin area's own outbox viewer is a screen of the product, so its name may say so.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../core/i18n/locales');

const strings = (o: unknown, p: string): [string, string][] =>
  typeof o === 'string' ? [[p, o]] : o && typeof o === 'object' ? Object.entries(o).flatMap(([k, v]) => strings(v, `${p}.${k}`)) : [];

const HINTS: { name: string; pattern: RegExp; except?: RegExp }[] = [
  // '/auth', '(/admin)', '„/search“' in running text; a web address (https://...) is not a path to type in.
  { name: 'an app path', pattern: /(^|[\s(„"'“])\/[a-z][\w-]*/i },
  // The privacy policy must tell people what the server logs keep; that is not a hint to look into them.
  { name: 'the server log', pattern: /server[- ]?log/i, except: /^legal\.privacy\./ },
  { name: 'the mail outbox', pattern: /\boutbox\b|postausgang/i, except: /^admin\./ },
  { name: 'a command', pattern: /\bnpm (run|start|test)\b|\bnode [\w/.-]+\.ts\b/ },
  // The admin overview's database tools explain the operator's commands and the variables they read.
  { name: 'an environment variable', pattern: /\b[A-Z][A-Z0-9]*_[A-Z0-9_]*(URL|KEY|SECRET|EMAIL|DIR|HOST|PORT)\b/, except: /^admin\.overview\.db\./ },
  { name: 'localhost', pattern: /localhost|127\.0\.0\.1/ },
];

const all = ['de', 'en'].flatMap((lang) =>
  fs
    .readdirSync(path.join(dir, lang))
    .flatMap((file) =>
      strings(JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')), `${file.replace(/\.json$/, '')}`).map(([key, text]) => ({ lang, key, text })),
    ),
);

describe('user-facing texts', () => {
  it('are there to check', () => {
    expect(all.length).toBeGreaterThan(1000);
  });

  for (const hint of HINTS) {
    it(`never show ${hint.name}`, () => {
      const found = all.filter(({ key, text }) => hint.pattern.test(text) && !hint.except?.test(key)).map(({ lang, key, text }) => `${lang}:${key}: ${text}`);
      expect(found).toEqual([]);
    });
  }

  it('the checks catch the hints this test was written for', () => {
    const caught = (text: string, key = 'auth.hints.x') => HINTS.some((h) => h.pattern.test(text) && !h.except?.test(key));
    expect(caught('Du kannst dich kostenlos unter /auth registrieren.')).toBe(true);
    expect(caught('Der Link steht im Server-Log, Admins sehen ihn unter /admin.')).toBe(true);
    expect(caught('Without a mail server, e-mails go to the outbox.')).toBe(true);
    expect(caught('Setze OPENAI_API_KEY in .env.')).toBe(true);
    expect(caught('Postausgang', 'admin.outbox.title')).toBe(false);
    expect(caught('Daten von GeoNames (https://www.geonames.org/export/) unter CC BY 4.0.')).toBe(false);
    expect(caught('Registriere dich kostenlos, um die Antworten zu sehen.')).toBe(false);
  });
});
