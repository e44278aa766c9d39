// What a seeker and a provider write in the chat-only browser journeys (tests/e2e/chat-journeys.spec.ts), in
// their own words, German and English: the offline rules model picks the same tool with the same input as
// for the example phrases. Each phrase here once got the help text instead (issue 13).
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

/** The tool call the offline model makes for this message of this role in this state (as in a chat turn). */
function call(role: 'seeker' | 'provider', text: string, lang: 'de' | 'en', state = role === 'provider' ? 'ready' : 'submitted') {
  return decideFor(role, text, { lang, state, machine: role === 'provider' ? 'providerDesk' : 'intake' });
}

describe('provider phrases of the journey', () => {
  it.each([
    ['de', 'Schalte die Anfrage #a1b2c3 bitte frei'],
    ['de', 'Kannst du #a1b2c3 für mich freischalten?'],
    ['en', 'Please unlock request #a1b2c3 for me'],
  ] as const)('%s: "%s" unlocks the request', (lang, text) => {
    expect(call('provider', text, lang)).toEqual({ tool: 'unlockRequest', input: { request: 'a1b2c3' } });
  });
});

describe('seeker phrases of the journey', () => {
  it.each([
    ['de', 'Welche Angebote habe ich bekommen?'],
    ['de', 'Habe ich schon Angebote bekommen?'],
    ['en', 'Which offers have I received?'],
    ['en', 'Have I got any offers yet?'],
    ['en', 'What offers did I get?'],
  ] as const)('%s: "%s" lists the offers, in any state of the intake', (lang, text) => {
    for (const state of ['submitted', 'choosingCategory', 'asking.location'])
      expect(call('seeker', text, lang, state), state).toEqual({ tool: 'listOffers', input: {} });
  });
});

describe('the payout-method examples the chat gives', () => {
  it.each([
    ['de', 'Füge meine IBAN DE89 3704 0044 0532 0130 00 hinzu', { type: 'bank', iban: 'DE89 3704 0044 0532 0130 00' }],
    ['de', 'Füge mein PayPal name@example.com hinzu', { type: 'paypal', email: 'name@example.com' }],
    ['en', 'Add my IBAN DE89 3704 0044 0532 0130 00', { type: 'bank', iban: 'DE89 3704 0044 0532 0130 00' }],
    ['en', 'Add my PayPal name@example.com', { type: 'paypal', email: 'name@example.com' }],
  ] as const)('%s: "%s" proposes the method', (lang, text, input) => {
    expect(call('seeker', text, lang)).toEqual({ tool: 'addPayoutMethod', input });
  });
});
