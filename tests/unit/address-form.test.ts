// akut says 'du' to every role in German (decision 047): pages, chat, e-mails, errors and the system prompts.
// A formal pronoun ('Sie', 'Ihnen', 'Ihr…') inside a sentence, or 'Ihnen' anywhere, fails this test; a
// sentence that starts with 'Sie' or 'Ihr' is third person ('they', 'it'), listed here by its key.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DE = path.resolve(import.meta.dirname, '../../core/i18n/locales/de');
const PROMPTS = path.resolve(import.meta.dirname, '../../prompts/de');

/** Keys whose sentence-initial 'Sie' / 'Ihre' means 'they' / 'it' (checked by hand). */
const THIRD_PERSON = new Set([
  'chat:confirm.summary.setCategoryPrice',
  'deals:inquiry.text',
  'errors:LAST_ADMIN',
  'legal:terms.groups.2.items.1',
  'legal:terms.groups.3.items.0',
  'shop:checkout.banner.text',
]);

function strings(value: unknown, key: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${key}.${i}`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, key.endsWith(':') ? `${key}${k}` : `${key}.${k}`, out);
}

const FORMAL_ANYWHERE = /\bIhnen\b/;
// Capitalised 'Sie' / 'Ihr…' after a word inside a sentence is the formal address.
const FORMAL_INSIDE = /(?<![.!?:;„"“(–]\s*|^\s*)(?<=\S\s+)\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/;
const FORMAL_START = /(^|[.!?:]\s+|„)(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/;

export function formalOf(text: string): string | null {
  return FORMAL_ANYWHERE.exec(text)?.[0] ?? FORMAL_INSIDE.exec(text)?.[0] ?? null;
}

describe('German texts say du', () => {
  const all: [string, string][] = [];
  for (const file of fs.readdirSync(DE).filter((f) => f.endsWith('.json')))
    strings(JSON.parse(fs.readFileSync(path.join(DE, file), 'utf8')), `${file.slice(0, -5)}:`, all);

  it('the scanner finds the formal address and leaves du alone', () => {
    expect(formalOf('Bitte geben Sie Ihre PayPal E-Mail-Adresse ein.')).toBe('Sie');
    expect(formalOf('Ihnen wurde nichts berechnet.')).toBe('Ihnen');
    expect(formalOf('Mit Ihrem Profil erhalten Sie 50 Goints.')).toBe('Ihrem');
    expect(formalOf('Bitte gib deine PayPal-E-Mail-Adresse ein.')).toBeNull();
    expect(formalOf('Sie antworten dir an deine E-Mail-Adresse.')).toBeNull();
  });

  it('no locale text addresses the person formally', () => {
    const formal = all.filter(([key, text]) => formalOf(text) !== null || (FORMAL_START.test(text) && !THIRD_PERSON.has(key)));
    expect(formal.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('the German system prompts say du too', () => {
    const files = fs.readdirSync(PROMPTS, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const text = fs.readFileSync(path.join(PROMPTS, file), 'utf8');
      expect(formalOf(text), file).toBeNull();
    }
  });
});
