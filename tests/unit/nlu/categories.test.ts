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

describe('words and rules found by the second urgency set', () => {
  const cases: [string, 'de' | 'en', CategoryId][] = [
    // Carrying and helping hands are a service.
    ['Wer hilft mir am Samstag, ein Sofa in den 3. Stock zu tragen?', 'de', 'dienstleistungen'],
    ['Brauche zwei Leute zum Schleppen von Kisten', 'de', 'dienstleistungen'],
    ['need two people to carry a piano upstairs', 'en', 'dienstleistungen'],
    // Live music is a service, like a DJ.
    ['Liveband für unser Sommerfest gesucht', 'de', 'dienstleistungen'],
    ['Sängerin für die Trauung gesucht', 'de', 'dienstleistungen'],
    ['looking for a live band and a singer for our reception', 'en', 'dienstleistungen'],
    // Garden design and landscaping.
    ['Gartengestaltung für unser Reihenhaus', 'de', 'dienstleistungen'],
    ['landscaping for a small front garden', 'en', 'dienstleistungen'],
    // Beauty: hair extensions, teeth whitening.
    ['hair extensions for a wedding', 'en', 'beauty'],
    ['Extensions einsetzen lassen, 60 cm', 'de', 'beauty'],
    ['teeth whitening before the photos', 'en', 'beauty'],
    ['Zahnaufhellung oder Bleaching gesucht', 'de', 'beauty'],
    // Floors of a building are a trade.
    ['squeaky floorboards in the hallway', 'en', 'handwerk'],
    ['Dielen im Flur knarren, Dielenboden abschleifen', 'de', 'handwerk'],
    // Street food as goods.
    ['kebab delivered to the office', 'en', 'essen'],
    ['Falafel und Gyros für 10 Leute', 'de', 'essen'],
  ];
  it.each(cases)('%s (%s) → %s', (text, lang, id) => expect(classifyCategory(text, { lang }).category).toBe(id));

  it("reads a holiday after 'before/after my' or 'vor/nach dem' as a time, not as a trip", () => {
    expect(en('need my nails done before our vacation')).toBe('beauty');
    expect(de('Haarschnitt nach dem Urlaub')).toBe('beauty');
    expect(en('dog sitter while we are on holiday')).toBe('dienstleistungen');
    expect(en('trip to Rome after my exams')).toBe('urlaub_reisen');
    expect(de('Flug nach Mallorca')).toBe('urlaub_reisen');
  });

  it('reads a home with a word of buying, renting or selling as real estate, over moving', () => {
    expect(de('Wir wollen umziehen und suchen ein Haus zum Kauf')).toBe('immobilien');
    expect(de('umziehen und eine Wohnung kaufen')).toBe('immobilien');
    expect(en('moving to Leipzig, want to buy a house there')).toBe('immobilien');
    expect(de('Umzug in unser neues Haus')).toBe('dienstleistungen');
    expect(de('Umzugshelfer für die neue Wohnung')).toBe('dienstleistungen');
    expect(de('Gebrauchtes Auto kaufen')).toBe('auto');
    expect(de('Transporter mieten für den Umzug in die neue Wohnung')).toBe('dienstleistungen');
  });
});
