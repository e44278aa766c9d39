import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, CATEGORY_LABELS, categoryFromLabel, categoryLabel, classifyCategory, type CategoryId } from '../../../server/ai/nlu/categories.ts';

const de = (text: string) => classifyCategory(text, { lang: 'de' }).category;
const en = (text: string) => classifyCategory(text, { lang: 'en' }).category;

describe('category list', () => {
  it('has the eleven categories of the product, with German and English labels', () => {
    expect(CATEGORY_IDS).toHaveLength(11);
    expect(CATEGORY_IDS.map((id) => CATEGORY_LABELS[id].de)).toEqual([
      'Auto',
      'Urlaub/Reisen',
      'Versicherung',
      'Essen',
      'Gastronomie',
      'Dienstleistungen',
      'Immobilien',
      'Elektronik',
      'Beauty',
      'Handwerk',
      'News',
    ]);
    for (const id of CATEGORY_IDS) expect(categoryLabel(id, 'en')).toMatch(/\S/);
  });

  it('finds a category by id, German or English label and the dropdown aliases', () => {
    expect(categoryFromLabel('Urlaub/Reisen')).toBe('urlaub_reisen');
    expect(categoryFromLabel('Urlaub')).toBe('urlaub_reisen');
    expect(categoryFromLabel('Reisen')).toBe('urlaub_reisen');
    expect(categoryFromLabel('urlaub_reisen')).toBe('urlaub_reisen');
    expect(categoryFromLabel('Insurance')).toBe('versicherung');
    expect(categoryFromLabel('handwerk')).toBe('handwerk');
    expect(categoryFromLabel('Staubsaugen')).toBeNull();
  });
});

describe('classifyCategory, German', () => {
  const cases: [string, CategoryId][] = [
    ['Heizung kaputt', 'handwerk'],
    ['Flug nach Mallorca', 'urlaub_reisen'],
    ['Kfz-Versicherung', 'versicherung'],
    ['Catering für 50 Personen', 'gastronomie'],
    ['Laptop Display defekt', 'elektronik'],
    ['Friseur', 'beauty'],
    ['Wohnung mieten', 'immobilien'],
    ['gebrauchten BMW kaufen', 'auto'],
    ['Suche Zeitungsabo', 'news'],
    ['Umzugshelfer für Samstag', 'dienstleistungen'],
    ['Pizza liefern lassen', 'essen'],
  ];
  it.each(cases)('%s → %s', (text, id) => expect(de(text)).toBe(id));

  it('reads compounds by their head and, when the head says nothing, by their first part', () => {
    expect(de('Autowerkstatt gesucht')).toBe('auto');
    expect(de('Handyreparatur gesucht')).toBe('elektronik');
    expect(de('Heizungsnotdienst')).toBe('handwerk');
    expect(de('Wohnungsreinigung nach Auszug')).toBe('dienstleistungen');
    expect(de('Reiseversicherung für die Familie')).toBe('versicherung');
  });

  it('reads umlauts, ß and their spellings without them, and simple inflections', () => {
    expect(de('Frisör gesucht')).toBe('beauty');
    expect(de('Frisoer gesucht')).toBe('beauty');
    expect(de('Stoßdämpfer quietschen')).toBe('auto');
    expect(de('Stossdaempfer quietschen')).toBe('auto');
    expect(de('zwei Wohnungen zu vermieten')).toBe('immobilien');
    expect(de('Fliesenlegerin gesucht')).toBe('handwerk');
  });

  it('forgives one typo in a long word', () => {
    expect(de('Klemptner gesucht')).toBe('handwerk');
    expect(de('Wasserhan tropft')).toBe('handwerk');
  });

  it('lets insurance win over the insured thing', () => {
    expect(de('Autoversicherung für meinen BMW 3er Kombi Diesel')).toBe('versicherung');
    expect(de('Hausratversicherung für die neue Wohnung')).toBe('versicherung');
  });

  it('puts food served as a service under Gastronomie and food as goods under Essen', () => {
    expect(de('Partyservice mit Buffet für die Hochzeit')).toBe('gastronomie');
    expect(de('Kellner für Samstag')).toBe('gastronomie');
    expect(de('Hochzeitstorte bestellen')).toBe('essen');
    expect(de('Essen für 40 Gäste liefern lassen')).toBe('essen');
  });

  it('puts work by a trade under Handwerk, devices under Elektronik, other services under Dienstleistungen', () => {
    expect(de('Elektriker für neue Steckdosen')).toBe('handwerk');
    expect(de('Waschmaschine pumpt nicht ab')).toBe('elektronik');
    expect(de('Putzfrau für 4 Stunden pro Woche')).toBe('dienstleistungen');
    expect(de('Malerarbeiten im Treppenhaus vom Mehrfamilienhaus')).toBe('handwerk');
  });

  it('knows car brands and models', () => {
    expect(de('Suche einen Passat')).toBe('auto');
    expect(de('VW Golf gesucht')).toBe('auto');
  });

  it('returns null when nothing matches', () => {
    const r = classifyCategory('Hallo, wie geht es dir?', { lang: 'de' });
    expect(r.category).toBeNull();
    expect(r.confidence).toBe(0);
  });

  it('ignores given spans (a place read as the location)', () => {
    const text = 'Suche jemanden in Essen';
    const start = text.indexOf('Essen');
    expect(classifyCategory(text, { lang: 'de', ignore: [{ start, end: start + 5 }] }).category).toBeNull();
  });
});

describe('classifyCategory, English', () => {
  const cases: [string, CategoryId][] = [
    ['need a plumber', 'handwerk'],
    ['my washing machine is broken', 'elektronik'],
    ['looking for a 2-bedroom flat', 'immobilien'],
    ['car insurance for my VW Golf', 'versicherung'],
    ['used car under 8000 euros', 'auto'],
    ['flights to Lisbon for two', 'urlaub_reisen'],
    ['hairdresser for a wedding updo', 'beauty'],
    ['catering for 50 people', 'gastronomie'],
    ['birthday cake with chocolate', 'essen'],
    ['need a tutor for maths', 'dienstleistungen'],
    ['press release for our opening', 'news'],
  ];
  it.each(cases)('%s → %s', (text, id) => expect(en(text)).toBe(id));

  it('does not read English words as German false friends', () => {
    expect(en('a handy man with a van')).not.toBe('elektronik');
  });

  it('falls back to the other language when the text is written in it', () => {
    expect(en('Heizung kaputt')).toBe('handwerk');
  });
});
