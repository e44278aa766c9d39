// The intake's words in both languages, read straight from the locale files so the strings the widgets
// send (form strings, answers) are built without i18next and match what the screen shows. Pure: no DOM.
import de from '../../../core/i18n/locales/de/intake.json';
import en from '../../../core/i18n/locales/en/intake.json';
import { CATEGORY_IDS, type CategoryId } from '../../../core/categories/category-ids.ts';

export type Lang = 'de' | 'en';

/** The category ids in the order of the contract (docs/domain/intake-contract.md): the server's list, not a copy. */
export const INTAKE_CATEGORIES = CATEGORY_IDS;
export type { CategoryId };

export const URGENCIES = ['sehr_dringend', 'dringend', 'normal', 'niedrig'] as const;
export type Urgency = (typeof URGENCIES)[number];

const DICTIONARIES: Record<Lang, unknown> = { de, en };

export function toLang(lang: string | null | undefined): Lang {
  return (lang ?? '').toLowerCase().startsWith('en') ? 'en' : 'de';
}

export function isCategoryId(value: unknown): value is CategoryId {
  return typeof value === 'string' && (INTAKE_CATEGORIES as readonly string[]).includes(value);
}

export function isUrgency(value: unknown): value is Urgency {
  return typeof value === 'string' && (URGENCIES as readonly string[]).includes(value);
}

/** The string at a dotted key of the intake namespace; the key itself when missing (the parity test keeps both files whole). */
export function intakeText(lang: string, key: string): string {
  let node: unknown = DICTIONARIES[toLang(lang)];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

export function categoryLabel(id: CategoryId, lang: string): string {
  return intakeText(lang, `categories.${id}`);
}

export function urgencyLabel(id: Urgency, lang: string): string {
  return intakeText(lang, `urgency.${id}`);
}
