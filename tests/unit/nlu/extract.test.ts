import { describe, expect, it } from 'vitest';
import { extractMessage, extractRequest, isFormOutput, mergeRequest, parseFormOutput } from '../../../server/ai/nlu/index.ts';

const now = new Date('2026-03-11T09:30:00+01:00');

describe('extractRequest', () => {
  it('reads a whole German request', () => {
    const text = '  Hallo, meine Heizung ist kaputt!\n Wohne in 10115 Berlin, Budget bis 500 €, bitte morgen.  ';
    const r = extractRequest(text, { lang: 'de', now });
    expect(r).toMatchObject({
      category: 'handwerk',
      description: 'Hallo, meine Heizung ist kaputt! Wohne in 10115 Berlin, Budget bis 500 €, bitte morgen.',
      postcode: '10115',
      place: 'Berlin',
      budget: { min: null, max: 500 },
      urgency: 'sehr_dringend',
      date: '2026-03-12',
      missing: [],
    });
    expect(r.details).toMatchObject({ locationPrecision: 'postcode', urgencySource: 'date', dateKind: 'on', optionalMissing: [] });
  });

  it('reads a whole English request', () => {
    const r = extractRequest('need a plumber near Munich asap, the kitchen sink is leaking, up to 2k', { lang: 'en', now });
    expect(r).toMatchObject({
      category: 'handwerk',
      postcode: null,
      place: 'München',
      budget: { min: null, max: 2000 },
      urgency: 'sehr_dringend',
      date: null,
      missing: [],
    });
    expect(r.details).toMatchObject({ locationPrecision: 'place', asap: true, optionalMissing: ['date'] });
    expect(r.details.placePostcode).toMatch(/^8\d{4}$/);
  });

  it('lists the missing required fields in asking order: category, description, location, budget', () => {
    expect(extractRequest('Hallo', { lang: 'de', now }).missing).toEqual(['category', 'description', 'location', 'budget']);
    expect(extractRequest('Friseur', { lang: 'de', now }).missing).toEqual(['description', 'location', 'budget']);
    expect(extractRequest('Heizung kaputt, bitte schnell', { lang: 'de', now }).missing).toEqual(['location', 'budget']);
    expect(extractRequest('Heizung kaputt in Köln', { lang: 'de', now }).missing).toEqual(['budget']);
  });

  it('does not ask for urgency or date, but says they were not given', () => {
    const r = extractRequest('Maler gesucht: 3 Zimmer streichen in Kiel, bis 1.200 €', { lang: 'de', now });
    expect(r.missing).toEqual([]);
    expect(r.urgency).toBe('normal');
    expect(r.details.urgencyStated).toBe(false);
    expect(r.details.optionalMissing).toEqual(['urgency', 'date']);
  });

  it('keeps contact data in the description, lists it, and reads nothing else from it', () => {
    const r = extractRequest('Gebrauchtwagen bis 8000 Euro, Raum Hannover. Ruf an: 0511 9876543 oder max@web.de', { lang: 'de', now });
    expect(r.description).toContain('0511 9876543');
    expect(r.details.contacts.map((c) => c.kind)).toEqual(['phone', 'email']);
    expect(r.budget).toEqual({ min: null, max: 8000 });
    expect(r.date).toBeNull();
  });

  it('does not read the place of the request as its category', () => {
    expect(extractRequest('Suche Catering in Essen', { lang: 'de', now })).toMatchObject({ category: 'gastronomie', place: 'Essen' });
  });

  it('reads a bare answer as the field just asked for', () => {
    expect(extractRequest('500', { lang: 'de', now, expect: 'budget' }).budget).toEqual({ min: 500, max: 500 });
    expect(extractRequest('Olpe', { lang: 'de', now, expect: 'location' }).place).toBe('Olpe');
    expect(extractRequest('Handwerk', { lang: 'de', now, expect: 'category' }).category).toBe('handwerk');
    expect(extractRequest('kein Stress', { lang: 'de', now, expect: 'urgency' }).urgency).toBe('niedrig');
  });
});

describe('mergeRequest', () => {
  it('fills a draft answer by answer, one question at a time', () => {
    const lang = 'de';
    let draft = extractRequest('Heizung kaputt, bitte schnell', { lang, now });
    expect(draft.missing).toEqual(['location', 'budget']);
    draft = mergeRequest(draft, extractRequest('10115', { lang, now, expect: 'location' }));
    expect(draft).toMatchObject({ postcode: '10115', place: 'Berlin', description: 'Heizung kaputt, bitte schnell', missing: ['budget'] });
    draft = mergeRequest(draft, extractRequest('so 300', { lang, now, expect: 'budget' }));
    expect(draft).toMatchObject({ budget: { min: 300, max: 300 }, urgency: 'dringend', missing: [] });
  });

  it('adds a description given later', () => {
    let draft = extractRequest('Friseur in Köln, bis 50 €', { lang: 'de', now });
    expect(draft.missing).toEqual(['description']);
    draft = mergeRequest(draft, extractRequest('Haare schneiden und färben', { lang: 'de', now, expect: 'description' }));
    expect(draft.missing).toEqual([]);
    expect(draft.description).toBe('Friseur in Köln, bis 50 € Haare schneiden und färben');
  });
});

describe('parseFormOutput', () => {
  it("reads the category form's 'Label: value;' string", () => {
    const text = 'Kategorie: Auto; Marke: BMW; Modell: 3er; Budget: 20000 €; PLZ: 10115;';
    expect(isFormOutput(text)).toBe(true);
    const r = parseFormOutput(text, { lang: 'de', now });
    expect(r).toMatchObject({
      category: 'auto',
      description: 'Marke: BMW · Modell: 3er',
      postcode: '10115',
      place: 'Berlin',
      budget: { min: 20000, max: 20000 },
      urgency: 'normal',
      date: null,
      missing: [],
    });
    expect(r.details.fields).toEqual({ Kategorie: 'Auto', Marke: 'BMW', Modell: '3er', Budget: '20000 €', PLZ: '10115' });
  });

  it('reads English labels, dates, urgency, place and a description field', () => {
    const r = parseFormOutput(
      'Category: Holidays/Travel; Destination: Mallorca; Travellers: 2; Date: 15.06.; Urgency: Urgent; City: Hamburg; Budget: 500-800; Description: Hotel am Strand;',
      {
        lang: 'en',
        now,
      },
    );
    expect(r).toMatchObject({
      category: 'urlaub_reisen',
      description: 'Hotel am Strand\nDestination: Mallorca · Travellers: 2',
      postcode: null,
      place: 'Hamburg',
      budget: { min: 500, max: 800 },
      urgency: 'dringend',
      date: '2026-06-15',
      missing: [],
    });
  });

  it('reports what the form left out', () => {
    expect(parseFormOutput('Kategorie: Handwerk; Gewerk: Maler;', { lang: 'de', now }).missing).toEqual(['location', 'budget']);
    expect(parseFormOutput('Kategorie: Unbekannt; Gewerk: Maler;', { lang: 'de', now }).missing).toContain('category');
  });

  it('is chosen by extractMessage for form strings only', () => {
    expect(extractMessage('Kategorie: Beauty; Leistung: Maniküre; Ort: Köln; Budget: 40 €;', { lang: 'de', now })).toMatchObject({
      category: 'beauty',
      place: 'Köln',
    });
    expect(extractMessage('Maniküre in Köln für 40 €', { lang: 'de', now })).toMatchObject({ category: 'beauty', place: 'Köln' });
  });
});

describe('a whole message with the forms found by the second urgency set', () => {
  it("reads a stay needed today in a German town: 'heut noch', the town, the budget", () => {
    const r = extractRequest('Brauch heut noch ein Hotel in Leipzig wegen einer Tagung, 1 Nacht, max 120 €', { lang: 'de', now });
    expect(r).toMatchObject({ category: 'urlaub_reisen', place: 'Leipzig', date: '2026-03-11', urgency: 'sehr_dringend', budget: { min: null, max: 120 } });
  });
  it('reads a season as a distance without a date, and a range before a rate as the budget', () => {
    const r = extractRequest('Catering fürs Gartenfest im Sommer, 60 Gäste, 25-35 pro Person, Raum Bonn', { lang: 'de', now });
    expect(r).toMatchObject({ category: 'gastronomie', place: 'Bonn', date: null, urgency: 'niedrig', budget: { min: 25, max: 35 } });
  });
});
