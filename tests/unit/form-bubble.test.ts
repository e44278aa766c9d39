import { describe, expect, it } from 'vitest';
import { formBubbleText } from '../../src/chat/intake/form-bubble.ts';

describe("the person's bubble after the category form", () => {
  it('shows the words first, then the details, without the form string', () => {
    expect(formBubbleText('Kategorie: Handwerk; Gewerk: Sanitär; Beschreibung: Dichtung vermutlich kaputt.; PLZ: 10115;')).toBe(
      'Dichtung vermutlich kaputt.\nKategorie: Handwerk · Gewerk: Sanitär · PLZ: 10115',
    );
    expect(formBubbleText('Category: Cars; Make: BMW;')).toBe('Category: Cars · Make: BMW');
  });

  it('the offer and rating forms of the chat read the same way: the words, then the details (found in the chat journey)', () => {
    expect(formBubbleText('Angebot: Anfrage: #6f403e; Preis: 140,00 €; Verfügbarkeit: morgen ab 9 Uhr; Beschreibung: Dichtung und Kartusche tauschen;')).toBe(
      'Dichtung und Kartusche tauschen\nAnfrage: #6f403e · Preis: 140,00 € · Verfügbarkeit: morgen ab 9 Uhr',
    );
    expect(formBubbleText('Review: Deal: #0fc092; Stars: 5; Text: Fixed the next morning!; Show first name: no; Contact: no;')).toBe(
      'Fixed the next morning!\nDeal: #0fc092 · Stars: 5 · Show first name: no · Contact: no',
    );
    expect(formBubbleText('Angebot für #6f403e: 140 €, morgen')).toBeNull();
  });

  it('leaves every other message as typed', () => {
    expect(formBubbleText('Ich brauche einen Maler; bitte schnell')).toBeNull();
    expect(formBubbleText('Kategorie: Handwerk')).toBeNull();
  });
});
