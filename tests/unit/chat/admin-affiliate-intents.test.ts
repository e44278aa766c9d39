// How the offline rules model reads an admin's plan changes and support replies, in German and English:
// the same input for several paraphrases, and nothing for questions or other people's phrasings.
import { describe, expect, it } from 'vitest';
import { planEditOf, replyOf, percentText } from '../../../server/chat/tools/admin-affiliate.ts';

describe('plan edits', () => {
  it.each([
    ['Setze Ebene 2 auf 15 %', { target: 'level', level: 2, percent: 15 }],
    ['setz ebene 2 auf 15%', { target: 'level', level: 2, percent: 15 }],
    ['Ändere Stufe 10 auf 0,5 Prozent', { target: 'level', level: 10, percent: 0.5 }],
    ['Ebene 3 = 12,5 %', { target: 'level', level: 3, percent: 12.5 }],
    ['set level 2 to 15%', { target: 'level', level: 2, percent: 15 }],
    ['Please change tier 4 to 7.5 percent', { target: 'level', level: 4, percent: 7.5 }],
    ['Pool auf 25 %', { target: 'pool', percent: 25 }],
    ['Setze den Provisionstopf auf 30 Prozent', { target: 'pool', percent: 30 }],
    ['set the commission pool to 25%', { target: 'pool', percent: 25 }],
    ['change the pool to 22.5 percent', { target: 'pool', percent: 22.5 }],
  ])('%s', (text, input) => {
    expect(planEditOf(text)).toEqual(input);
  });

  it.each(['Wie viel bekommt Ebene 2?', 'what does level 2 earn', 'Ebene 11 auf 5 %', 'Setze Ebene 2 auf 15', 'Pool von 20 Leuten'])(
    'is no change: %s',
    (text) => {
      expect(planEditOf(text)).toBeNull();
    },
  );
});

describe('support replies', () => {
  it.each([
    ['Antworte Anna: Die Provision kommt nach 14 Tagen.', { partner: 'Anna', body: 'Die Provision kommt nach 14 Tagen.' }],
    ['Antworte Partner anna-maria@example.com: Danke!', { partner: 'anna-maria@example.com', body: 'Danke!' }],
    ['Antwort an Anna Muster – Wir melden uns.', { partner: 'Anna Muster', body: 'Wir melden uns.' }],
    ['Schreib dem Partner Ben: Alles erledigt.', { partner: 'Ben', body: 'Alles erledigt.' }],
    ['Reply to Anna: thanks, it is fixed.', { partner: 'Anna', body: 'thanks, it is fixed.' }],
    ['Answer partner ben@example.org: see you', { partner: 'ben@example.org', body: 'see you' }],
    ['Respond to Anna Muster - We will check.', { partner: 'Anna Muster', body: 'We will check.' }],
    // The message or ticket named before the partner, a title, a reply in quotes.
    [
      "Please reply to support message #s-2207 from Mr Okafor: 'Thank you for your patience; your refund of 50 Goints has been processed.'",
      { partner: 'Okafor', body: 'Thank you for your patience; your refund of 50 Goints has been processed.' },
    ],
    [
      'Antworte auf die Supportnachricht von Frau Meier: „Ist erledigt, bitte noch mal prüfen.“',
      { partner: 'Meier', body: 'Ist erledigt, bitte noch mal prüfen.' },
    ],
    ['Antwort an Herrn Dr. Brandt: Wir kümmern uns.', { partner: 'Brandt', body: 'Wir kümmern uns.' }],
    ['reply to the ticket from Ms Lee - we are on it', { partner: 'Lee', body: 'we are on it' }],
  ])('%s', (text, input) => {
    expect(replyOf(text)).toEqual(input);
  });

  it.each(['Schreib dem Support: Hallo', 'Antworte Anna', 'reply to support: hi', 'Was soll ich Anna antworten?'])('is no reply: %s', (text) => {
    expect(replyOf(text)).toBeNull();
  });
});

it('writes percentages the way each language does', () => {
  expect([percentText(1500, 'de'), percentText(1250, 'de'), percentText(1500, 'en'), percentText(50, 'en')]).toEqual(['15 %', '12,5 %', '15%', '0.5%']);
});
