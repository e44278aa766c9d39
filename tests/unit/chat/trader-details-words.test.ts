import { describe, expect, it } from 'vitest';
import { traderDetailsOf } from '../../../server/chat/tools/trader-details.ts';

describe('traderDetailsOf: the trader details said in one message', () => {
  it('takes every detail of a German company, and the company with its legal form as the legal name', () => {
    expect(traderDetailsOf('Meine Daten: Klaus Petersen, Petersen Haustechnik GmbH, Am Hafen 3, 24103 Kiel, HRB 12345 KI, USt-ID DE276543219')).toEqual({
      legalName: 'Petersen Haustechnik GmbH',
      street: 'Am Hafen 3',
      postcode: '24103',
      city: 'Kiel',
      registerKind: 'commercial_register',
      registerNumber: 'HRB 12345 KI',
      vatId: 'DE276543219',
    });
  });

  it('a sole trader without a legal form is named by the first part', () => {
    expect(traderDetailsOf('Jana Wolff, Malerbetrieb Wolff, Lindenstraße 12, 50667 Köln, Gewerbeschein 2024-117').legalName).toBe('Jana Wolff');
  });

  it('English legal forms count too', () => {
    expect(traderDetailsOf('My details: Sarah Kent, Kent Plumbing Ltd, 12 Mill Road, 50667 Köln').legalName).toBe('Kent Plumbing Ltd');
  });
});
