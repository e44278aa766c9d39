// Which passwords akut accepts (issue 24: '12345678', 'password' and 'aaaaaaaa' were accepted): at least 8
// characters, and hard to guess by zxcvbn-ts, a maintained strength estimator, with its common passwords,
// keyboard layouts and German and English dictionaries (words, first names, surnames), the person's own name
// and address and akut's name. The reason of a refusal comes from the locale files (auth:passwordRules),
// so the sign-up page, the reset page, the API and admin:create say the same (decision 075).
import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';
import type { TFunction } from 'i18next';

/** zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more (no common password, word or name alone). */
export const MIN_PASSWORD_SCORE = 3;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** zxcvbn's warning key ('topTen', 'common', 'simpleRepeat', …) or 'tooShort'; null when ok or none fits. */
  warning: string | null;
  /** zxcvbn's suggestion keys ('anotherWord', 'capitalization', …). */
  suggestions: string[];
}

let estimator: Promise<ZxcvbnFactory> | null = null;

/** The estimator with its dictionaries: loaded on the first check (about 10 MB of word lists), then kept. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, de] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-de'),
    ]);
    // The German package (3.x) names its lists without a language suffix; the suffix keeps them apart from others.
    const german = Object.fromEntries(Object.entries(de.dictionary).map(([name, words]) => [`${name}-de`, words]));
    return new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...german },
      // Near misses of common passwords ('Passwort1') are found by l33t and capitalisation rules already;
      // the Levenshtein search costs seconds per check on a busy machine.
      useLevenshteinDistance: false,
      maxLength: MAX_PASSWORD_LENGTH,
    });
  })();
  return estimator;
}

/** The words of the person that a password must not lean on: name, e-mail address and its parts, akut. */
function personalWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set(['akut', 'aki', 'goints']);
  for (const input of inputs) {
    if (!input) continue;
    const value = input.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    // The address's local part as a whole ('hildegard.vonbingen'), then each of its pieces.
    const local = value.split('@')[0];
    if (local && local.length >= 3) words.add(local);
    for (const part of value.split(/[@.\s_+-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export async function checkPassword(password: string, inputs: readonly (string | null | undefined)[] = []): Promise<PasswordVerdict> {
  if (password.length < MIN_PASSWORD_LENGTH) return { ok: false, score: 0, warning: 'tooShort', suggestions: [] };
  const result: ZxcvbnResult = (await loadEstimator()).check(password, personalWords(inputs));
  const ok = result.score >= MIN_PASSWORD_SCORE;
  return { ok, score: result.score, warning: ok ? null : (result.feedback.warning ?? null), suggestions: ok ? [] : result.feedback.suggestions };
}

/** Why a password is refused, in the translator's language: the warning and the first suggestion. */
export function passwordReason(verdict: PasswordVerdict, t: TFunction): string {
  if (verdict.warning === 'tooShort') return t('auth:errors.PASSWORD_TOO_SHORT');
  const parts: string[] = [];
  if (verdict.warning) parts.push(t(`auth:passwordRules.warnings.${verdict.warning}`, { defaultValue: t('auth:passwordRules.guessable') }));
  const suggestion = verdict.suggestions[0];
  if (suggestion) parts.push(t(`auth:passwordRules.suggestions.${suggestion}`, { defaultValue: '' }));
  const reason = parts.filter(Boolean).join(' ');
  return t('auth:errors.PASSWORD_TOO_WEAK', { reason: reason || t('auth:passwordRules.suggestions.useWords') });
}
