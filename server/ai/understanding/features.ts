// What the intent classifier sees of a message: its words, stemmed for the language (NLP.js's German and
// English stemmers), pairs of neighbouring words, and the character n-grams of each word (so a typo or a
// German compound still shares most of its features with the trained words). Entities are replaced by
// their kind first ('#a1b2c3' → xref, '25 €' → xmoney): the classifier learns that an approve command
// carries a reference, not which one. The regular expressions here recognise entities only.
import { StemmerDe, TokenizerDe } from '@nlpjs/lang-de';
import { StemmerEn, TokenizerEn } from '@nlpjs/lang-en';
import type { Lang } from '../../i18n.ts';

/** Bumped whenever the features change: a cached model of another version is trained again. */
export const FEATURE_VERSION = 3;

const tokenizers = { de: new TokenizerDe(), en: new TokenizerEn() };
const stemmers = { de: new StemmerDe(), en: new StemmerEn() };

/** The entity kinds a message may carry, as the tokens that stand in for them. */
export const ENTITY_TOKENS = ['xurl', 'xemail', 'xiban', 'xref', 'xpct', 'xmoney', 'xtime', 'xplz', 'xnum'] as const;
export type EntityToken = (typeof ENTITY_TOKENS)[number];

const ENTITY_PATTERNS: readonly (readonly [RegExp, EntityToken])[] = [
  [/\b(?:https?:\/\/|www\.)\S+/gi, 'xurl'],
  [/[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)+/gu, 'xemail'],
  [/\b[a-z]{2}\d{2}(?:[ ]?[a-z\d]{4}){3,7}(?:[ ]?[a-z\d]{1,3})?\b/gi, 'xiban'],
  // '#a1b2c3', or a bare six-to-eight-character hex id with a digit in it
  [/#[\da-f]{4,36}\b/gi, 'xref'],
  [/\b(?=[a-f]*\d)(?=\d*[a-f])[\da-f]{6,8}\b/gi, 'xref'],
  [/\d+(?:[.,]\d+)?\s?(?:%|prozent\b|percent\b|pct\b|pro\s?zent\b)/gi, 'xpct'],
  [/(?:€|\$|£|\beur\b|\beuro?s?\b)\s?\d+(?:[.,]\d+)*(?:\s?k\b)?/gi, 'xmoney'],
  [/\d+(?:[.,]\d+)*(?:\s?k)?\s?(?:€|\$|£|\beur\b|\beuros?\b|\bbucks\b|\bdollars?\b|\btacken\b|\bocken\b|\bkroeten\b|\bkröten\b)/gi, 'xmoney'],
  [/\b\d{1,2}(?::\d{2})?\s?(?:uhr\b|h\b|am\b|pm\b|o'?clock\b)|\b\d{1,2}:\d{2}\b/gi, 'xtime'],
  [/\b\d{5}\b/g, 'xplz'],
  [/\d+(?:[.,]\d+)*/g, 'xnum'],
];

/** The message with each entity replaced by its kind's token. */
export function maskEntities(text: string): string {
  let out = text;
  for (const [pattern, token] of ENTITY_PATTERNS) out = out.replace(pattern, ` ${token} `);
  return out;
}

/**
 * Lower case, accents, umlauts and ß folded; in German also the transliterations people type without
 * umlauts ('moechte', 'ueberweisen'), so 'möchte' and 'moechte' become one word. Applied alike to what the
 * classifier learns and what it reads: a word that really holds 'ue' ('neue') is only spelled differently.
 */
export function foldText(text: string, lang: Lang): string {
  const folded = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return lang === 'de' ? folded.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/(?<!q)ue/g, 'u') : folded;
}

/** The message's words, entities masked and folded: what the stemmer gets. */
export function wordsOf(text: string, lang: Lang): string[] {
  const masked = foldText(maskEntities(text), lang);
  return tokenizers[lang].tokenize(masked, false).filter((w) => w.length > 0);
}

export interface FeatureOptions {
  /** Weight of the character n-grams against a whole word's 1. */
  charWeight?: number;
  /** Weight of a pair of neighbouring words. */
  bigramWeight?: number;
}

const isEntity = (w: string) => (ENTITY_TOKENS as readonly string[]).includes(w);

/** The features of a message in one language: stems, stem pairs, and character n-grams of each word. */
export function featuresOf(text: string, lang: Lang, opts: FeatureOptions = {}): Record<string, number> {
  const charWeight = opts.charWeight ?? 0.25;
  const bigramWeight = opts.bigramWeight ?? 0.5;
  const words = wordsOf(text, lang);
  const stems = words.map((w) => (isEntity(w) ? w : stemmers[lang].stemWord(w)));
  const features: Record<string, number> = Object.create(null);
  const add = (key: string, weight: number) => {
    features[key] = Math.max(features[key] ?? 0, weight);
  };
  stems.forEach((s, i) => {
    add(`w:${s}`, 1);
    add(`b:${i === 0 ? '^' : stems[i - 1]}_${s}`, bigramWeight);
  });
  if (stems.length) add(`b:${stems[stems.length - 1]}_$`, bigramWeight);
  if (charWeight > 0) {
    for (const w of words) {
      if (isEntity(w) || w.length < 4) continue;
      const padded = `<${w}>`;
      for (let n = 4; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`, charWeight);
    }
  }
  return features;
}
