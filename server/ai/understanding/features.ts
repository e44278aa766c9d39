// What the intent classifier sees of a message. Entities are replaced by their kind first ('#a1b2c3' → xref,
// '25 €' → xmoney): the classifier learns that an approve command carries a reference, not which one. Then,
// per word (lower case, umlauts folded, NLP.js's German and English tokenizers and stemmers):
//   - its stem, and pairs of neighbouring stems;
//   - its concepts from the reviewed lexicon (server/chat/concepts.yaml): 'Kohle', 'Knete' and 'cash' are
//     all money, so a paraphrase the corpus never had still shares its meaning with the trained ones;
//   - negation: a stem after 'nicht'/'kein'/'not'/'no' is also seen as negated ('nicht korrekt' is no 'korrekt');
//   - German compounds split against the words of the corpus ('Provisionsauszahlung' → provision +
//     auszahlung), so a compound the corpus never had reads like its parts;
//   - a word the corpus never had that is one slip away from exactly one word it had ('confrim', 'comfirm' →
//     confirm; a letter missing, added, changed or two swapped), read also as that word, weighted below a
//     word as typed;
//   - character n-grams of longer words (typos, inflections the stemmer misses), weighted low;
// and, for the whole message, a length bucket and whether it is a question. The regular expressions here
// recognise entities only.
import fs from 'node:fs';
import path from 'node:path';
import { StemmerDe, TokenizerDe } from '@nlpjs/lang-de';
import { StemmerEn, TokenizerEn } from '@nlpjs/lang-en';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Lang } from '../../i18n.ts';
import { editDistance } from '../../../core/text.ts';

/** Bumped whenever the features or the training change: a cached model of another version is trained again. */
export const FEATURE_VERSION = 7;

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
  return lang === 'de'
    ? folded
        .replace(/ae/g, 'a')
        .replace(/oe/g, 'o')
        .replace(/(?<!q)ue/g, 'u')
    : folded;
}

/** The message's words, entities masked and folded, hyphenated words taken apart: what the stemmer gets. */
export function wordsOf(text: string, lang: Lang): string[] {
  const masked = foldText(maskEntities(text), lang).replace(/[-_/]+/g, ' ');
  return tokenizers[lang].tokenize(masked, false).filter((w) => w.length > 0);
}

const isEntity = (w: string) => (ENTITY_TOKENS as readonly string[]).includes(w);

// ----- the concept lexicon -----

export const CONCEPTS_FILE = path.resolve(import.meta.dirname, '../../chat/concepts.yaml');

const conceptSchema = z.record(z.string().regex(/^[a-z][a-z-]*$/), z.object({ de: z.array(z.string().min(1)), en: z.array(z.string().min(1)) }).strict());

/** A language's concepts: single words (exact or by their start) and phrases of several words. */
export interface Lexicon {
  words: Map<string, string[]>;
  prefixes: { prefix: string; concept: string }[];
  phrases: { words: string[]; concept: string }[];
}

export type Lexicons = Record<Lang, Lexicon>;

/** The lexicon from its YAML text (the source of the concepts file, folded like messages). */
export function parseLexicon(source: string): Lexicons {
  const data = conceptSchema.parse(parse(source) ?? {});
  const out = {} as Lexicons;
  for (const lang of ['de', 'en'] as const) {
    const lex: Lexicon = { words: new Map(), prefixes: [], phrases: [] };
    for (const [concept, terms] of Object.entries(data)) {
      for (const term of terms[lang]) {
        const folded = foldText(term, lang).trim();
        if (folded.endsWith('*')) lex.prefixes.push({ prefix: folded.slice(0, -1), concept });
        else {
          const words = tokenizers[lang].tokenize(folded.replace(/[-_/]+/g, ' '), false).filter(Boolean);
          if (words.length === 1) {
            const list = lex.words.get(words[0]!) ?? [];
            if (!list.includes(concept)) list.push(concept);
            lex.words.set(words[0]!, list);
          } else if (words.length > 1) lex.phrases.push({ words, concept });
        }
      }
    }
    lex.prefixes.sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
    out[lang] = lex;
  }
  return out;
}

let lexiconSource: string | null = null;
/** The concepts file's text (read once). */
export function lexiconText(): string {
  lexiconSource ??= fs.readFileSync(CONCEPTS_FILE, 'utf8');
  return lexiconSource;
}

function conceptsOfWord(word: string, lex: Lexicon): string[] {
  const exact = lex.words.get(word);
  const out = exact ? [...exact] : [];
  for (const p of lex.prefixes) if (word.startsWith(p.prefix) && !out.includes(p.concept)) out.push(p.concept);
  return out;
}

// ----- the features -----

export interface FeatureOptions {
  /** Weight of the character n-grams against a whole word's 1 (0: none). */
  charWeight?: number;
  /** Weight of a pair of neighbouring words. */
  bigramWeight?: number;
  /** Weight of a concept of the lexicon (0: the lexicon is not used). */
  conceptWeight?: number;
  /** Weight of a part of a split German compound (0: compounds are not split). */
  compoundWeight?: number;
  /** Weight of a negated stem (0: negation is not marked). */
  negationWeight?: number;
  /** Weight of the message's shape: its length bucket and whether it asks (0: none). */
  shapeWeight?: number;
  /** Weight of the corpus word an unknown word is one slip away from (0: no spelling correction). */
  spellWeight?: number;
}

export const DEFAULT_FEATURES: Required<FeatureOptions> = {
  charWeight: 0.25,
  bigramWeight: 0.5,
  conceptWeight: 1,
  compoundWeight: 0.75,
  negationWeight: 1,
  shapeWeight: 0.5,
  spellWeight: 0.75,
};

const NEGATIONS: Record<Lang, ReadonlySet<string>> = {
  de: new Set(['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'keines', 'nie', 'niemals', 'nix', 'nichts', 'ohne']),
  en: new Set(['not', 'no', 'never', 'nothing', 'without', 'dont', 'cant', 'wont', 'didnt', 'doesnt', 'isnt', 'nt']),
};
const QUESTION_WORDS: Record<Lang, ReadonlySet<string>> = {
  de: new Set([
    'wie',
    'was',
    'wo',
    'wann',
    'wer',
    'welche',
    'welcher',
    'welches',
    'wieviel',
    'wieviele',
    'warum',
    'wieso',
    'weshalb',
    'gibt',
    'hat',
    'habe',
    'hab',
    'ist',
    'sind',
    'kann',
    'konnen',
    'konnte',
    'wurde',
    'bin',
  ]),
  en: new Set([
    'how',
    'what',
    'where',
    'when',
    'who',
    'which',
    'why',
    'is',
    'are',
    'was',
    'were',
    'did',
    'do',
    'does',
    'has',
    'have',
    'can',
    'could',
    'any',
    'whats',
    'wheres',
  ]),
};

/** The shortest unknown word that is corrected: shorter ones have too many neighbours one slip away. */
const MIN_CORRECTED = 5;

/** How many words a feature space remembers the split or the correction of (people's words are endless). */
const MEMO_LIMIT = 20_000;
function remember<V>(memo: Map<string, V>, key: string, value: V) {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}

/** The smallest part a compound is split into, and the shortest word that is tried. */
const MIN_PART = 4;
const MIN_COMPOUND = 8;
const LINKS = ['', 's', 'es', 'n', 'en', 'e'];

/**
 * The features of messages in one language. It knows the words of the corpus it was made from (German
 * compounds are split into them) and the lexicon; both are saved with the model, so a model read back sees
 * messages exactly as it was trained.
 */
export class FeatureSpace {
  readonly lang: Lang;
  readonly opts: Required<FeatureOptions>;
  private readonly vocabulary: ReadonlySet<string>;
  private readonly lexicon: Lexicon | null;
  private readonly splits = new Map<string, string[] | null>();
  private readonly corrections = new Map<string, string | null>();
  /** Each corpus word under every string one deletion away from it (symmetric delete), built on first need. */
  private deletions: Map<string, string[]> | null = null;

  constructor(lang: Lang, vocabulary: Iterable<string>, lexicon: Lexicon | null, opts: FeatureOptions = {}) {
    this.lang = lang;
    this.opts = { ...DEFAULT_FEATURES, ...opts };
    this.vocabulary = new Set(vocabulary);
    this.lexicon = this.opts.conceptWeight > 0 ? lexicon : null;
  }

  /** A feature space for a corpus: its vocabulary is every word of the texts (and of the lexicon). */
  static fromTexts(lang: Lang, texts: readonly string[], lexicons: Lexicons | null, opts: FeatureOptions = {}): FeatureSpace {
    const vocabulary = new Set<string>();
    for (const t of texts) for (const w of wordsOf(t, lang)) if (w.length >= MIN_PART && !isEntity(w)) vocabulary.add(w);
    if (lexicons) for (const w of lexicons[lang].words.keys()) if (w.length >= MIN_PART) vocabulary.add(w);
    return new FeatureSpace(lang, [...vocabulary].sort(), lexicons?.[lang] ?? null, opts);
  }

  /** What a saved model keeps of the feature space. */
  vocabularyList(): string[] {
    return [...this.vocabulary];
  }

  /** A German compound's parts from the corpus's words ('provisionsauszahlung' → provision, auszahlung), or null. */
  split(word: string): string[] | null {
    if (this.lang !== 'de' || word.length < MIN_COMPOUND) return null;
    const cached = this.splits.get(word);
    if (cached !== undefined) return cached;
    let best: string[] | null = null;
    // The longest known head whose rest (after a linking s/es/n/en/e) is known or splits again.
    for (let i = word.length - MIN_PART; i >= MIN_PART && !best; i--) {
      const head = word.slice(0, i);
      if (!this.vocabulary.has(head)) continue;
      for (const link of LINKS) {
        if (!word.startsWith(link, i)) continue;
        const rest = word.slice(i + link.length);
        if (rest.length < MIN_PART) continue;
        if (this.vocabulary.has(rest)) {
          best = [head, rest];
          break;
        }
        const more = rest.length >= MIN_COMPOUND ? this.split(rest) : null;
        if (more) {
          best = [head, ...more];
          break;
        }
      }
    }
    remember(this.splits, word, best);
    return best;
  }

  /**
   * The one corpus word an unknown word is a slip away from, or null: for known words, short words,
   * compounds that split into known words, and words with no such neighbour or more than one (then the
   * slip could be either, and guessing would add a meaning the person may not have meant).
   */
  correct(word: string): string | null {
    if (word.length < MIN_CORRECTED || this.vocabulary.has(word) || isEntity(word) || /\d/.test(word)) return null;
    const cached = this.corrections.get(word);
    if (cached !== undefined) return cached;
    // Symmetric delete: a word one edit (insertion, deletion, substitution or swap of neighbours) from a
    // corpus word shares a string of one deletion with it, or is one. The candidates of those few lookups are
    // checked with editDistance; comparing the word with every corpus word of a similar length instead cost
    // milliseconds per unknown word, tens of them in a long message.
    const index = this.deletionIndex();
    const candidates = new Set<string>();
    const take = (key: string) => {
      for (const v of index.get(key) ?? []) candidates.add(v);
    };
    take(word);
    for (let i = 0; i < word.length; i++) {
      const d = word.slice(0, i) + word.slice(i + 1);
      if (this.vocabulary.has(d)) candidates.add(d);
      take(d);
    }
    let found: string | null = null;
    let count = 0;
    if (!this.split(word)) {
      for (const v of candidates) {
        if (v.length < MIN_CORRECTED || v === word || editDistance(word, v, 1) > 1) continue;
        found = v;
        if (++count > 1) break;
      }
    }
    const out = count === 1 ? found : null;
    remember(this.corrections, word, out);
    return out;
  }

  private deletionIndex(): Map<string, string[]> {
    if (this.deletions) return this.deletions;
    const index = new Map<string, string[]>();
    for (const v of this.vocabulary) {
      if (v.length < MIN_CORRECTED) continue;
      for (let i = 0; i < v.length; i++) {
        const d = v.slice(0, i) + v.slice(i + 1);
        const list = index.get(d);
        if (!list) index.set(d, [v]);
        else if (!list.includes(v)) list.push(v);
      }
    }
    this.deletions = index;
    return index;
  }

  features(text: string): Record<string, number> {
    const o = this.opts;
    const lang = this.lang;
    const words = wordsOf(text, lang);
    const stemmer = stemmers[lang];
    const stems = words.map((w) => (isEntity(w) ? w : stemmer.stemWord(w)));
    const features: Record<string, number> = Object.create(null);
    const add = (key: string, weight: number) => {
      if (weight > 0) features[key] = Math.max(features[key] ?? 0, weight);
    };
    // A negation reaches the two words after it ('nicht ganz korrekt', 'not quite right').
    const negated = new Set<number>();
    stems.forEach((s, i) => {
      const w = words[i]!;
      add(`w:${s}`, 1);
      add(`b:${i === 0 ? '^' : stems[i - 1]}_${s}`, o.bigramWeight);
      if (negated.has(i)) add(`n:${s}`, o.negationWeight);
      if (NEGATIONS[lang].has(w)) {
        add('n:', o.negationWeight);
        negated.add(i + 1).add(i + 2);
      }
    });
    if (stems.length) add(`b:${stems[stems.length - 1]}_$`, o.bigramWeight);
    // A slip of the keys reads also as the word it missed ('confrim' → confirm), below a word as typed.
    const corrected = o.spellWeight > 0 ? words.map((w) => this.correct(w)) : [];
    for (const c of corrected) if (c) add(`w:${stemmer.stemWord(c)}`, o.spellWeight);
    if (o.compoundWeight > 0) {
      for (const w of words) {
        const parts = this.split(w);
        if (!parts) continue;
        for (const p of parts) add(`w:${stemmer.stemWord(p)}`, o.compoundWeight);
      }
    }
    if (this.lexicon) {
      const lex = this.lexicon;
      words.forEach((w, i) => {
        const own = conceptsOfWord(w, lex);
        for (const c of own) add(`k:${c}`, o.conceptWeight);
        const fixed = corrected[i];
        if (fixed && !own.length) for (const c of conceptsOfWord(fixed, lex)) add(`k:${c}`, o.conceptWeight * o.spellWeight);
        if (negated.has(i)) for (const c of own) add(`n:k:${c}`, o.negationWeight);
        // The parts of a compound bring their concepts ('Provisionsauszahlung': commission and payout).
        const parts = o.compoundWeight > 0 ? this.split(w) : null;
        if (parts) for (const p of parts) for (const c of conceptsOfWord(p, lex)) add(`k:${c}`, o.conceptWeight * o.compoundWeight);
      });
      for (const ph of lex.phrases) {
        for (let i = 0; i + ph.words.length <= words.length; i++) {
          if (ph.words.every((pw, j) => words[i + j] === pw)) {
            add(`k:${ph.concept}`, o.conceptWeight);
            break;
          }
        }
      }
    }
    if (o.charWeight > 0) {
      for (const w of words) {
        if (isEntity(w) || w.length < 4) continue;
        const padded = `<${w}>`;
        for (let n = 4; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(`c:${padded.slice(i, i + n)}`, o.charWeight);
      }
    }
    if (o.shapeWeight > 0) {
      const n = words.length;
      add(`l:${n <= 1 ? '1' : n === 2 ? '2' : n <= 4 ? '4' : n <= 8 ? '8' : n <= 15 ? '15' : 'long'}`, o.shapeWeight);
      if (text.includes('?') || (words[0] !== undefined && QUESTION_WORDS[lang].has(words[0]))) add('q:', o.shapeWeight);
    }
    return features;
  }
}
