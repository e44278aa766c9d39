import { describe, expect, it } from 'vitest';
import { restateDescription } from '../../../server/ai/nlu/restate.ts';

const none = { budgetMin: null, budgetMax: null, postcode: null, place: null };

describe('restateDescription: a corrected budget or place is not left stale in the person’s words', () => {
  it('replaces the amount of a point budget and keeps the budget word', () => {
    const text = 'My kitchen tap has been dripping since yesterday, I urgently need a plumber in 10115 Berlin, budget 150 euros, ideally tomorrow';
    const out = restateDescription(text, { ...none, budgetMin: 150, budgetMax: 150 }, { budgetMin: 200, budgetMax: 200 }, 'en');
    expect(out).toBe('My kitchen tap has been dripping since yesterday, I urgently need a plumber in 10115 Berlin, budget €200, ideally tomorrow');
  });

  it('German: a range becomes the new range, a cue of the same kind stays', () => {
    expect(
      restateDescription('Suche Maler, Budget 150-300 €, bald', { ...none, budgetMin: 150, budgetMax: 300 }, { budgetMin: 200, budgetMax: 400 }, 'de'),
    ).toBe('Suche Maler, Budget 200 € – 400 €, bald');
    expect(restateDescription('Suche Maler bis 300 € in Köln', { ...none, budgetMin: null, budgetMax: 300 }, { budgetMin: null, budgetMax: 500 }, 'de')).toBe(
      'Suche Maler bis 500 € in Köln',
    );
  });

  it('a change of kind says the new kind in words and drops a cue that no longer fits', () => {
    expect(restateDescription('Suche Maler bis 300 € in Köln', { ...none, budgetMin: null, budgetMax: 300 }, { budgetMin: 250, budgetMax: 250 }, 'de')).toBe(
      'Suche Maler 250 € in Köln',
    );
    expect(restateDescription('Need a painter, budget 300 euros', { ...none, budgetMin: 300, budgetMax: 300 }, { budgetMin: null, budgetMax: 400 }, 'en')).toBe(
      'Need a painter, budget up to €400',
    );
  });

  it('leaves the text alone when the old budget is not in it, or is removed', () => {
    const text = 'Suche Maler in Köln, 3 Zimmer';
    expect(restateDescription(text, { ...none, budgetMin: 300, budgetMax: 300 }, { budgetMin: 400, budgetMax: 400 }, 'de')).toBe(text);
    const said = 'Suche Maler, Budget 300 €';
    expect(restateDescription(said, { ...none, budgetMin: 300, budgetMax: 300 }, { budgetMin: null, budgetMax: null }, 'de')).toBe(said);
  });

  it('replaces the postcode and the place of a corrected location', () => {
    const text = 'Wasserhahn tropft, Klempner in 10115 Berlin gesucht, Budget 150 €';
    expect(restateDescription(text, { ...none, postcode: '10115', place: 'Berlin' }, { postcode: '20095', place: 'Hamburg' }, 'de')).toBe(
      'Wasserhahn tropft, Klempner in 20095 Hamburg gesucht, Budget 150 €',
    );
    expect(restateDescription(text, { ...none, postcode: '10115', place: 'Berlin' }, { postcode: '10117', place: 'Berlin' }, 'de')).toBe(
      'Wasserhahn tropft, Klempner in 10117 Berlin gesucht, Budget 150 €',
    );
  });

  it('does not touch a number that only contains the old postcode, nor another word with the place inside', () => {
    const text = 'Bestellnummer 101150, Berliner Weisse, Klempner in 10115 Berlin';
    expect(restateDescription(text, { ...none, postcode: '10115', place: 'Berlin' }, { postcode: '20095', place: 'Hamburg' }, 'de')).toBe(
      'Bestellnummer 101150, Berliner Weisse, Klempner in 20095 Hamburg',
    );
  });

  it('a place that is also a word is replaced only where it stands as the place', () => {
    expect(restateDescription('Essen für 20 Personen in Essen, Budget 300 €', { ...none, place: 'Essen' }, { place: 'Hamburg' }, 'de')).toBe(
      'Essen für 20 Personen in Hamburg, Budget 300 €',
    );
    expect(
      restateDescription('Catering 45127 Essen, Essen für 20', { ...none, postcode: '45127', place: 'Essen' }, { postcode: '20095', place: 'Hamburg' }, 'de'),
    ).toBe('Catering 20095 Hamburg, Essen für 20');
  });
});

describe('restateDescription: a corrected date is said anew', () => {
  // Thursday 3 December 2026, noon in Berlin.
  const now = new Date('2026-12-03T11:00:00Z');

  it('replaces a relative date with the corrected day, keeping a preposition that stands before it', () => {
    expect(restateDescription('Klempner gesucht, morgen früh, Bad tropft', { ...none, date: '2026-12-04' }, { date: '2026-12-05' }, 'de', now)).toBe(
      'Klempner gesucht, am 05.12.2026 früh, Bad tropft',
    );
    expect(restateDescription('Need a plumber by tomorrow, budget 150 euros', { ...none, date: '2026-12-04' }, { date: '2026-12-07' }, 'en', now)).toBe(
      'Need a plumber by 7 Dec 2026, budget 150 euros',
    );
  });

  it('leaves the text alone when it names no date, or another one than the old date', () => {
    const plain = 'Suche einen Maler für drei Zimmer';
    expect(restateDescription(plain, { ...none, date: '2026-12-04' }, { date: '2026-12-05' }, 'de', now)).toBe(plain);
    const other = 'Umzug am 20.12., Angebot bitte bis morgen';
    expect(restateDescription(other, { ...none, date: '2026-12-10' }, { date: '2026-12-12' }, 'de', now)).toBe(other);
  });
});
