import { describe, expect, it } from 'vitest';
import { findContacts, hasContact, redactContact } from '../../../server/ai/nlu/contact.ts';

const kinds = (text: string) => findContacts(text).map((c) => [c.kind, c.value]);

describe('findContacts', () => {
  it('finds e-mail addresses, also spelled out around spam filters', () => {
    expect(kinds('schreib an max.mustermann@web.de.')).toEqual([['email', 'max.mustermann@web.de']]);
    expect(kinds('email me at john.doe@example.co.uk thanks')).toEqual([['email', 'john.doe@example.co.uk']]);
    expect(kinds('max(at)web(dot)de')).toEqual([['email', 'max(at)web(dot)de']]);
    expect(kinds('anna at gmail dot com')).toEqual([['email', 'anna at gmail dot com']]);
    expect(kinds('meet me at john.doe tomorrow')).toEqual([]);
  });

  it('finds German and international phone numbers', () => {
    for (const phone of ['0171 1234567', '0171/1234567', '030-123 456 78', '(030) 123 456 78', '+49 30 12345678', '0049 (0)89 1234567', '+1 (555) 123-4567', '+44 20 7946 0958']) {
      expect(kinds(`Ruf an: ${phone}`)).toEqual([['phone', phone]]);
    }
    expect(kinds('WhatsApp 1761234567')).toEqual([['phone', '1761234567']]);
  });

  it('finds links and handles', () => {
    expect(kinds('siehe https://example.com/foo?bar=1')).toEqual([['url', 'https://example.com/foo?bar=1']]);
    expect(kinds('meine Seite www.maler-meier.de')).toEqual([['url', 'www.maler-meier.de']]);
    expect(kinds('Infos auf maler-meier.de')).toEqual([['url', 'maler-meier.de']]);
    expect(kinds('Insta: @anna_nails')).toEqual([['handle', 'Insta: @anna_nails']]);
  });

  it('leaves amounts, dates, postcodes and ordinary words alone', () => {
    for (const text of ['Budget 1.000.000 €, am 15.12.2025, PLZ 10115', '500-1000 Euro, 3 Zimmer', 'Termin 14.30 Uhr', 'Baujahr 2015, 120.000 km', 'Lash extensions next week', 'max 20k, near Munich']) {
      expect(findContacts(text)).toEqual([]);
    }
  });
});

describe('redactContact', () => {
  it("replaces contact data by '[Kontakt verborgen]' / '[contact hidden]'", () => {
    expect(redactContact('Heizung kaputt in 80331 München, Tel 089/1234567 oder a.b@web.de')).toBe(
      'Heizung kaputt in 80331 München, Tel [Kontakt verborgen] oder [Kontakt verborgen]',
    );
    expect(redactContact('call me on 07700 900123', 'en')).toBe('call me on [contact hidden]');
  });

  it('leaves a text without contact data unchanged', () => {
    const text = 'Maler gesucht, 3 Zimmer, bis 1.200 €, am 15.12.';
    expect(redactContact(text)).toBe(text);
    expect(hasContact(text)).toBe(false);
  });
});

describe('phone cue words', () => {
  it('are whole words: the "tel" in "Hotel" is none', () => {
    expect(findContacts('Hotel 250 000 Punkte')).toEqual([]);
    expect(findContacts('Tel. 12345678')).toMatchObject([{ kind: 'phone', value: '12345678' }]);
  });
});
