// The person's bubble after a form of the chat (the category form, the offer form, the rating form): the
// form's 'Label: value;' string stays the machine's input (and the stored message), but the person reads it
// naturally: their own words, then the details.

const DESCRIPTION = /^(beschreibung|description|text)$/i;
// The offer and rating forms name themselves first ('Angebot: Anfrage: #…; …'): that name is not a detail.
const FORM_NAME = /^\s*(angebot|offer|bewertung|review)\s*:\s*(?=[^:;]+:)/i;

/** 'Kategorie: Handwerk; Gewerk: Sanitär; Beschreibung: Tropft;' → 'Tropft\nKategorie: Handwerk · Gewerk: Sanitär'; null for other texts. */
export function formBubbleText(text: string): string | null {
  if (!/^\s*(kategorie|category)\s*:/i.test(text) && !FORM_NAME.test(text)) return null;
  if (!text.includes(';')) return null;
  const pairs: [string, string][] = [];
  for (const part of text.replace(FORM_NAME, '').split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const label = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (label && value) pairs.push([label, value]);
  }
  const words = pairs.filter(([l]) => DESCRIPTION.test(l)).map(([, v]) => v);
  const details = pairs.filter(([l]) => !DESCRIPTION.test(l)).map(([l, v]) => `${l}: ${v}`);
  return [words.join(' '), details.join(' · ')].filter(Boolean).join('\n');
}
