// The offline model's reading of the admin's messages for activity, payouts and suspension (German and
// English paraphrases), and messages that must not trigger them. Written for the regular-expression detectors
// and kept as regression cases of the intent classifier: a person is named by e-mail or by name now, a payout
// by its reference or by what the admin says about it (the tool offers the waiting ones when that is nothing).
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

const ENGLISH = /\b(the|what|show|approve|release|suspend|block|unsuspend|unblock|please|how)\b/i;
const isEnglish = (text: string) => /^[a-z ,.:'!?0-9#@-]+$/i.test(text) && !/[äöüß]/i.test(text) && ENGLISH.test(text);

/** The input the offline model gives `tool` for an admin's message, or null when it calls another tool (or none). */
const detect = (tool: string, text: string) => {
  const d = decideFor('admin', text, { lang: isEnglish(text) ? 'en' : 'de' });
  return d.tool === tool ? d.input : null;
};

describe('admin chat intents', () => {
  it.each(['Was ist heute passiert?', 'what happened today', 'show the latest activity', 'What has happened recently?'])('activity: %s', (text) => {
    expect(detect('getRecentActivity', text)).toEqual({});
  });
  it.each(['Was ist neu?', "What's new?"])('activity, said briefly: %s', (text) => {
    expect(detect('getRecentActivity', text)).toEqual({});
  });
  it.each(['Wie viele Nutzer gibt es?', 'Ich brauche einen Elektriker in Köln', 'how many users are there', 'Neue Anfrage stellen'])(
    'not activity: %s',
    (text) => {
      expect(detect('getRecentActivity', text)).toBeNull();
    },
  );

  // A reference is read as the cards show it: its first six characters.
  it.each([
    ['Auszahlung #a1b2c3d4 freigeben', 'a1b2c3'],
    ['Bitte gib die Auszahlung a1b2c3 frei', 'a1b2c3'],
    ['approve payout #0f9e8d7c', '0f9e8d'],
    ['release the held payout 12ab34cd please', '12ab34'],
  ])('approve payout: %s', (text, ref) => {
    expect(detect('approvePayout', text)).toEqual({ ref });
  });
  it('approve payout without naming one: the tool gets the words and offers the waiting payouts', () => {
    expect(detect('approvePayout', 'approve payout')).toEqual({ hint: 'approve payout' });
  });
  it.each(['Ich möchte eine Auszahlung beantragen', 'Zeig mir die Auszahlungen'])('no payout approval: %s', (text) => {
    expect(detect('approvePayout', text)).toBeNull();
  });

  it.each([
    ['Sperre max@example.com wegen Spam', { email: 'max@example.com', reason: 'Spam' }],
    ['Bitte das Konto anna@example.de sperren, Grund: Beleidigungen.', { email: 'anna@example.de', reason: 'Beleidigungen' }],
    ['suspend bob@example.com because of fake reviews', { email: 'bob@example.com', reason: 'fake reviews' }],
  ])('suspend: %s', (text, input) => {
    expect(detect('suspendUser', text)).toEqual(input);
  });
  // Classifier misses, reported: these ask back between suspending and unsuspending.
  it.each([
    ['Block eve@example.org for abuse', { email: 'eve@example.org', reason: 'abuse' }],
    ['Sperre max@example.com', { email: 'max@example.com', reason: '' }],
  ])('suspend: %s', (text, input) => {
    expect(detect('suspendUser', text)).toEqual(input);
  });

  it.each([
    ['Entsperre max@example.com', { email: 'max@example.com' }],
    ['Please unblock eve@example.org, reason: appeal accepted', { email: 'eve@example.org', reason: 'appeal accepted' }],
  ])('unsuspend (and never suspend): %s', (text, input) => {
    expect(detect('unsuspendUser', text)).toEqual(input);
    expect(detect('suspendUser', text)).toBeNull();
  });
  // Classifier misses, reported: these ask back between unsuspending and suspending (never suspend, though).
  it.each(['Hebe die Sperre von max@example.com auf', 'unsuspend bob@example.com'])('unsuspend never suspends: %s', (text) => {
    expect(detect('suspendUser', text)).toBeNull();
  });
  it.each([
    ['Hebe die Sperre von max@example.com auf', { email: 'max@example.com' }],
    ['unsuspend bob@example.com', { email: 'bob@example.com' }],
  ])('unsuspend: %s', (text, input) => {
    expect(detect('unsuspendUser', text)).toEqual(input);
  });

  it('names the person by name as well as by e-mail (the tool finds them, or offers the candidates)', () => {
    expect(detect('suspendUser', 'Sperre Max wegen Spam')).toEqual({ hint: 'Sperre Max', reason: 'Spam' });
    expect(detect('unsuspendUser', 'Entsperre Max')).toEqual({ hint: 'Entsperre Max' });
  });
});
