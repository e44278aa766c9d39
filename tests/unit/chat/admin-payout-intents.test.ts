// The offline model's reading of an admin's words about payouts, in German and English: the queue, approving
// one named by reference, person, e-mail or amount, rejecting one with its reason; and the look-alikes (a
// person asking for their own payout) that never reach an admin change.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';

const read = (text: string, lang: 'de' | 'en') => decideFor('admin', text, { lang });

describe('the payouts waiting for approval', () => {
  it.each([
    ['de', 'Welche Auszahlungen sind noch offen?'],
    ['de', 'Zeig mir die offenen Auszahlungen'],
    ['de', 'Was liegt an Auszahlungsanträgen an?'],
    ['en', 'which payouts are waiting?'],
    ['en', 'which payouts still need my ok?'],
    ['en', 'what payouts are outstanding right now'],
  ] as const)('%s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'listPendingPayouts', input: {} });
  });
  it.each([
    ['de', 'Welche Auszahlungen warten auf meine Freigabe?'],
    ['en', 'list the payout requests waiting for me'],
  ] as const)('%s: %s', (lang, text) => {
    expect(read(text, lang).tool).toBe('listPendingPayouts');
  });
});

describe('approving a payout', () => {
  it.each([
    ['de', 'Bitte die Auszahlung #a1b2c3 freigeben', 'a1b2c3'],
    ['en', 'approve payout #a1b2c3', 'a1b2c3'],
  ] as const)('by its reference, %s: %s', (lang, text, ref) => {
    expect(read(text, lang)).toEqual({ tool: 'approvePayout', input: { ref } });
  });
  it.each([
    ['de', 'Gib die Auszahlung von Lisa frei'],
    ['de', 'Die 25 Euro für Jonas kannst du freigeben'],
    ['de', 'Auszahlung an lisa.brandt@example.com genehmigen'],
    ['en', 'approve the 25 euro one'],
    ['en', "please approve Lisa's payout"],
    ['en', 'release the payout for jonas@example.com'],
    ['en', "Jonas's payout is fine, send it"],
  ] as const)('by what the admin says about it (the tool picks it, or offers the candidates), %s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'approvePayout', input: { hint: text } });
  });
  it('de: Lisas Auszahlung geht klar', () => {
    expect(read('Lisas Auszahlung geht klar', 'de').tool).toBe('approvePayout');
  });
});

describe('rejecting a payout', () => {
  it.each([
    ['de', 'Lehn die Auszahlung von Markus ab, die IBAN passt nicht zum Namen', { reason: 'die IBAN passt nicht zum Namen' }],
    ['de', 'Zahl Jonas nichts aus, der Deal war gefälscht', { reason: 'der Deal war gefälscht' }],
    ['de', 'Die Auszahlung #a1b2c3 ablehnen: doppelt beantragt', { ref: 'a1b2c3', reason: 'doppelt beantragt' }],
    ['de', 'Auszahlung von Lisa ablehnen', {}],
    ['en', "reject Lisa's payout because the account holder is a company", { reason: 'the account holder is a company' }],
    ['en', 'decline payout #a1b2c3, reason: duplicate request', { ref: 'a1b2c3', reason: 'duplicate request' }],
    ['en', 'reject the payout to jonas@example.com, wrong IBAN', { reason: 'wrong IBAN' }],
  ] as const)('%s: %s', (lang, text, input) => {
    const d = read(text, lang);
    expect(d.tool).toBe('rejectPayout');
    expect(d.input).toMatchObject(input);
    // Without a reason the tool asks for one before any card.
    if (!('reason' in input)) expect(d.input).not.toHaveProperty('reason');
  });
  it('en: don’t pay out the 40 euros to Max, something is off', () => {
    expect(read("don't pay out the 40 euros to Max, something is off", 'en').tool).toBe('rejectPayout');
  });
});

describe('look-alikes that are no admin payout change', () => {
  it.each([
    ['de', 'Ich möchte meine Auszahlung beantragen'],
    ['de', 'Wann kommt meine Auszahlung?'],
    ['de', 'Zahl mir 20 € aus'],
    ['en', 'I want to request a payout'],
    ['en', 'where is my money'],
  ] as const)('%s: %s', (lang, text) => {
    expect(['approvePayout', 'rejectPayout']).not.toContain(read(text, lang).tool);
  });
});
