import { describe, expect, it } from 'vitest';
import { findMoney, parseAmount, parseBudget } from '../../../server/ai/nlu/money.ts';

const budget = (text: string) => {
  const r = parseBudget(text);
  return r ? { min: r.min, max: r.max } : null;
};

describe('parseAmount', () => {
  it('reads German and English separators', () => {
    expect(parseAmount('1.000,50')).toBe(1000.5);
    expect(parseAmount('1,000.50')).toBe(1000.5);
    expect(parseAmount('1.000')).toBe(1000);
    expect(parseAmount('1,000')).toBe(1000);
    expect(parseAmount('2,5')).toBe(2.5);
    expect(parseAmount('1.5')).toBe(1.5);
    expect(parseAmount('1.000.000')).toBe(1_000_000);
    expect(parseAmount('12.34.56')).toBeNull();
  });
});

describe('parseBudget, German', () => {
  it("'1.000 €' → 1000", () => expect(budget('1.000 €')).toEqual({ min: 1000, max: 1000 }));
  it("'500-1000 Euro' → 500..1000", () => expect(budget('500-1000 Euro')).toEqual({ min: 500, max: 1000 }));
  it("'500 bis 1000 €' → 500..1000", () => expect(budget('500 bis 1000 €')).toEqual({ min: 500, max: 1000 }));
  it("'zwischen 500 und 800 Euro' → 500..800", () => expect(budget('zwischen 500 und 800 Euro')).toEqual({ min: 500, max: 800 }));
  it("'bis 2k' → up to 2000", () => expect(budget('bis 2k')).toEqual({ min: null, max: 2000 }));
  it("'max. 2000' → up to 2000", () => expect(budget('max. 2000')).toEqual({ min: null, max: 2000 }));
  it("'ab 500' → from 500", () => expect(budget('ab 500')).toEqual({ min: 500, max: null }));
  it("'20 Tsd. €' → 20000", () => expect(budget('20 Tsd. €')).toEqual({ min: 20000, max: 20000 }));
  it("'1-2k' → 1000..2000 (the multiplier covers both)", () => expect(budget('1-2k')).toEqual({ min: 1000, max: 2000 }));
  it("'500,- €' → 500", () => expect(budget('500,- €')).toEqual({ min: 500, max: 500 }));
  it("'EUR 500' → 500", () => expect(budget('EUR 500')).toEqual({ min: 500, max: 500 }));

  it("'1.000,50 €' → 1001: whole euros, rounded half up; the exact value stays in parseAmount", () => {
    expect(budget('1.000,50 €')).toEqual({ min: 1001, max: 1001 });
    expect(budget('1.000,49 €')).toEqual({ min: 1000, max: 1000 });
  });

  it("'ca. 300' → the point 300, marked approximate", () => {
    expect(parseBudget('ca. 300')).toMatchObject({ min: 300, max: 300, approx: true });
    expect(parseBudget('so um die 300 rum')).toMatchObject({ min: 300, max: 300, approx: true });
  });

  it('takes the amount after a budget word when there are several', () => {
    expect(budget('Auto für 5.000 €, Budget für die Reparatur max 800 €')).toEqual({ min: null, max: 800 });
  });
});

describe('parseBudget, English', () => {
  it("'up to 2k' → up to 2000", () => expect(budget('up to 2k')).toEqual({ min: null, max: 2000 }));
  it("'from 500' → from 500", () => expect(budget('from 500')).toEqual({ min: 500, max: null }));
  it("'between 300 and 500 euros' → 300..500", () => expect(budget('between 300 and 500 euros')).toEqual({ min: 300, max: 500 }));
  it("'€500 to €800' → 500..800", () => expect(budget('€500 to €800')).toEqual({ min: 500, max: 800 }));
  it("'around 300' → approximately 300", () => expect(parseBudget('around 300')).toMatchObject({ min: 300, max: 300, approx: true }));

  it('keeps the currency it was given', () => {
    expect(parseBudget('$2,000')).toMatchObject({ min: 2000, max: 2000, currency: 'USD' });
    expect(parseBudget('budget around £800')).toMatchObject({ min: 800, currency: 'GBP' });
    expect(parseBudget('under 1000 dollars')).toMatchObject({ max: 1000, currency: 'USD' });
    expect(parseBudget('1000 Euro')).toMatchObject({ currency: 'EUR' });
  });
});

describe('what is not money', () => {
  it.each([
    ['a postcode', 'Heizung kaputt, 80331 München'],
    ['a postcode after a place word', 'in 10115 Berlin'],
    ['a date', 'bis 15.12.'],
    ['a date with year', 'am 15.12.2026'],
    ['an English date', 'from 2 January'],
    ['a year', 'Baujahr ab 2018'],
    ['a phone number', 'Tel. 0171 1234567'],
    ['a time', 'ab 10 Uhr'],
    ['people', 'Catering für 50 Personen'],
    ['rooms', '3 Zimmer Wohnung'],
    ['travellers', '2 travellers'],
    ['an area', 'ca. 120 qm'],
    ['a duration', 'ca. 2 Wochen'],
    ['days of a date range', 'vom 3. bis 10. Juli'],
    ['a bare number', 'Ich habe 2 Kinder und 1 Hund'],
  ])('%s: %s', (_what, text) => {
    expect(findMoney(text)).toEqual([]);
  });

  it('still finds the money next to them', () => {
    expect(budget('3 Zimmer in 10115 Berlin, Warmmiete bis 1.100 €, ab 1.5.')).toEqual({ min: null, max: 1100 });
    expect(budget('Baujahr ab 2015, max 15.000 €')).toEqual({ min: null, max: 15000 });
  });

  it('counts a bare number as money where a budget is asked for', () => {
    expect(parseBudget('500', { assumeMoney: true })).toMatchObject({ min: 500, max: 500 });
    expect(parseBudget('500')).toBeNull();
  });
});

describe('rates', () => {
  it('reads a number with a rate as money, a frequency not', () => {
    expect(budget('25 per hour')).toEqual({ min: 25, max: 25 });
    expect(budget('Gassi gehen, 10 pro Gang')).toEqual({ min: 10, max: 10 });
    expect(budget('Putzen 3 pro Woche')).toBeNull();
  });
});

describe('found by the second urgency set, as general rules', () => {
  it("applies a multiplier written with a dot to both ends of a range ('1-2 Tsd. €')", () => {
    expect(budget('Budget 1-2 Tsd. €')).toEqual({ min: 1000, max: 2000 });
    expect(budget('10-15 Tsd. Euro')).toEqual({ min: 10000, max: 15000 });
    expect(budget('Haus für 1,5-2 Mio. €')).toEqual({ min: 1_500_000, max: 2_000_000 });
    expect(budget('1-2k')).toEqual({ min: 1000, max: 2000 });
  });
  it('reads a range before a rate as money, a frequency not', () => {
    expect(budget('catering for 40 guests, 20-30 per head')).toEqual({ min: 20, max: 30 });
    expect(budget('Privatkoch, 40-60 pro Person')).toEqual({ min: 40, max: 60 });
    expect(budget('Nachhilfe, 15-20 die Stunde')).toEqual({ min: 15, max: 20 });
    expect(budget('Training 2-3 pro Woche')).toBeNull();
  });
  it("reads an amount or a range before 'total' / 'insgesamt' / 'all in' as money", () => {
    expect(budget('nail tech for 5 people, 200-250 total')).toEqual({ min: 200, max: 250 });
    expect(budget('Umzug, 800 insgesamt')).toEqual({ min: 800, max: 800 });
    expect(budget('two nights, 300 all in')).toEqual({ min: 300, max: 300 });
    expect(budget('3 Zimmer insgesamt')).toBeNull();
  });
  it('reads a bare range of larger numbers standing alone between commas as money', () => {
    expect(budget('photographer for headshots, office in Berlin, 400-600')).toEqual({ min: 400, max: 600 });
    expect(budget('Maler fürs Wohnzimmer, 800–1200, Köln')).toEqual({ min: 800, max: 1200 });
    expect(budget('Kinder 3-6, Köln')).toBeNull();
    expect(budget('Mo-Fr, 8-12')).toBeNull();
    expect(budget('Oldtimer, 1965-1975, guter Zustand')).toBeNull();
    expect(budget('Abholung 10115-10119')).toBeNull();
  });
});
