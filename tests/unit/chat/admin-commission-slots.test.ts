// What the admins' held-commission tools read from a message (server/chat/tools/admin-commissions.ts): the
// reference or the words that name the commission, its place in the list ('die erste', 'the second one') and
// the reason given with the command. Which tool a message calls is the classifier's business (counted by
// `npm run eval:chat`); these are the values, in German and English.
import { describe, expect, it } from 'vitest';
import { commissionAmount, commissionSlots, listPlaceOf } from '../../../server/chat/tools/admin-commissions.ts';

describe('the commission named', () => {
  it.each([
    ['Provision #a1b2c3 stornieren: Selbstwerbung', 'void', { ref: 'a1b2c3', reason: 'Selbstwerbung' }],
    ['void commission #a1b2c3: she brokered a deal with herself', 'void', { ref: 'a1b2c3', reason: 'she brokered a deal with herself' }],
    ['Storniere die Provision von Paula wegen Selbstwerbung', 'void', { hint: 'Storniere die Provision von Paula wegen', reason: 'Selbstwerbung' }],
    ['void the first one, that is clearly fraud', 'void', { hint: 'void the first one,', reason: 'that is clearly fraud' }],
    ['Die zweite Provision stornieren, gleiches Konto', 'void', { hint: 'Die zweite Provision stornieren,', reason: 'gleiches Konto' }],
    ['Gib die Provision von Rudi frei, die beiden sind Nachbarn', 'release', { hint: 'Gib die Provision von Rudi frei,', reason: 'die beiden sind Nachbarn' }],
    ['release the first one', 'release', { hint: 'release the first one' }],
    ['Provision #9a0b1c freigeben', 'release', { ref: '9a0b1c' }],
    // A reference inside the reason names no commission.
    ['Provision von Kai stornieren: gleicher Deal wie #ab12cd', 'void', { hint: 'Provision von Kai stornieren:', reason: 'gleicher Deal wie #ab12cd' }],
  ] as const)('%s', (text, decision, expected) => {
    expect(commissionSlots(text, decision)).toEqual(expected);
  });
  it('a void without a reason has none', () => {
    expect(commissionSlots('void commission #a1b2c3', 'void')).toEqual({ ref: 'a1b2c3' });
    expect(commissionSlots('Provision von Paula stornieren', 'void')).toEqual({ hint: 'Provision von Paula stornieren' });
  });
});

describe('the place in the list', () => {
  it.each([
    ['die erste freigeben', 0],
    ['release the first one', 0],
    ['Die zweite Provision stornieren', 1],
    ['void the second one', 1],
    ['die dritte bitte', 2],
    ['Die letzte Provision in der Liste ist in Ordnung', -1],
    ['release the last one', -1],
    ['Gib die Provision von Paula frei', null],
  ] as const)('%s', (text, place) => {
    expect(listPlaceOf(text)).toBe(place);
  });
});

describe('amounts in the language of the admin', () => {
  it('Goints with the euro value as the tab writes them', () => {
    expect(commissionAmount({ amount: { goints: 29.6, cents: 296 } }, 'de')).toBe('29,6 Goints (≈ 2,96\u00a0€)');
    expect(commissionAmount({ amount: { goints: 29.6, cents: 296 } }, 'en')).toBe('29.6 Goints (≈ €2.96)');
    expect(commissionAmount({ amount: { goints: 1250, cents: 12_500 } }, 'de')).toBe('1.250 Goints (≈ 125,00\u00a0€)');
    expect(commissionAmount({ amount: { goints: 1250, cents: 12_500 } }, 'en')).toBe('1,250 Goints (≈ €125.00)');
  });
});
