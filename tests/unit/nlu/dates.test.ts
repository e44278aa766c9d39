import { describe, expect, it } from 'vitest';
import { daysUntil, extractDate, parseDate, todayIso } from '../../../server/ai/nlu/dates.ts';

// Wednesday, 11 March 2026, 09:30 in Berlin.
const now = new Date('2026-03-11T09:30:00+01:00');
const de = (text: string) => parseDate(text, { lang: 'de', now });
const en = (text: string) => parseDate(text, { lang: 'en', now });

describe('dates relative to a fixed reference (Wed 2026-03-11)', () => {
  it("'morgen' → 2026-03-12", () => expect(de('Bitte morgen vorbeikommen')).toBe('2026-03-12'));
  it("'Morgen' at the start of a later sentence → 2026-03-12", () => expect(de('Kosten max. 200 Euro. Morgen wäre super.')).toBe('2026-03-12'));
  it("'übermorgen' → 2026-03-13", () => expect(de('übermorgen')).toBe('2026-03-13'));
  it("'heute' → today", () => expect(de('heute noch')).toBe('2026-03-11'));
  it("'nächsten Freitag' → the Friday of next week", () => expect(de('nächsten Freitag')).toBe('2026-03-20'));
  it("'Freitag' / 'bis Freitag' / 'diesen Freitag' → this Friday", () => {
    expect(de('am Freitag')).toBe('2026-03-13');
    expect(de('bis Freitag')).toBe('2026-03-13');
    expect(de('diesen Freitag')).toBe('2026-03-13');
    expect(de('Freitagabend')).toBe('2026-03-13');
  });
  it("'übernächsten Montag' → Monday in two weeks", () => expect(de('übernächsten Montag')).toBe('2026-03-23'));
  it("'am 15.12.' (no year) → the next 15 December", () => expect(de('am 15.12.')).toBe('2026-12-15'));
  it("'am 5.3.' (already past) → next year", () => expect(de('am 5.3.')).toBe('2027-03-05'));
  it("'bis 15.12.' → a deadline", () => {
    expect(extractDate('bis 15.12.', { lang: 'de', now })).toMatchObject({ date: '2026-12-15', kind: 'by' });
  });
  it("'15.12.2026' and '3. Januar'", () => {
    expect(de('15.12.2026')).toBe('2026-12-15');
    expect(de('am 3. Januar')).toBe('2027-01-03');
  });
  it("'Ende des Monats' → the month's last day", () => expect(de('bis Ende des Monats')).toBe('2026-03-31'));
  it("'Ende nächsten Monats' → next month's last day", () => expect(de('Ende nächsten Monats')).toBe('2026-04-30'));
  it("'nächsten Monat' → its first day", () => expect(de('nächsten Monat')).toBe('2026-04-01'));
  it("'Ende April', 'Anfang Mai', 'Mitte Juli', 'im August', 'ab Juni'", () => {
    expect(de('Ende April')).toBe('2026-04-30');
    expect(de('Anfang Mai')).toBe('2026-05-01');
    expect(de('Mitte Juli')).toBe('2026-07-15');
    expect(de('im August')).toBe('2026-08-01');
    expect(de('gern ab Juni')).toBe('2026-06-01');
  });
  it("'diese Woche' → this Friday, 'nächste Woche' → next Monday", () => {
    expect(de('noch diese Woche')).toBe('2026-03-13');
    expect(de('nächste Woche')).toBe('2026-03-16');
    expect(de('Ende nächster Woche')).toBe('2026-03-20');
  });
  it("'am Wochenende' → Saturday", () => expect(de('am Wochenende')).toBe('2026-03-14'));
  it("'in 2 Wochen', 'innerhalb von 10 Tagen'", () => {
    expect(de('in 2 Wochen')).toBe('2026-03-25');
    expect(de('innerhalb von 10 Tagen')).toBe('2026-03-21');
  });
  it("'vom 3. bis 10. Juli' → the start", () => expect(de('vom 3. bis 10. Juli')).toBe('2026-07-03'));
});

describe('what chrono would misread', () => {
  it("the word 'so' in 'so schnell wie möglich' is not Sunday", () => {
    expect(extractDate('Bitte so schnell wie möglich!', { lang: 'de', now })).toMatchObject({ date: null, asap: true });
    expect(de('ich brauche das so bald wie möglich')).toBeNull();
    expect(de('Das ist so nicht in Ordnung')).toBeNull();
  });
  it("'guten Morgen' is no date", () => expect(de('Guten Morgen, ich brauche Hilfe')).toBeNull());
  it('two-letter weekday abbreviations count only with a date', () => {
    expect(de('Mo oder Di wäre gut')).toBeNull();
    expect(de('Fr. 13.3. geht')).toBe('2026-03-13');
  });
  it('past dates, times, durations and recurrences are no date', () => {
    expect(de('Heizung kaputt seit gestern')).toBeNull();
    expect(de('Termin um 15 Uhr')).toBeNull();
    expect(de('Putzfrau für 4 Std pro Woche')).toBeNull();
    expect(de('Lieferung jeden Freitag')).toBeNull();
    expect(de('ca. 2 Wochen Betreuung')).toBeNull();
    expect(en('every two weeks')).toBeNull();
    expect(en('twice a week')).toBeNull();
    expect(en('I need a second opinion')).toBeNull();
    expect(en('I may need help')).toBeNull();
    expect(en('my sat nav is broken')).toBeNull();
  });
  it('amounts and postcodes are no date', () => {
    expect(de('500-1000 Euro')).toBeNull();
    expect(de('3 Zimmer in 10115 Berlin')).toBeNull();
  });
  it('a weekday with an explicit date takes the date', () => expect(en('on Saturday 21 March')).toBe('2026-03-21'));
});

describe('English', () => {
  it("'tomorrow', 'today', 'tonight'", () => {
    expect(en('tomorrow afternoon')).toBe('2026-03-12');
    expect(en('today')).toBe('2026-03-11');
    expect(en('tonight')).toBe('2026-03-11');
  });
  it("'next Friday' → the Friday of next week; 'by Friday' → this Friday", () => {
    expect(en('next Friday')).toBe('2026-03-20');
    expect(extractDate('by Friday', { lang: 'en', now })).toMatchObject({ date: '2026-03-13', kind: 'by' });
  });
  it("'end of the month', 'end of May', 'this week', 'next week', 'the week after next'", () => {
    expect(en('by the end of the month')).toBe('2026-03-31');
    expect(en('end of May')).toBe('2026-05-31');
    expect(en('this week')).toBe('2026-03-13');
    expect(en('next week')).toBe('2026-03-16');
    expect(en('the week after next')).toBe('2026-03-23');
  });
  it('day-first numeric dates, month names', () => {
    expect(en('on 28/03')).toBe('2026-03-28');
    expect(en('by Dec 15')).toBe('2026-12-15');
    expect(en('on 12 September')).toBe('2026-09-12');
    expect(en('from July 3 to July 10')).toBe('2026-07-03');
  });
  it("'asap' is an urgency, not a date", () => {
    expect(extractDate('asap please', { lang: 'en', now })).toMatchObject({ date: null, asap: true });
  });
});

describe('time zone', () => {
  it('counts days in Berlin, whatever the server clock says', () => {
    // 23:30 UTC on the 11th is already the 12th in Berlin.
    const lateNight = new Date('2026-03-11T23:30:00Z');
    expect(todayIso(lateNight)).toBe('2026-03-12');
    expect(parseDate('morgen', { lang: 'de', now: lateNight })).toBe('2026-03-13');
    expect(daysUntil('2026-03-13', lateNight)).toBe(1);
  });
  it('is not thrown by the change to summer time', () => {
    const beforeDst = new Date('2026-03-28T12:00:00+01:00');
    expect(parseDate('übermorgen', { lang: 'de', now: beforeDst })).toBe('2026-03-30');
  });
});

describe('months with umlauts, numbers after a month, named days, months ahead', () => {
  it("reads 'März' as written (not only 'Maerz')", () => {
    expect(de('Wir feiern am 28. März den 60. Geburtstag')).toBe('2026-03-28');
    expect(de('Die Versicherung läuft Ende März aus')).toBe('2026-03-31');
  });
  it("does not read ', 2 Personen' after a month as the year", () => {
    expect(de('Weltreise ab 1. Oktober, 2 Personen, 12 Monate')).toBe('2026-10-01');
    expect(en('on 4 April, 12 people')).toBe('2026-04-04');
  });
  it('reads named days: Karfreitag, Ostersonntag, Heiligabend, Silvester, Christmas Eve, New Year’s Eve', () => {
    expect(de('Torte zum Abholen an Karfreitag')).toBe('2026-04-03');
    expect(de('Ferienhaus von Ostersonntag bis Mittwoch')).toBe('2026-04-05');
    expect(de('Catering für unsere Silvesterparty')).toBe('2026-12-31');
    expect(de('Essen an Heiligabend')).toBe('2026-12-24');
    expect(en('Christmas Eve dinner for 10')).toBe('2026-12-24');
    expect(en("a DJ for New Year's Eve")).toBe('2026-12-31');
    expect(en('Easter Sunday brunch')).toBe('2026-04-05');
    expect(de('drei Osterzöpfe')).toBeNull();
  });
  it("reads 'in einem Monat' / 'in a month' / 'in 3 months'", () => {
    expect(de('Bad fliesen in einem Monat')).toBe('2026-04-11');
    expect(en('bathroom retiling in a month')).toBe('2026-04-11');
    expect(en('in three months')).toBe('2026-06-11');
  });
});

describe('found by the second urgency set, as general rules', () => {
  it("reads the colloquial 'heut' as 'heute'", () => {
    expect(de('Brauch heut noch jemanden für den Rasen')).toBe('2026-03-11');
    expect(de('kann heut abend wer kommen?')).toBe('2026-03-11');
    expect(de('heut morgen ist die Heizung ausgefallen, jemand heute?')).toBe('2026-03-11');
  });
  it("reads 'nächsten Monat' in every case ('ab nächstem Monat', 'kommendes Monat')", () => {
    expect(de('Gitarrenunterricht ab nächstem Monat')).toBe('2026-04-01');
    expect(de('Putzhilfe ab kommendem Monat')).toBe('2026-04-01');
    expect(de('Start im nächsten Monat')).toBe('2026-04-01');
  });
  it("reads 'in 2 Wochen' / 'in 10 days' as that day, also before words chrono reads backwards ('before my holiday')", () => {
    expect(en('nails done in 2 weeks before my holiday')).toBe('2026-03-25');
    expect(en('in 10 days before the wedding')).toBe('2026-03-21');
    expect(de('in zwei Wochen vor dem Umzug')).toBe('2026-03-25');
    expect(de('in 3 Tagen')).toBe('2026-03-14');
    expect(de('vor 2 Wochen gekauft')).toBeNull();
  });
  it('reads more named days: Muttertag, Vatertag, Valentinstag, Halloween, Tag der Deutschen Einheit, Nikolaustag', () => {
    expect(de('Blumen und Brunch zum Muttertag')).toBe('2026-05-10'); // second Sunday in May
    expect(en("a spa voucher for Mother's Day")).toBe('2026-05-10');
    expect(de('Bollerwagen-Tour am Vatertag')).toBe('2026-05-14'); // Ascension Day, Easter + 39
    expect(de('Ausflug an Christi Himmelfahrt')).toBe('2026-05-14');
    expect(de('Tisch für zwei am Valentinstag')).toBe('2027-02-14'); // this year's is past
    expect(en("dinner for two on Valentine's Day")).toBe('2027-02-14');
    expect(en('costumes for a Halloween party')).toBe('2026-10-31');
    expect(de('Brückentag am Tag der Deutschen Einheit')).toBe('2026-10-03');
    expect(de('Weihnachtsmann zum Nikolaustag')).toBe('2026-12-06');
  });
  it('gives no date for a season or a year, as for holidays (the urgency still reads their distance)', () => {
    expect(de('Wir wollen im Herbst umziehen')).toBeNull();
    expect(de('Gartenhaus bauen im Sommer')).toBeNull();
    expect(de('Terrasse im Frühjahr')).toBeNull();
    expect(en('new roof in the spring')).toBeNull();
    expect(en('in summer')).toBeNull();
    expect(de('nächstes Jahr bauen')).toBeNull();
    expect(en('next year')).toBeNull();
    expect(de('im Herbst, am 3. Oktober')).toBe('2026-10-03');
  });
});
