// The offline model's reading of an admin's words about trade documents and marketing texts, in German and
// English: the review queue, approving or rejecting a document (with its note) by company, person or
// reference; the marketing texts, changing one (by number, channel, a phrase it contains) or adding one in the
// admin's own words; and the look-alikes (a provider's own document, a partner asking for a text to share, a
// need for a copywriter) that change nothing.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';
import { textChangeOf } from '../../../server/chat/tools/admin-marketing.ts';

const read = (text: string, lang: 'de' | 'en') => decideFor('admin', text, { lang });

describe('trade documents', () => {
  it.each([
    ['de', 'Welche Nachweise warten auf Prüfung?'],
    ['de', 'Gibt es neue Gewerbescheine?'],
    ['de', 'Hat jemand eine Handwerkskarte hochgeladen?'],
    ['en', 'any trade licences to check?'],
    ['en', 'show the documents waiting for review'],
    ['en', 'which providers are waiting for verification?'],
  ] as const)('the queue, %s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'listDocumentReviews', input: {} });
  });
  it.each([
    ['de', 'Gewerbeschein von Kaya freigeben', { hint: 'Gewerbeschein von Kaya freigeben', decision: 'approve' }],
    ['de', 'Nachweis #a1b2c3 bestätigen', { document: 'a1b2c3', decision: 'approve' }],
    [
      'de',
      'Die Handwerkskarte von Elektro Nowak ablehnen, Stempel fehlt',
      { hint: 'Die Handwerkskarte von Elektro Nowak ablehnen, Stempel fehlt', decision: 'reject', note: 'Stempel fehlt' },
    ],
    ['de', 'Der Gewerbeschein von Bad Kaya ist gefälscht, ablehnen', { hint: 'Der Gewerbeschein von Bad Kaya ist gefälscht, ablehnen', decision: 'reject' }],
    ['en', 'approve the trade licence of Bad Kaya', { hint: 'approve the trade licence of Bad Kaya', decision: 'approve' }],
    ['en', 'approve document #a1b2c3', { document: 'a1b2c3', decision: 'approve' }],
  ] as const)('a decision, %s: %s', (lang, text, input) => {
    expect(read(text, lang)).toEqual({ tool: 'reviewTradeDocument', input });
  });
  it('en: verify Elektro Nowak, the licence is fine', () => {
    expect(read('verify Elektro Nowak, the licence is fine', 'en').tool).toBe('reviewTradeDocument');
  });
  it.each([
    ['de', 'Ich möchte meinen Gewerbeschein hochladen'],
    ['de', 'Wurde mein Nachweis schon geprüft?'],
    ['en', 'upload my trade licence'],
  ] as const)('a provider’s words about their own document decide nothing, %s: %s', (lang, text) => {
    expect(read(text, lang).tool).not.toBe('reviewTradeDocument');
  });
});

describe('marketing texts', () => {
  it.each([
    ['de', 'Zeig mir die Marketingtexte'],
    ['de', 'Welche Werbetexte können Partner teilen?'],
    ['en', 'show the marketing texts for partners'],
    ['en', 'list the promo texts'],
    ['en', 'what marketing copy do partners get?'],
  ] as const)('the list, %s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'showMarketingTexts', input: {} });
  });
  it.each([
    ['de', 'Ändere den Instagram-Text zu: „Schnelle Hilfe gesucht? akut findet jemanden.“', { body: 'Schnelle Hilfe gesucht? akut findet jemanden.' }],
    [
      'de',
      'Neuer Marketingtext für Facebook: „Kennst du schon akut? Schreib einfach, was du brauchst.“',
      { create: true, body: 'Kennst du schon akut? Schreib einfach, was du brauchst.' },
    ],
    ['de', 'Ersetze im Text 2 „gratis“ durch „kostenlos“', { number: 2, from: 'gratis', body: 'kostenlos' }],
    ['de', 'Text 3 soll lauten: „akut – Hilfe, wenn es brennt.“', { number: 3, body: 'akut – Hilfe, wenn es brennt.' }],
    ['en', 'change text 2 to "Need help fast? Try akut."', { number: 2, body: 'Need help fast? Try akut.' }],
    ['en', 'add a new Instagram text: "akut finds help in minutes."', { create: true, body: 'akut finds help in minutes.' }],
    ['en', 'in the Facebook text replace "free" with "at no cost"', { from: 'free', body: 'at no cost' }],
  ] as const)('a change in the admin’s words, %s: %s', (lang, text, input) => {
    const d = read(text, lang);
    expect(d.tool).toBe('editMarketingText');
    expect(d.input).toMatchObject(input);
  });
  it.each([
    ['de', 'Gib mir einen Werbetext für Instagram'],
    ['en', 'give me a text to share on WhatsApp'],
    ['de', 'Ich suche einen Texter für meine Website'],
  ] as const)('asking for a text to share, or for a copywriter, changes none, %s: %s', (lang, text) => {
    expect(read(text, lang).tool).not.toBe('editMarketingText');
  });
});

describe('the new words of a text', () => {
  it.each([
    ['Ändere den WhatsApp-Text zu: „Hey, kennst du akut?“', { body: 'Hey, kennst du akut?' }],
    [
      'Neue Vorlage für E-Mail: Betreff „Kennst du akut?“, Text „Ich nutze akut seit Kurzem.“',
      { subject: 'Kennst du akut?', body: 'Ich nutze akut seit Kurzem.' },
    ],
    ['Im Flyer-Text das Wort „gratis“ durch „kostenlos“ ersetzen', { from: 'gratis', body: 'kostenlos' }],
    ["remove 'Goints' from the seeker text", { from: 'Goints', body: '' }],
    ['new text please: Moving, repairs, catering – akut makes it happen', { body: 'Moving, repairs, catering – akut makes it happen' }],
  ] as const)('%s', (text, change) => {
    expect(textChangeOf(text)).toEqual(change);
  });
  it.each(['Den WhatsApp-Text kürzer machen', "Korrigiere den Tippfehler im WhatsApp-Text, da steht 'Handwerkr'", 'make the Telegram text a bit more serious'])(
    'no new words (the chat asks for them): %s',
    (text) => {
      expect(textChangeOf(text)).toEqual({});
    },
  );
});
