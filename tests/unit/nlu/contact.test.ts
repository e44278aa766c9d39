import { describe, expect, it } from 'vitest';
import { findContacts, hasContact, redactContact } from '../../../core/redaction/contact.ts';

const kinds = (text: string) => findContacts(text).map((c) => [c.kind, c.value]);
const HIDDEN = '[Kontakt verborgen]';
const ADDRESS = '[Adresse verborgen]';

describe('findContacts', () => {
  it('finds e-mail addresses, also spelled out around spam filters', () => {
    expect(kinds('schreib an max.mustermann@web.de.')).toEqual([['email', 'max.mustermann@web.de']]);
    expect(kinds('email me at john.doe@example.co.uk thanks')).toEqual([['email', 'john.doe@example.co.uk']]);
    expect(kinds('max(at)web(dot)de')).toEqual([['email', 'max(at)web(dot)de']]);
    expect(kinds('anna at gmail dot com')).toEqual([['email', 'anna at gmail dot com']]);
    expect(kinds('meet me at john.doe tomorrow')).toEqual([]);
  });

  it('finds German and international phone numbers', () => {
    for (const phone of [
      '0171 1234567',
      '0171/1234567',
      '030-123 456 78',
      '(030) 123 456 78',
      '+49 30 12345678',
      '0049 (0)89 1234567',
      '+1 (555) 123-4567',
      '+44 20 7946 0958',
    ]) {
      expect(kinds(`Ruf an: ${phone}`)).toEqual([['phone', phone]]);
    }
    expect(kinds('WhatsApp 1761234567')).toEqual([['phone', '1761234567']]);
  });

  it('finds links and handles', () => {
    expect(kinds('siehe https://example.com/foo?bar=1')).toEqual([['url', 'https://example.com/foo?bar=1']]);
    expect(kinds('meine Seite www.maler-meier.de')).toEqual([['url', 'www.maler-meier.de']]);
    expect(kinds('Infos auf maler-meier.de')).toEqual([['url', 'maler-meier.de']]);
    expect(kinds('Insta: @anna_nails')).toEqual([['handle', '@anna_nails']]);
  });

  it('finds street addresses', () => {
    expect(kinds('Erreichbar 0 171 2345678, Goethestr 9. Unser Wasserhahn tropft.')).toEqual([
      ['phone', '0 171 2345678'],
      ['address', 'Goethestr 9'],
    ]);
    expect(kinds('Bitte zur Venloer Str 12 kommen')).toEqual([['address', 'Venloer Str 12']]);
    expect(kinds('Plumber needed at 221B Baker Street, 2nd floor')).toEqual([['address', '221B Baker Street']]);
  });

  it('leaves amounts, dates, postcodes and ordinary words alone', () => {
    for (const text of [
      'Budget 1.000.000 €, am 15.12.2025, PLZ 10115',
      '500-1000 Euro, 3 Zimmer',
      'Termin 14.30 Uhr',
      'Baujahr 2015, 120.000 km',
      'Lash extensions next week',
      'max 20k, near Munich',
    ]) {
      expect(findContacts(text)).toEqual([]);
    }
  });
});

// Each row: what a seeker wrote, and what a provider may see of it before unlocking.
const HIDE: [string, string][] = [
  // The examples of issue 9, which the teaser showed in full or in part.
  ['Erreichbar 0 171 2345678, Goethestr 9. Unser Wasserhahn tropft.', `Erreichbar ${HIDDEN}, ${ADDRESS}. Unser Wasserhahn tropft.`],
  ['Heizung kaputt, bitte melden: 49 171 2345678', `Heizung kaputt, bitte melden: ${HIDDEN}`],
  ['Fensterputzer für Hauptstr.5 in Bonn', `Fensterputzer für ${ADDRESS} in Bonn`],
  ['Büro in der Venloer Str 12 streichen', `Büro in der ${ADDRESS} streichen`],
  ['Visagistin gesucht, Instagram anna_nails', `Visagistin gesucht, Instagram ${HIDDEN}`],
  ['Putzhilfe gesucht, schreib an x at gmail dot xyz', `Putzhilfe gesucht, schreib an ${HIDDEN}`],
  ['Klempner! Telefon null eins sieben eins zwei drei vier fünf sechs sieben acht', `Klempner! Telefon ${HIDDEN}`],
  ['Call zero one seven one two three four five six seven eight please', `Call ${HIDDEN} please`],
  ['Rasen mähen, Handy ０１７１ ２３４５６７８', `Rasen mähen, Handy ${HIDDEN}`],
  ['Meldet euch unter null eins fünf neun, zwölf, vierunddreißig, sechsundfünfzig', `Meldet euch unter ${HIDDEN}`],
  ['Call me: oh one seven one, double two, three four five six', `Call me: ${HIDDEN}`],
  // Prefixes, brackets, slashes, dots and dashes.
  ['Kontakt +49 (0) 171 / 234 56 78 bitte', `Kontakt ${HIDDEN} bitte`],
  ['Kontakt 0049 171 2345678 bitte', `Kontakt ${HIDDEN} bitte`],
  ['Kontakt (0171) 234 56 78 bitte', `Kontakt ${HIDDEN} bitte`],
  ['Bitte 0171.234.56.78 anrufen', `Bitte ${HIDDEN} anrufen`],
  ['Bitte 0151 – 1234 5678 anrufen', `Bitte ${HIDDEN} anrufen`],
  ['WhatsApp an 171 2345678 bitte', `WhatsApp an ${HIDDEN} bitte`],
  ['Erreichbar unter 2345678 (Festnetz)', `Erreichbar unter ${HIDDEN} (Festnetz)`],
  // E-mail written around filters.
  ['Mail lisa[at]hochzeit-lisa[dot]de', `Mail ${HIDDEN}`],
  ['Mail hans ät posteo punkt de', `Mail ${HIDDEN}`],
  ['Kontakt max @ gmx . net', `Kontakt ${HIDDEN}`],
  ['email INFO AT partyservice-koch DOT DE', `email ${HIDDEN}`],
  // Streets.
  ['Umzug vom Birkenweg 4 nach Eichenweg 17', `Umzug vom ${ADDRESS} nach ${ADDRESS}`],
  ['Wohne Am Markt 3, Münster', `Wohne ${ADDRESS}, Münster`],
  ['Schlüsseldienst, An der Alster 12, Hamburg', `Schlüsseldienst, ${ADDRESS}, Hamburg`],
  ['Garten in der Lindenallee 14 und Rosenweg 3b', `Garten in der ${ADDRESS} und ${ADDRESS}`],
  ['Painting job at 12 Main St., 3 rooms', `Painting job at ${ADDRESS}, 3 rooms`],
  ['Boiler broken at 45 Park Road', `Boiler broken at ${ADDRESS}`],
  ['Kartons abholen: Bonner Talweg 5', `Kartons abholen: ${ADDRESS}`],
  // Messengers, social handles and links.
  ['Contact me at carlover88 on Instagram', `Contact me at ${HIDDEN} on Instagram`],
  ['Telegram @kuechenbauer', `Telegram ${HIDDEN}`],
  ['Mein TikTok ist tanzschule_maya', `Mein TikTok ist ${HIDDEN}`],
  ['Snapchat: fitnessfan88 bitte', `Snapchat: ${HIDDEN} bitte`],
  ['Siehe fb.com/gartenhilfe.koeln', `Siehe ${HIDDEN}`],
  ['Firma meinefirma.de braucht IT', `Firma ${HIDDEN} braucht IT`],
  ['Contact me via wa.me/491712345678', `Contact me via ${HIDDEN}`],
];

// Each row: a description without contact data, which must reach providers unchanged.
const KEEP = [
  'Maler für 3 Zimmer, 500-1000 €, Budget bis 2k',
  'Wohnung 120 m², Teppich 3x4 m, Baujahr 2015, 3-Zimmer-Wohnung',
  'iPhone 15 Pro, Audi A4 Avant, RTX 4090, Samsung QE55Q80C',
  'Termin am 15.12.2026 oder am 3.1., ab 8 Uhr, 10-12 Uhr',
  'Am Wochenende 2 Stunden, Im Bad 2 Fliesen, Am Haus 3 Fenster',
  'Der Weg ist 15 m lang, Stellplatz 1 ist frei, Ehering Größe 54',
  'Reifen 225/45 R17, Vaillant VC 206/5-5, DIN EN 81-20, i9-14900K',
  'Budget 12.000-15.000 €, 1.000.000 €, 10000-15000 Euro, 450.000 €',
  'Signal ist im Keller schlecht, Instagram Fotos für den Laden',
  'Vom 12.-19.04.2026 für 4 Personen, 50667 Köln, 10115 Berlin',
  'IBAN DE89 3704 0044 0532 0130 00',
];

describe('redactContact', () => {
  it.each(HIDE)('hides the contact data in %j', (text, teaser) => {
    expect(redactContact(text)).toBe(teaser);
    expect(hasContact(text)).toBe(true);
  });

  it.each(KEEP)('leaves %j unchanged', (text) => {
    expect(redactContact(text)).toBe(text);
    expect(hasContact(text)).toBe(false);
  });

  it("writes '[contact hidden]' / '[address hidden]' in English", () => {
    expect(redactContact('Heizung kaputt in 80331 München, Tel 089/1234567 oder a.b@web.de')).toBe(
      `Heizung kaputt in 80331 München, Tel ${HIDDEN} oder ${HIDDEN}`,
    );
    expect(redactContact('call me on 07700 900123, 5 High Street', 'en')).toBe('call me on [contact hidden], [address hidden]');
  });

  it('changes nothing when applied to its own result', () => {
    for (const [text] of HIDE) expect(redactContact(redactContact(text))).toBe(redactContact(text));
  });
});

describe('phone cue words', () => {
  it('are whole words: the "tel" in "Hotel" is none', () => {
    expect(findContacts('Hotel 250 000 Punkte')).toEqual([]);
    expect(findContacts('Tel. 12345678')).toMatchObject([{ kind: 'phone', value: '12345678' }]);
  });
});

// The misses of the blind held-out set (tests/fixtures/contact-eval-blind.json, first run), each as a
// general form with more than the one example the set had.
const HIDE_BLIND: [string, string][] = [
  // 1. Letter O for zero, glued to the digits.
  ['Rückruf unter O171 234 56 78', `Rückruf unter ${HIDDEN}`],
  ['Handy: O1522 3456789', `Handy: ${HIDDEN}`],
  ['Festnetz O3O 12345678 bitte', `Festnetz ${HIDDEN} bitte`],
  // 2. E-mail with spaces around every dot and the '@', the local part included.
  ['Suche Klavierlehrer. anna . berger @ web . de', `Suche Klavierlehrer. ${HIDDEN}`],
  ['Mail: max . von . stein @ gmx . net', `Mail: ${HIDDEN}`],
  // 3. Street names of several words, and a lower-case preposition before an adjective and a name.
  ['Wir wohnen in der Straße der Einheit 12, 04109 Leipzig', `Wir wohnen in der ${ADDRESS}, 04109 Leipzig`],
  ['Treffpunkt Platz der Republik 1 in Berlin', `Treffpunkt ${ADDRESS} in Berlin`],
  ['Wohne Allee der Kosmonauten 5, Berlin', `Wohne ${ADDRESS}, Berlin`],
  ['Laden am Alten Markt 3 in Potsdam', `Laden ${ADDRESS} in Potsdam`],
  ['Praxis Am Alten Markt 3, Potsdam', `Praxis ${ADDRESS}, Potsdam`],
  ['Parkett schleifen in der Kölner Straße 5a', `Parkett schleifen in der ${ADDRESS}`],
  // 4. A number split by words: the prefix, then the rest.
  ['Meine Nummer fängt mit 0170 an, dann 445 66 78', `Meine Nummer fängt mit ${HIDDEN} an, dann ${HIDDEN}`],
  ['Handy: Vorwahl 0151, danach 2345 678', `Handy: Vorwahl ${HIDDEN}, danach ${HIDDEN}`],
  ['My number starts with 07700, then 900 123', `My number starts with ${HIDDEN}, then ${HIDDEN}`],
  // 5. Handles after a label such as 'Username:', 'Nutzername:', 'user:', 'ID:'.
  ['Telegram-Username: gartenhaus_verkauf_hh', `Telegram-Username: ${HIDDEN}`],
  ['Insta Nutzername: lisa.malt', `Insta Nutzername: ${HIDDEN}`],
  ['Skype ID: hans.meier77', `Skype ID: ${HIDDEN}`],
  ['Telegram user: kuechen_profi', `Telegram user: ${HIDDEN}`],
  ['Nutzername: moebel_max', `Nutzername: ${HIDDEN}`],
  // 6. US numbers: dots, dashes, area code in brackets.
  ['Call me at 212.555.0187 after 6pm', `Call me at ${HIDDEN} after 6pm`],
  ['Need help 212.555.0187 thanks', `Need help ${HIDDEN} thanks`],
  ['Call me at 212-555-0187 after 6pm', `Call me at ${HIDDEN} after 6pm`],
  ['Call me at (212) 555-0187 after 6pm', `Call me at ${HIDDEN} after 6pm`],
  // 7. Discord tags, and 'kik me X', 'add me on X', 'snap: X'.
  ['Discord: gadgetguy#4821 or kik me gadgetguy_uk', `Discord: ${HIDDEN} or kik me ${HIDDEN}`],
  ['my tag is gamer_tom#1234', `my tag is ${HIDDEN}`],
  ['Add me on snap: sarahxo22', `Add me on snap: ${HIDDEN}`],
  ['add me on kik: bikefan_99', `add me on kik: ${HIDDEN}`],
  ['add me sarah.xo22 on there', `add me ${HIDDEN} on there`],
  ['snap: sarahxo22', `snap: ${HIDDEN}`],
];

// Look-alikes of the forms above that must stay.
const KEEP_BLIND = [
  'O-Ring 2 Stück, Ohne 5 Sterne, Größe O 2, Vertrag bei O2',
  'Termin um 6pm, App-Version 2.5.1, am 12.05.2026 ab 9 Uhr',
  'Preis 1.250 €, Kilometerstand 123.456 km, Baujahr 2015',
  'Platz für 5 Personen, Allee-Blick 3 Zimmer, Straße der Zukunft 2030',
  'Wir ziehen am Ersten Mai 3 Kartons um, im Neuen Jahr 2 Wochen Urlaub',
  'Die Nummer fängt mit 0 an, dann 15 Minuten warten',
  'Ab 2015 dann 120.000 km, 3 Türen, 5 Sitze',
  'Username und Passwort vergessen, Nutzername: ja, ID: 7',
  'add me to the list, 3 rooms, kik off at 9',
  'Versions 1.2.3 and 10.4.1, 20 x 30 x 40 cm, score 3-2-1',
  'Order #4821, Raum A#1234, ticket 555-0187, Tabelle 3-2-1',
];

describe('blind-set misses, as general rules', () => {
  it.each(HIDE_BLIND)('hides the contact data in %j', (text, teaser) => {
    expect(redactContact(text)).toBe(teaser);
  });

  it.each(KEEP_BLIND)('leaves %j unchanged', (text) => {
    expect(redactContact(text)).toBe(text);
  });
});

// The misses of the second blind held-out set (tests/fixtures/contact-eval-blind2.json, first run), each as
// a general form with more than the one example the set had.
const HIDE_BLIND2: [string, string][] = [
  // 1. A number told in pieces after a cue word, a short prefix first or last.
  ['ruft mich an 0152 und dann 88 77 66 55 danke', `ruft mich an ${HIDDEN} und dann ${HIDDEN} danke`],
  ['Handy 0171, dann 23 45 67 8', `Handy ${HIDDEN}, dann ${HIDDEN}`],
  ['call 917 555 and then 0176 after 6pm', `call ${HIDDEN} and then ${HIDDEN} after 6pm`],
  // 2. A street name with a date, and a capitalised 'An der …' in the middle of a sentence.
  ['Lieferung an die Straße des 17. Juni 135 in Berlin', `Lieferung an die ${ADDRESS} in Berlin`],
  ['Treffen am Platz des 18. März 1, Berlin', `Treffen am ${ADDRESS}, Berlin`],
  ['bitte Techniker zu An der Alster 41 schicken', `bitte Techniker zu ${ADDRESS} schicken`],
  ['Paket bitte nach Am Markt 3 liefern', `Paket bitte nach ${ADDRESS} liefern`],
  // 3. Austrian stair and door numbers.
  ['Wien, Favoritenstraße 88/4/12, Tel folgt', `Wien, ${ADDRESS}, Tel folgt`],
  ['Linz, Landstraße 12/3/7 bitte', `Linz, ${ADDRESS} bitte`],
  // 4. British and American addresses: more street words, and a flat, apartment, unit or suite attached.
  ['Moving to 9 Kings Court, Bath BA1 1RX', `Moving to ${ADDRESS}, Bath BA1 1RX`],
  ['my office, 1600 Sunset Blvd, Los Angeles', `my office, ${ADDRESS}, Los Angeles`],
  ['at 42 Elm Boulevard today', `at ${ADDRESS} today`],
  ['at 7 Oak Parkway, Austin', `at ${ADDRESS}, Austin`],
  ["I'm at Flat 3, 27 Victoria Road, London", `I'm at ${ADDRESS}, London`],
  ['condo, 123 Main Street, Apt 4B', `condo, ${ADDRESS}`],
  ['Unit 5, 10 Harbour Way, Poole', `${ADDRESS}, Poole`],
  ['office at 350 Fifth Avenue, Suite 3300', `office at ${ADDRESS}`],
  // 5. Messenger IDs and handles: Threema IDs, Signal usernames, 'sc:' for Snapchat.
  ['Am liebsten über Threema, ID 7HX2K9PA', `Am liebsten über Threema, ID ${HIDDEN}`],
  ['Threema-ID: ABCD1234 bitte', `Threema-ID: ${HIDDEN} bitte`],
  ['Bitte nur per Signal: jonas.92', `Bitte nur per Signal: ${HIDDEN}`],
  ['Signal username is mia.07', `Signal username is ${HIDDEN}`],
  ['mock on the 9th, sc: jayden_x99', `mock on the 9th, sc: ${HIDDEN}`],
  ['snap: lilly.rose', `snap: ${HIDDEN}`],
  // 6. E-mail with a space between every letter, and a spelled multi-part top-level domain.
  ['lessons. j o h n . s m i t h @ g m a i l . c o m', `lessons. ${HIDDEN}`],
  ['Mail: a n n a @ w e b . d e danke', `Mail: ${HIDDEN} danke`],
  ['email me at dave dot miller at yahoo dot co dot uk', `email me at ${HIDDEN}`],
  ['mail sam at example dot com dot au please', `mail ${HIDDEN} please`],
];

// Look-alikes of the forms above that must stay, and the four false positives of the set as forms.
const KEEP_BLIND2 = [
  'Ersatzteil gesucht: Filter 00754866, passend für SMS46GI01E, bis 30 €',
  'Rechnung Nr. 2021-08-4471 vorhanden, Bestellnr. 0123456789, Artikel 004711223',
  'ISBN 978-0-14-303943-3, order no. 0987654321, part 00754866, invoice 2021-08-4471',
  'Kundennummer 0123456789, Teile-Nr. 0075 4866',
  'Telegram-Bot programmieren, Telegram-Kanal einrichten, Signal-Stärke schlecht',
  'Platz 3, Route 66, M25 junction 10, 2 @ £15/hr, Nr. 5',
  'Court hearing on the 3rd, 2 bed flat, Flat 3 needs paint',
  'Call me and then 2 more times, 3 rooms and then 4 more',
  'Sc: 5, snap: yes, Signal: schlecht',
  'i n f o about the @ sign, a b c d',
  'Threema ist mir lieber, ID 12345678 der Rechnung',
];

describe('second blind-set misses, as general rules', () => {
  it.each(HIDE_BLIND2)('hides the contact data in %j', (text, teaser) => {
    expect(redactContact(text)).toBe(teaser);
  });

  it.each(KEEP_BLIND2)('leaves %j unchanged', (text) => {
    expect(redactContact(text)).toBe(text);
  });

  it('still reads a phone number after "Tel.-Nr." or "Handy Nr." as one', () => {
    expect(redactContact('Tel.-Nr. 0171 2345678, Handy Nr. 0160 9876543')).toBe(`Tel.-Nr. ${HIDDEN}, Handy Nr. ${HIDDEN}`);
  });
});
