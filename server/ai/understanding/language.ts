// Which language a message is written in, German or English: a character-trigram naive Bayes trained on the
// intent corpus itself (the same domain words people write to akut), so 'Auszahlung', 'Goints' and 'deal'
// weigh as they do in our conversations. Short or mixed messages are 'unclear' and keep the conversation's
// language.
import type { Lang } from '../../i18n.ts';

export interface LanguageGuess {
  lang: Lang | null;
  /** Log-likelihood difference per trigram between the two languages (0: no evidence). */
  margin: number;
}

interface Counts {
  grams: Map<string, number>;
  total: number;
}

const gramsOf = (text: string): string[] => {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .replace(/#[\da-f]+|\d+/gi, ' ')
      .match(/\p{L}+/gu) ?? [];
  const grams: string[] = [];
  for (const w of words) {
    const padded = ` ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  }
  return grams;
};

export class LanguageDetector {
  private readonly counts: Record<Lang, Counts> = { de: { grams: new Map(), total: 0 }, en: { grams: new Map(), total: 0 } };
  private vocabulary = new Set<string>();

  constructor(samples: readonly { lang: Lang; text: string }[]) {
    for (const s of samples) {
      const c = this.counts[s.lang];
      for (const g of gramsOf(s.text)) {
        c.grams.set(g, (c.grams.get(g) ?? 0) + 1);
        c.total++;
        this.vocabulary.add(g);
      }
    }
  }

  /** German or English when the message says so clearly enough; null when it is too short or mixed. */
  detect(text: string, minMargin = 0.35): LanguageGuess {
    const grams = gramsOf(text);
    if (grams.length < 6) return { lang: null, margin: 0 };
    const v = this.vocabulary.size + 1;
    const score = (lang: Lang) => {
      const c = this.counts[lang];
      let s = 0;
      for (const g of grams) s += Math.log(((c.grams.get(g) ?? 0) + 0.5) / (c.total + 0.5 * v));
      return s;
    };
    const diff = (score('de') - score('en')) / grams.length;
    if (Math.abs(diff) < minMargin) return { lang: null, margin: Math.abs(diff) };
    return { lang: diff > 0 ? 'de' : 'en', margin: Math.abs(diff) };
  }
}
