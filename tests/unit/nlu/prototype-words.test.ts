// Issue 24: a person's word is never looked up as a property of a plain object ('constructor' found Object in
// the place table and crashed the extraction). Every text parser gets every name Object.prototype carries,
// alone, in other cases and inside random text, and must neither throw nor take the word for something it is not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categoryFromLabel,
  checkFirstName,
  classifyCategory,
  detectUrgency,
  extractDate,
  extractLocation,
  extractMessage,
  findCars,
  findContacts,
  findMoney,
  mergeRequest,
  parseBudget,
  parseFormOutput,
  redactContact,
  urgencyFromLabel,
  urgencyFromWords,
} from '../../../server/ai/nlu/index.ts';
import { numberWordDigits } from '../../../core/redaction/contact.ts';
import { daysUntilNamedTime } from '../../../server/ai/nlu/urgency.ts';
import { fold, foldSameLength } from '../../../core/text.ts';
import { findPlace, isKnownPostcode, lookupPostcode, placeKey, placeOfPostcode, resolvePlace } from '../../../server/integrations/geo/postcodes.ts';
import { parseAmount, parseEuroCents, parseEuroRange } from '../../../core/money/parse-money.ts';
import { parsePercentBp } from '../../../core/prices/price-input.ts';
import { cleanSpeechText } from '../../../server/integrations/tts/speech-text.ts';
import { sepaText } from '../../../server/integrations/sepa/pain001.ts';
import { PROTOTYPE_WORDS, prototypeTexts } from '../../helpers/prototype-words.ts';

const now = new Date('2026-03-10T10:00:00Z');
const variants = (w: string) => [w, w.toLowerCase(), w.toUpperCase(), w[0]!.toUpperCase() + w.slice(1), w.replace(/_/g, '')];
const WORDS = [...new Set(PROTOTYPE_WORDS.flatMap(variants))];

/** Every parser a person's text reaches, run on one text; throws when one of them does. */
function parseAll(text: string, lang: 'de' | 'en') {
  const r = extractMessage(text, { lang, now });
  mergeRequest(r, extractMessage(text, { lang, now, expect: 'category' }));
  parseFormOutput(`Kategorie: ${text}; ${text}: ${text}`, { lang, now });
  extractLocation(text, { lang, expectPlace: true });
  extractLocation(text, { lang, category: 'urlaub_reisen' });
  classifyCategory(text, { lang });
  categoryFromLabel(text);
  parseBudget(text, { assumeMoney: true });
  findMoney(text);
  extractDate(text, { lang, now });
  detectUrgency(text, { lang, now });
  urgencyFromWords(text, lang);
  urgencyFromLabel(text);
  daysUntilNamedTime(text, now);
  findContacts(text);
  redactContact(text, lang);
  findCars(text);
  checkFirstName(text);
  for (const word of text.split(/\s+/)) numberWordDigits(word);
  fold(text);
  foldSameLength(text);
  placeKey(text);
  resolvePlace(text);
  findPlace(text);
  lookupPostcode(text);
  isKnownPostcode(text);
  placeOfPostcode(text);
  parseAmount(text);
  parseEuroCents(text);
  parseEuroRange(text);
  parsePercentBp(text);
  cleanSpeechText(`${text} &${text}; &amp;`);
  sepaText(text);
  return r;
}

describe('every parser with the names of Object.prototype', () => {
  it.each(['de', 'en'] as const)('the table of texts (%s) parses without an exception', (lang) => {
    for (const text of prototypeTexts(lang)) expect(() => parseAll(text, lang), text).not.toThrow();
  });

  it('a prototype name is no place, category, urgency, date, number or amount', () => {
    for (const w of WORDS) {
      expect(extractLocation(w, { lang: 'de', expectPlace: true }).place, w).toBeNull();
      expect(extractLocation(`in ${w}`, { lang: 'en' }).place, w).toBeNull();
      expect(resolvePlace(w), w).toBeNull();
      expect(categoryFromLabel(w), w).toBeNull();
      expect(urgencyFromLabel(w), w).toBeNull();
      expect(extractDate(`am ${w}`, { lang: 'de', now }).date, w).toBeNull();
      expect(extractDate(`on ${w} 3`, { lang: 'en', now }).date, w).toBeNull();
      expect(numberWordDigits(w), w).toBeNull();
      expect(numberWordDigits(`${w}und${w}`), w).toBeNull();
      expect(numberWordDigits(`twenty-${w}`), w).toBeNull();
      expect(parseBudget(w, { assumeMoney: true }), w).toBeNull();
      expect(cleanSpeechText(`a &${w}; b`), w).not.toMatch(/function|native code|\[object/);
    }
  });

  it("a form's labels stay the person's own fields, '__proto__' and 'constructor' included", () => {
    const r = parseFormOutput('Kategorie: Handwerk; __proto__: Dach; constructor: Ziegel; toString: rot', { lang: 'de', now });
    expect(r.category).toBe('handwerk');
    expect(r.details.fields).toMatchObject({ constructor: 'Ziegel', toString: 'rot' });
    expect(Object.hasOwn(r.details.fields!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(r.details.fields)).toBe(Object.prototype);
    expect(r.description).toContain('__proto__: Dach');
  });

  it('random text around prototype names never throws (property)', () => {
    const word = fc.constantFrom(...WORDS);
    const filler = fc.constantFrom(...'in bei near ab bis am Kategorie: ; , Klempner Köln 50667 300€ morgen null zwei twenty- und # & -'.split(' '));
    const text = fc.array(fc.oneof(word, filler, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 12 }).map((parts) => parts.join(' '));
    fc.assert(
      fc.property(text, fc.constantFrom('de' as const, 'en' as const), (t, lang) => {
        parseAll(t, lang);
      }),
      { numRuns: 300 },
    );
  });
});
