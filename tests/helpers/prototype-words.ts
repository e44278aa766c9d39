// The names every plain object inherits (constructor, __proto__, toString, hasOwnProperty, …), and texts that
// put them where a parser looks a word up: a place, a category label, a form field, a number word, a date.
export const PROTOTYPE_WORDS: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

export function prototypeTexts(lang: 'de' | 'en'): string[] {
  return PROTOTYPE_WORDS.flatMap((w) =>
    lang === 'de'
      ? [
          w,
          w.toUpperCase(),
          `Ich brauche in ${w} einen Klempner`,
          `Klempner, ${w}, ${w.toLowerCase()}, bis ${w}`,
          `Kategorie: ${w}; ${w}: ${w}; Ort: ${w}; Budget: ${w}`,
          `ruf mich an: null ${w} zwei drei, ${w}und${w}, am ${w}. ${w}`,
          `Urlaub in ${w} ab ${w} für ${w} Euro, #${w}`,
        ]
      : [
          w,
          w.toUpperCase(),
          `I need a plumber near ${w}`,
          `plumber, ${w}, ${w.toLowerCase()}, by ${w}`,
          `Category: ${w}; ${w}: ${w}; Place: ${w}; Budget: ${w}`,
          `call me: zero ${w} two three, twenty-${w}, on ${w} the ${w}`,
          `holiday in ${w} from ${w} for ${w} euros, #${w}`,
        ],
  );
}
