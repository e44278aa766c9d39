// The offline model's reading of the admin's messages for activity, payouts and suspension (German and
// English paraphrases), and messages that must not trigger them.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

/** The input the offline model gives `tool` for an admin's message, or null when it calls another tool (or none). */
const detect = (tool: string, text: string, lang: 'de' | 'en' = 'de') => {
  const d = decideFor('admin', text, { lang: /^[a-z ,.'!?0-9#@-]+$/i.test(text) && !/[äöüß]/i.test(text) && /\b(the|what|show|approve|release|suspend|block|unsuspend|unblock|please|how)\b/i.test(text) ? 'en' : lang });
  return d.tool === tool ? d.input : null;
};

describe('admin chat intents', () => {
  it.each([
    'Was ist neu?',
    'was gibt es neues',
    'Was ist heute passiert?',
    'Neuigkeiten bitte',
    "What's new?",
    'what happened today',
    'show the latest activity',
    'What has happened recently?',
  ])('activity: %s', (text) => {
    expect(detect('getRecentActivity', text)).toEqual({});
  });
  it.each(['Wie viele Nutzer gibt es?', 'Ich brauche einen Elektriker in Köln', 'how many users are there', 'Neue Anfrage stellen'])(
    'not activity: %s',
    (text) => {
      expect(detect('getRecentActivity', text)).toBeNull();
    },
  );

  it.each([
    ['Auszahlung #a1b2c3d4 freigeben', 'a1b2c3d4'],
    ['Bitte gib die Auszahlung a1b2c3 frei', 'a1b2c3'],
    ['approve payout #0f9e8d7c', '0f9e8d7c'],
    ['release the held payout 12ab34cd please', '12ab34cd'],
  ])('approve payout: %s', (text, ref) => {
    expect(detect('approvePayout', text)).toEqual({ ref });
  });
  it.each(['Ich möchte eine Auszahlung beantragen', 'approve payout', 'Zeig mir die Auszahlungen'])('no payout approval: %s', (text) => {
    expect(detect('approvePayout', text)).toBeNull();
  });

  it.each([
    ['Sperre max@example.com wegen Spam', { email: 'max@example.com', reason: 'Spam' }],
    ['Bitte das Konto anna@example.de sperren, Grund: Beleidigungen.', { email: 'anna@example.de', reason: 'Beleidigungen' }],
    ['suspend bob@example.com because of fake reviews', { email: 'bob@example.com', reason: 'fake reviews' }],
    ['Block eve@example.org for abuse', { email: 'eve@example.org', reason: 'abuse' }],
    ['Sperre max@example.com', { email: 'max@example.com', reason: '' }],
  ])('suspend: %s', (text, input) => {
    expect(detect('suspendUser', text)).toEqual(input);
  });

  it.each([
    ['Entsperre max@example.com', { email: 'max@example.com' }],
    ['Hebe die Sperre von max@example.com auf', { email: 'max@example.com' }],
    ['unsuspend bob@example.com', { email: 'bob@example.com' }],
    ['Please unblock eve@example.org, reason: appeal accepted', { email: 'eve@example.org', reason: 'appeal accepted' }],
  ])('unsuspend (and never suspend): %s', (text, input) => {
    expect(detect('unsuspendUser', text)).toEqual(input);
    expect(detect('suspendUser', text)).toBeNull();
  });

  it('needs an e-mail address to name the person', () => {
    expect(detect('suspendUser', 'Sperre Max wegen Spam')).toBeNull();
    expect(detect('unsuspendUser', 'Entsperre Max')).toBeNull();
  });
});
