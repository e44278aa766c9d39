import { describe, expect, it } from 'vitest';
import { checkFirstName, isKnownFirstName, isKnownSurname } from '../../../server/ai/nlu/names.ts';
import { firstNameOf, nameInMessage } from '../../../server/ai/understanding/entities.ts';

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

describe('the first name in a sentence (nameInMessage)', () => {
  it.each([
    ['Ich heiße Marta', 'Marta'],
    ['Mehmet', 'Mehmet'],
    ['ich heiße jonas', 'Jonas'],
    ['Nenn mich Kai', 'Kai'],
    ['Sag einfach Svenja zu mir', 'Svenja'],
    ['Moin, Hauke hier', 'Hauke'],
    ['Du kannst mich Lena nennen', 'Lena'],
    ['Yusuf heiß ich', 'Yusuf'],
    ['Ich bin Alessandro, aber Sandro reicht', 'Sandro'],
    ['Bitte nicht Alexander, sag einfach Alex', 'Alex'],
    ['Mein Name? Bartek', 'Bartek'],
    ['Vorname: Moritz', 'Moritz'],
    ["Kofi's the name", 'Kofi'],
    ["Name's Ravi", 'Ravi'],
    ['Hi there, Fiona speaking', 'Fiona'],
    ["I'm called Mateusz", 'Mateusz'],
    ['Leila, thanks for asking', 'Leila'],
    ['Freut mich, Aki! Ich bin Paulina', 'Paulina'],
    ['Ich heiße eigentlich Magdalena, aber sag ruhig Leni', 'Leni'],
    ['Jo, eigentlich Johanna', 'Johanna'],
    ['Please call me Catherine, not Cathy', 'Catherine'],
    ['Ich bin Kalani, freut mich', 'Kalani'],
  ])('%s → %s', (text, name) => {
    expect(nameInMessage(text)).toBe(name);
  });

  it.each(['Hallo', 'Moin', 'Ja', 'Anna Schmidt', '<b>Anna</b>', 'Ich bin neu hier und brauche Hilfe', "I'm confused", "i'm tired", 'ich bin müde'])(
    '%s → no first name',
    (text) => {
      expect(nameInMessage(text)).toBeNull();
    },
  );

  it("tells what follows the name, and whether the words around it name a name ('ich heiße') or may go on otherwise ('ich bin')", () => {
    expect(firstNameOf('Ich heiße Anna und brauche einen Maler')).toMatchObject({ name: 'Anna', certain: true, rest: 'brauche einen Maler' });
    expect(firstNameOf('Ich bin Rentnerin und suche jemanden')).toMatchObject({ name: 'Rentnerin', certain: false, rest: 'suche jemanden' });
  });
});

describe('a name that is also a greeting or a yes', () => {
  it("takes 'Jo' as the name only when the person said it is their name", () => {
    expect(checkFirstName('Jo')).toEqual({ ok: false, reason: 'greeting' });
    expect(checkFirstName('Jo', { stated: true })).toEqual({ ok: true, name: 'Jo' });
    // A greeting that is no first name stays refused, however it is said.
    expect(checkFirstName('Hallo', { stated: true })).toEqual({ ok: false, reason: 'greeting' });
  });

  it.each([
    ['call me Jo', 'Jo'],
    ['call me jo', 'Jo'],
    ['nenn mich Jo', 'Jo'],
    ['my name is Jo', 'Jo'],
    ['Ich heiße Jo', 'Jo'],
  ])('"%s" names %s', (text, name) => {
    expect(nameInMessage(text)).toBe(name);
  });

  it.each(['Jo', 'jo', 'Hallo', 'call me hallo'])('"%s" alone names nobody', (text) => {
    expect(nameInMessage(text)).toBeNull();
  });
});
