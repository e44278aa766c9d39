import { describe, expect, it } from 'vitest';
import { detectUrgency, urgencyFromDate, urgencyFromLabel, type Urgency } from '../../../server/ai/nlu/urgency.ts';

const now = new Date('2026-03-11T09:30:00+01:00');
const de = (text: string, date: string | null = null) => detectUrgency(text, { lang: 'de', now, date }).urgency;
const en = (text: string, date: string | null = null) => detectUrgency(text, { lang: 'en', now, date }).urgency;

describe('urgency words', () => {
  const german: [string, Urgency][] = [
    ['Bitte sofort!', 'sehr_dringend'],
    ['heute noch', 'sehr_dringend'],
    ['Notfall!', 'sehr_dringend'],
    ['so schnell wie möglich', 'sehr_dringend'],
    ['schnellstmöglich', 'sehr_dringend'],
    ['sehr dringend', 'sehr_dringend'],
    ['Heizungsnotdienst gesucht, Notdienst', 'sehr_dringend'],
    ['dringend', 'dringend'],
    ['eilig', 'dringend'],
    ['eilt', 'dringend'],
    ['zeitnah', 'dringend'],
    ['brauche schnell jemanden', 'dringend'],
    ['kein Stress', 'niedrig'],
    ['keine Eile', 'niedrig'],
    ['irgendwann', 'niedrig'],
    ['nicht dringend', 'niedrig'],
    ['nicht so eilig', 'niedrig'],
    ['Termin flexibel', 'niedrig'],
    ['kein Notfall', 'niedrig'],
  ];
  it.each(german)('%s → %s', (text, u) => expect(de(text)).toBe(u));

  const english: [string, Urgency][] = [
    ['asap', 'sehr_dringend'],
    ['ASAP!!', 'sehr_dringend'],
    ['emergency', 'sehr_dringend'],
    ['right away please', 'sehr_dringend'],
    ['very urgent', 'sehr_dringend'],
    ['need a plumber NOW', 'sehr_dringend'],
    ['urgent', 'dringend'],
    ['quickly', 'dringend'],
    ['at short notice', 'dringend'],
    ['no rush', 'niedrig'],
    ['not urgent', 'niedrig'],
    ['whenever suits', 'niedrig'],
    ['take your time', 'niedrig'],
  ];
  it.each(english)('%s → %s', (text, u) => expect(en(text)).toBe(u));

  it("reads words in their language only ('fast' is German for 'almost')", () => {
    expect(de('Das Auto ist fast fertig')).toBe('normal');
    expect(en('need it fast')).toBe('dringend');
  });
});

describe('urgency from the date', () => {
  it('follows the scale: today or tomorrow, within 7 days, up to 8 weeks, later', () => {
    expect(urgencyFromDate('2026-03-11', now)).toBe('sehr_dringend');
    expect(urgencyFromDate('2026-03-12', now)).toBe('sehr_dringend');
    expect(urgencyFromDate('2026-03-13', now)).toBe('dringend');
    expect(urgencyFromDate('2026-03-18', now)).toBe('dringend');
    expect(urgencyFromDate('2026-03-19', now)).toBe('normal');
    expect(urgencyFromDate('2026-05-06', now)).toBe('normal');
    expect(urgencyFromDate('2026-05-07', now)).toBe('niedrig');
    expect(urgencyFromDate('2026-03-10', now)).toBeNull();
    expect(urgencyFromDate(null, now)).toBeNull();
  });

  it("reads 'diese Woche' and 'nächste Woche' as dringend on any weekday", () => {
    const thursday = new Date('2026-03-12T09:00:00+01:00');
    const sunday = new Date('2026-03-15T09:00:00+01:00');
    for (const at of [now, thursday, sunday]) {
      expect(detectUrgency('Maler diese Woche', { lang: 'de', now: at, date: '2026-03-13' }).urgency).toBe('dringend');
      expect(detectUrgency('Maler nächste Woche', { lang: 'de', now: at, date: '2026-03-16' }).urgency).toBe('dringend');
      expect(detectUrgency('painter next week please', { lang: 'en', now: at, date: '2026-03-16' }).urgency).toBe('dringend');
    }
    expect(detectUrgency('Umzugshelfer in 3 Tagen', { lang: 'de', now }).urgency).toBe('dringend');
    expect(detectUrgency('Maler diese Woche, sofort wenn möglich', { lang: 'de', now }).urgency).toBe('sehr_dringend');
  });

  it('reads holidays and seasons by how far away they are', () => {
    const u = (text: string, lang: 'de' | 'en' = 'de') => detectUrgency(text, { lang, now }).urgency;
    expect(u('Ferienwohnung über Ostern')).toBe('normal'); // Easter 2026: 5 April, 25 days away
    expect(u('Ferienhaus für die Sommerferien')).toBe('niedrig');
    expect(u('Catering für Weihnachten')).toBe('niedrig');
    expect(u('DJ für Silvester')).toBe('niedrig');
    expect(u('holiday home over Easter', 'en')).toBe('normal');
    expect(u('a cottage in the summer', 'en')).toBe('niedrig');
    expect(detectUrgency('Ferienwohnung über Ostern', { lang: 'de', now: new Date('2026-03-28T09:00:00+01:00') }).urgency).toBe('dringend');
    expect(detectUrgency('Laptop gesucht', { lang: 'de', now }).stated).toBe(false);
  });

  it('takes the higher of words and date', () => {
    expect(de('Maler gesucht', '2026-03-12')).toBe('sehr_dringend');
    expect(de('dringend', '2026-03-12')).toBe('sehr_dringend');
    expect(de('sofort', '2026-04-30')).toBe('sehr_dringend');
    expect(de('kein Stress', '2026-04-30')).toBe('normal');
    expect(de('kein Stress', '2026-08-30')).toBe('niedrig');
    expect(de('Kann jetzt gleich jemand kommen?')).toBe('sehr_dringend');
    expect(de('Fotograf für die Hochzeit', '2026-08-01')).toBe('niedrig');
    expect(de('dringend, Hochzeit', '2026-08-01')).toBe('dringend');
    expect(de('kein Stress, aber bis morgen', '2026-03-12')).toBe('sehr_dringend');
  });

  it('says normal, not stated, when nothing is said', () => {
    expect(detectUrgency('Maler gesucht', { lang: 'de', now })).toEqual({ urgency: 'normal', stated: false, source: 'default', text: null });
  });
});

describe('urgency from a label', () => {
  it('reads ids and labels of both languages', () => {
    expect(urgencyFromLabel('Sehr dringend')).toBe('sehr_dringend');
    expect(urgencyFromLabel('sehr_dringend')).toBe('sehr_dringend');
    expect(urgencyFromLabel('Very urgent')).toBe('sehr_dringend');
    expect(urgencyFromLabel('Low')).toBe('niedrig');
    expect(urgencyFromLabel('Normal')).toBe('normal');
    expect(urgencyFromLabel('bald mal')).toBeNull();
  });
});

describe('found by the second urgency set, as general rules', () => {
  it("reads the colloquial 'heut noch' as 'heute noch'", () => {
    expect(de('Brauch heut noch ein Zimmer')).toBe('sehr_dringend');
    expect(de('noch heut bitte')).toBe('sehr_dringend');
  });
  it("reads next year and 'in N Jahren' as far away (niedrig)", () => {
    expect(de('Wir möchten nächstes Jahr bauen')).toBe('niedrig');
    expect(de('im nächsten Jahr umziehen')).toBe('niedrig');
    expect(de('im kommenden Jahr')).toBe('niedrig');
    expect(de('in zwei Jahren')).toBe('niedrig');
    expect(en('we plan to build next year')).toBe('niedrig');
    expect(en('in a couple of years')).toBe('niedrig');
    expect(detectUrgency('Maler gesucht, Jahr egal', { lang: 'de', now }).stated).toBe(false);
  });
  it('still reads a season by its distance now that it gives no date', () => {
    expect(de('Umzug im Herbst')).toBe('niedrig');
    expect(en('new roof in the spring')).toBe('normal'); // 20 March is 9 days away
  });
});
