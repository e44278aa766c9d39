import { describe, expect, it } from 'vitest';
import { checkFirstName, isKnownFirstName, isKnownSurname } from '../../../server/ai/nlu/names.ts';

describe('checkFirstName', () => {
  it.each(['Jürgen', 'Anne-Marie', 'José', 'Zoë', 'Uwe', 'Mehmet', 'Łukasz'])('accepts %s', (name) => {
    expect(checkFirstName(name)).toEqual({ ok: true, name });
  });

  it('normalises case and spaces around the name', () => {
    expect(checkFirstName('jürgen')).toEqual({ ok: true, name: 'Jürgen' });
    expect(checkFirstName('  ANNE-MARIE ')).toEqual({ ok: true, name: 'Anne-Marie' });
    expect(checkFirstName('DeShawn')).toEqual({ ok: true, name: 'DeShawn' });
  });

  it('accepts a well-formed name it does not know', () => {
    expect(checkFirstName('Xylandra')).toEqual({ ok: true, name: 'Xylandra' });
  });

  it('accepts a word that is a first name even if it is a surname too', () => {
    expect(isKnownSurname('Albert')).toBe(true);
    expect(checkFirstName('Albert')).toEqual({ ok: true, name: 'Albert' });
  });

  it.each([
    ['Max Mustermann', 'two_words'],
    ['R2D2', 'digits'],
    ['<b>Tom</b>', 'markup'],
    ['Tom&amp;', 'markup'],
    ['Müller', 'surname'],
    ['Schmidt', 'surname'],
    ['Smith', 'surname'],
    ['mueller', 'surname'],
    ['Tom!', 'invalid_chars'],
    ["O'Brien", 'invalid_chars'],
    ['-Anna', 'invalid_chars'],
    ['Anna--Lena', 'invalid_chars'],
    ['', 'empty'],
    ['   ', 'empty'],
    ['A'.repeat(41), 'too_long'],
  ])('rejects %j: %s', (input, reason) => {
    expect(checkFirstName(input)).toEqual({ ok: false, reason });
  });

  it('draws its lists from the data packages', () => {
    expect(isKnownFirstName('Uwe')).toBe(true);
    expect(isKnownFirstName('Jürgen')).toBe(true);
    expect(isKnownSurname('Müller')).toBe(true);
    expect(isKnownSurname('Smith')).toBe(true);
  });
});
