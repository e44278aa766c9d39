// The category form sends the machine its 'Label: value;' string, but what is stored and shown to providers
// is a natural description built from the fields (issue 13).
import { describe, expect, it } from 'vitest';
import { parseFormOutput } from '../../server/ai/nlu/index.ts';
import { teaserDescription } from '../../server/domain/requests/request-views.ts';

const now = new Date('2026-06-01T10:00:00Z');

describe('the description of a category form', () => {
  it('is the person’s words, then the details, without the form string', () => {
    const r = parseFormOutput(
      'Kategorie: Handwerk; Gewerk: Sanitär; Auftrag: Reparatur; Beschreibung: Dichtung vermutlich kaputt; PLZ: 10115; Ort: Berlin; Budget: 300-500 €;',
      { lang: 'de', now },
    );
    expect(r.description).toBe('Dichtung vermutlich kaputt\nGewerk: Sanitär · Auftrag: Reparatur');
    expect(r.description).not.toMatch(/;|Kategorie:/);
  });

  it('in English too, and with details only', () => {
    const r = parseFormOutput('Category: Cars; Make: BMW; Model: 3 Series; Description: Brakes squeak!; Postcode: 10115;', { lang: 'en', now });
    expect(r.description).toBe('Brakes squeak!\nMake: BMW · Model: 3 Series');
    expect(parseFormOutput('Kategorie: Auto; Marke: BMW; Modell: 3er; PLZ: 10115;', { lang: 'de', now }).description).toBe('Marke: BMW · Modell: 3er');
  });

  it('reads naturally in the providers’ teaser', () => {
    const r = parseFormOutput('Kategorie: Handwerk; Gewerk: Sanitär; Beschreibung: Dichtung vermutlich kaputt.; PLZ: 10115;', { lang: 'de', now });
    expect(teaserDescription(r.description, 'de')).not.toContain('.;');
  });
});
