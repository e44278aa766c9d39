import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPostcodeTable, isOrganisationRow, parseCsv } from '../../../scripts/build-postcodes.ts';
import { extractLocation } from '../../../server/ai/nlu/postcode.ts';
import { distanceKm, findPlace, isKnownPostcode, lookupPostcode, placeOfPostcode, resolvePlace } from '../../../server/integrations/geo/postcodes.ts';

describe('CSV parser of the build script', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b,c\n1,"x, y","say ""hi"""\r\n2,"two\nlines",\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"'],
      ['2', 'two\nlines', ''],
    ]);
  });

  it('refuses a quote that never closes', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/quoted/);
  });

  it('tells organisation rows from places', () => {
    expect(isOrganisationRow('01', 'Daimler Insurance Services GmbH')).toBe(true);
    expect(isOrganisationRow('08', 'Universität Hohenheim')).toBe(true);
    expect(isOrganisationRow('BY', 'Seßlach')).toBe(false);
    expect(isOrganisationRow('BE', 'Berlin')).toBe(false);
    expect(isOrganisationRow('NW', 'Beispiel Handels GmbH')).toBe(true);
  });

  it('derives the bundled JSON from the bundled CSV (run scripts/build-postcodes.ts after changing either)', () => {
    const csv = readFileSync(new URL('../../../server/integrations/geo/de-postcodes.csv', import.meta.url), 'utf8');
    const json = JSON.parse(readFileSync(new URL('../../../server/integrations/geo/de-postcodes.json', import.meta.url), 'utf8'));
    const { table, skipped } = buildPostcodeTable(csv);
    expect(table).toEqual(json);
    expect(skipped).toBeGreaterThan(6000);
    expect(Object.keys(table).length).toBeGreaterThan(8000);
  });
});

describe('postcode data', () => {
  it('looks up a postcode', () => {
    expect(lookupPostcode('10115')).toEqual([{ place: 'Berlin', lat: 52.5323, lon: 13.3846 }]);
    expect(placeOfPostcode('80331')).toBe('München');
    expect(lookupPostcode('99999')).toEqual([]);
    expect(lookupPostcode('1011')).toEqual([]);
  });

  it('names a postcode by its town, as in a postal address', () => {
    expect(placeOfPostcode('20095')).toBe('Hamburg');
    expect(placeOfPostcode('22767')).toBe('Hamburg');
    expect(placeOfPostcode('10247')).toBe('Berlin');
  });

  it('does not know the postcodes of single companies', () => {
    expect(isKnownPostcode('10875')).toBe(false);
  });

  it('finds a place case- and umlaut-insensitively', () => {
    const munich = findPlace('München');
    expect(munich).toContain('80331');
    expect(findPlace('Muenchen')).toEqual(munich);
    expect(findPlace('munchen')).toEqual(munich);
    expect(findPlace('MÜNCHEN')).toEqual(munich);
    expect(findPlace('Atlantis')).toEqual([]);
  });

  it('resolves a shared or shortened name to the largest place', () => {
    expect(resolvePlace('Frankfurt')?.name).toBe('Frankfurt am Main');
    expect(resolvePlace('Frankfurt (Oder)')?.name).toBe('Frankfurt (Oder)');
    expect(resolvePlace('St. Ingbert')?.name).toBe('Sankt Ingbert');
    expect(resolvePlace('Hamburg')?.postcodes).toContain('22767');
  });

  it('gives a central postcode for a place', () => {
    const berlin = resolvePlace('Berlin')!;
    expect(berlin.postcodes).toContain(berlin.centralPostcode);
    expect(distanceKm(berlin.centralPostcode, '10117')!).toBeLessThan(6);
  });

  it('measures the distance between two postcodes', () => {
    // Berlin-Mitte to München-Altstadt, about 505.7 km as the crow flies.
    expect(Math.abs(distanceKm('10115', '80331')! - 505.7)).toBeLessThan(1);
    expect(distanceKm('10115', '10115')).toBe(0);
    expect(distanceKm('10115', '00000')).toBeNull();
  });
});

describe('extractLocation', () => {
  const de = (text: string) => extractLocation(text, { lang: 'de' });
  const en = (text: string) => extractLocation(text, { lang: 'en' });

  it("'in 10115 Berlin' → postcode and place", () => {
    expect(de('in 10115 Berlin')).toMatchObject({ postcode: '10115', place: 'Berlin', precision: 'postcode', placePostcode: null });
  });

  it("'PLZ 80331' → München", () => {
    expect(de('PLZ 80331')).toMatchObject({ postcode: '80331', place: 'München' });
  });

  it("'in Hamburg' → place only, postcode stays null and the central one is given for distances", () => {
    const r = de('Heizung kaputt in Hamburg');
    expect(r).toMatchObject({ postcode: null, place: 'Hamburg', precision: 'place' });
    expect(findPlace('Hamburg')).toContain(r.placePostcode);
  });

  it("'near Munich' → München through the English exonyms", () => {
    expect(en('need a plumber near Munich')).toMatchObject({ postcode: null, place: 'München' });
    expect(en('plumber in cologne')).toMatchObject({ place: 'Köln' });
    expect(en("I'm based in Nuremberg")).toMatchObject({ place: 'Nürnberg' });
  });

  it('reads spellings without umlauts and the district of a town', () => {
    expect(de('Rohr verstopft in Muenchen').place).toBe('München');
    expect(de('Bin in Hamburg-Altona').place).toBe('Hamburg');
    expect(de('im Raum Stuttgart').place).toBe('Stuttgart');
  });

  it('prefers the postcode when postcode and place disagree', () => {
    expect(de('80331 Berlin')).toMatchObject({ postcode: '80331', place: 'München' });
  });

  it('reports a postcode that does not exist instead of inventing a place', () => {
    expect(de('PLZ 12345')).toMatchObject({ postcode: null, place: null, invalidPostcode: '12345' });
  });

  it('does not take money, everyday words or destinations for the location', () => {
    expect(de('Budget 20000 €').postcode).toBeNull();
    expect(de('bei Regen tropft das Dach').place).toBeNull();
    expect(de('Tisch aus Eiche').place).toBeNull();
    expect(de('Essen bestellen').place).toBeNull();
    expect(de('Essen für 40 Gäste in Essen').place).toBe('Essen');
    expect(de('Flug von Hamburg nach Mallorca').place).toBe('Hamburg');
    expect(extractLocation('Hotel in München für unseren Kurzurlaub', { lang: 'de', category: 'urlaub_reisen' }).place).toBeNull();
  });

  it('takes a lone place name as the answer to "where?"', () => {
    expect(extractLocation('Olpe', { lang: 'de', expectPlace: true }).place).toBe('Olpe');
    expect(extractLocation('Olpe', { lang: 'de' }).place).toBeNull();
  });
});

describe('a postcode wherever it stands in the sentence', () => {
  it('after a word that usually comes before money, when its own place follows', () => {
    expect(extractLocation('Flug nach Mallorca, Abflug ab 99084 Erfurt', { lang: 'de' })).toMatchObject({ postcode: '99084', place: 'Erfurt' });
    expect(extractLocation('a cleaner around 30161 Hanover next week', { lang: 'en' })).toMatchObject({ postcode: '30161', place: 'Hannover' });
    // Money stays money: no place of that postcode follows.
    expect(extractLocation('Budget ab 10115 Euro', { lang: 'de' }).postcode).toBeNull();
  });
  it("reads 'Essen' as the city in English text without a location word", () => {
    expect(extractLocation('Ford Fiesta 2015, Essen, max 300', { lang: 'en' }).place).toBe('Essen');
    expect(extractLocation('Wir wollen Essen bestellen', { lang: 'de' }).place).toBeNull();
  });
});

describe('found by the second urgency set, as general rules', () => {
  const de = (text: string) => extractLocation(text, { lang: 'de' });
  const en = (text: string) => extractLocation(text, { lang: 'en' });

  it('names a district the data lists as "Town District" by its town', () => {
    expect(de('Koch für 8 Personen, Hamburg-Eppendorf, bis 400 €').place).toBe('Hamburg');
    expect(de('friseurin gesucht, berlin kreuzberg').place).toBe('Berlin');
    expect(de('Fliesenleger in Köln Ehrenfeld').place).toBe('Köln');
    expect(de('in 20249 Hamburg Eppendorf')).toMatchObject({ postcode: '20249', place: 'Hamburg' });
    // Town names of several words stay whole.
    expect(de('in Frankfurt am Main').place).toBe('Frankfurt am Main');
    expect(de('Raum Freiburg im Breisgau').place).toBe('Freiburg im Breisgau');
  });

  it('reads a place written in lower case when it stands alone between commas', () => {
    expect(en('need a make-up artist asap for a TV job, cologne, will pay 250').place).toBe('Köln');
    expect(en('plumber needed ASAP, munich').place).toBe('München');
    expect(de('Fliesen im Bad verlegen, Ca. 8 qm, leipzig').place).toBe('Leipzig');
    expect(de('Maler gesucht, bitte melden, danke').place).toBeNull();
    expect(de('Grillfest: kochen, essen, feiern').place).toBeNull();
  });

  it('reads a hotel stay in a German town as needed there, unless it is a holiday or trip', () => {
    const travel = (text: string, lang: 'de' | 'en' = 'de') => extractLocation(text, { lang, category: 'urlaub_reisen' }).place;
    expect(travel('Hotelzimmer in Leipzig wegen einer Tagung, 1 Nacht')).toBe('Leipzig');
    expect(travel('need a hotel in Hanover for a trade fair', 'en')).toBe('Hannover');
    expect(travel('flight cancelled, need a room in Frankfurt for tonight', 'en')).toBe('Frankfurt am Main');
    expect(travel('Ferienwohnung in Garmisch für Skiurlaub')).toBeNull();
    expect(travel('Hotel in München für unseren Städtetrip')).toBeNull();
    expect(travel('holiday cottage in Sylt for a week', 'en')).toBeNull();
    expect(travel('Hotel in Nürnberg für eine Dienstreise')).toBe('Nürnberg');
  });
});
