import { describe, expect, it } from 'vitest';
import { formBubbleText } from '../../src/chat/intake/form-bubble.ts';

describe("the person's bubble after the category form", () => {
  it('shows the words first, then the details, without the form string', () => {
    expect(formBubbleText('Kategorie: Handwerk; Gewerk: Sanitär; Beschreibung: Dichtung vermutlich kaputt.; PLZ: 10115;')).toBe(
      'Dichtung vermutlich kaputt.\nKategorie: Handwerk · Gewerk: Sanitär · PLZ: 10115',
    );
    expect(formBubbleText('Category: Cars; Make: BMW;')).toBe('Category: Cars · Make: BMW');
  });

  it('leaves every other message as typed', () => {
    expect(formBubbleText('Ich brauche einen Maler; bitte schnell')).toBeNull();
    expect(formBubbleText('Kategorie: Handwerk')).toBeNull();
  });
});
