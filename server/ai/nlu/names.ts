// First-name check for the chat greeting. Accepted: one word of letters (any script's letters,
// umlauts and accents included) and inner hyphens, not a known surname.
// Rule: a word found among known first names is accepted; otherwise it is rejected when it is a known
// surname; otherwise it is accepted (well-formed but unknown names are real names too).
// Lists: @faker-js/faker (de and en person.first_name / person.last_name) and the German map of
// gender-detection-from-name; read from the packages on first use (about 40 ms), then Set lookups.
import { createRequire } from 'node:module';
import { fold } from '../../../core/text.ts';
import type { NameRejection } from '../../../core/chat/output-types.ts';
export type { NameRejection } from '../../../core/chat/output-types.ts';

export type NameCheck = { ok: true; name: string } | { ok: false; reason: NameRejection };

export const MAX_NAME_LENGTH = 40;

interface NameLists {
  first: Set<string>;
  last: Set<string>;
}

let lists: NameLists | null = null;

interface FakerLocaleModule {
  faker: { rawDefinitions: { person?: { first_name?: Record<string, string[]> | string[]; last_name?: Record<string, string[]> | string[] } } };
}

function values(v: Record<string, string[]> | string[] | undefined): string[] {
  if (!v) return [];
  return Array.isArray(v) ? v : Object.values(v).flat();
}

function loadLists(): NameLists {
  if (lists) return lists;
  const require = createRequire(import.meta.url);
  // The locale entry points hold the raw word lists; no random generator is called.
  const locales = [require('@faker-js/faker/locale/de') as FakerLocaleModule, require('@faker-js/faker/locale/en') as FakerLocaleModule];
  const germanFirstNames = require('gender-detection-from-name/names/de.js') as Map<string, string>;
  const first = new Set<string>();
  const last = new Set<string>();
  for (const { faker } of locales) {
    for (const n of values(faker.rawDefinitions.person?.first_name)) first.add(fold(n));
    for (const n of values(faker.rawDefinitions.person?.last_name)) last.add(fold(n));
  }
  for (const n of germanFirstNames.keys()) first.add(fold(n));
  lists = { first, last };
  return lists;
}

export function isKnownFirstName(word: string): boolean {
  return loadLists().first.has(fold(word));
}

export function isKnownSurname(word: string): boolean {
  return loadLists().last.has(fold(word));
}

const MARKUP = /<[^>]*>|<\/?[a-z]|&[a-z#0-9]+;|[<>]|\[\/?[a-z]+\]|javascript:/i;
const NAME = /^\p{L}\p{M}*(?:\p{L}\p{M}*)*(?:-\p{L}\p{M}*(?:\p{L}\p{M}*)*)*$/u;

/** 'jürgen' → 'Jürgen', 'ANNE-MARIE' → 'Anne-Marie'; mixed case as typed ('DeShawn') is kept. */
function normaliseCase(word: string): string {
  const hasUpper = word !== word.toLowerCase();
  const hasLower = word !== word.toUpperCase();
  if (hasUpper && hasLower && word[0] === word[0]!.toUpperCase()) return word;
  return word
    .toLowerCase()
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('-');
}

// Words people answer the name question with that are no names: greetings, thanks, yes and no ('Hallo' is
// not taken for a first name, whatever the name lists say).
const NOT_NAMES = new Set(
  (
    'hallo hello hallöchen halli hi hey heyho hai huhu moin moinmoin servus tach tag tagchen gutentag grüezi grüß gruss grüss salut ciao ' +
    'hola howdy yo na morgen abend mahlzeit danke dankeschön thanks thank cheers bye tschüss tschau ' +
    'ja jo jep nein nee nö yes yeah yep no nope ok okay okey gut super prima'
  )
    .split(' ')
    .map((w) => fold(w)),
);

/**
 * `stated`: the person said it is their name ('call me Jo', 'ich heiße Jo'). Then a word that is a greeting or
 * a yes as well as a first name in the lists ('Jo') is taken as the name; said alone it stays a greeting.
 */
export function checkFirstName(input: string, opts: { stated?: boolean } = {}): NameCheck {
  const text = input.normalize('NFC').trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (text.length > MAX_NAME_LENGTH) return { ok: false, reason: 'too_long' };
  if (MARKUP.test(text)) return { ok: false, reason: 'markup' };
  if (/\s/.test(text)) return { ok: false, reason: 'two_words' };
  if (/\p{N}/u.test(text)) return { ok: false, reason: 'digits' };
  if (!NAME.test(text)) return { ok: false, reason: 'invalid_chars' };
  const name = normaliseCase(text);
  const { first, last } = loadLists();
  const key = fold(name);
  if (NOT_NAMES.has(key) && !(opts.stated && first.has(key))) return { ok: false, reason: 'greeting' };
  if (first.has(key)) return { ok: true, name };
  const parts = key.split('-');
  if (parts.length > 1 && parts.some((p) => first.has(p))) return { ok: true, name };
  if (last.has(key) || (parts.length > 1 && parts.some((p) => last.has(p)))) return { ok: false, reason: 'surname' };
  return { ok: true, name };
}
