// The one table of how typed amounts are read (decision 049): every door (chat offer form, dashboard offer
// dialog, payout card, chat payout request, intake budget, admin prices) reads money through these functions.
import { describe, expect, it } from 'vitest';
import { parseAmount, parseEuroCents, parseEuroRange } from '../../core/money/parse-money.ts';
import { parseEuro as chatOfferEuro, amountOf } from '../../server/chat/tools/market-forms.ts';
import { parseAmount as nluAmount } from '../../server/ai/nlu/money.ts';
import { parseEuro as dialogEuro } from '../../src/pages/provider/offer-dialogs.tsx';
import { readEuro as chatFormEuro } from '../../src/chat/market/offer-form.tsx';
import { parseEuroInput } from '../../src/components/payouts/amount.ts';
import { parseEuroCents as adminPriceCents } from '../../core/prices/price-input.ts';

/** [typed, euro cents or null when refused]. */
const CENTS: [string, number | null][] = [
  // plain and German decimals
  ['450', 45000],
  ['0', 0],
  ['0,29', 29],
  ['12,50', 1250],
  ['12,5', 1250],
  // English decimals
  ['12.50', 1250],
  ['12.5', 1250],
  // thousands in both styles: a separator followed by exactly three digits groups thousands
  ['1.000', 100000],
  ['1,000', 100000],
  ['12,505', 1250500],
  ['12.505', 1250500],
  ['1.234.567', 123456700],
  ['1,234,567', 123456700],
  ['1 000', 100000],
  ["1'000", 100000],
  // both marks: the last one is the decimal mark
  ['1.000,50', 100050],
  ['1,000.50', 100050],
  ['1.200,5', 120050],
  // currency before or after, with or without a space, and ',-'
  ['12,50 €', 1250],
  ['12,50€', 1250],
  ['€12.50', 1250],
  ['€ 1,000.50', 100050],
  ['12 EUR', 1200],
  ['EUR 12', 1200],
  ['12 Euro', 1200],
  ['500,-', 50000],
  ['500,- €', 50000],
  ['  10 €  ', 1000],
  // refused
  ['', null],
  ['   ', null],
  ['abc', null],
  ['12 Äpfel', null],
  ['-5', null],
  ['1e3', null],
  ['12,', null],
  ['12.', null],
  ['.5', null],
  ['12,345,67', null],
  ['1.2345', null],
  ['12,505,5', null],
  ['1,00,000', null],
  ['0,505', null],
  ['1.000,505', null],
  ['12.34.56', null],
  ['1,000,00.5', null],
  ['12 34', null],
  ['$12', null],
];

describe('parseEuroCents: the table', () => {
  for (const [typed, cents] of CENTS) it(`'${typed}' → ${cents}`, () => expect(parseEuroCents(typed)).toBe(cents));
});

describe('parseAmount: numbers with any number of decimals (budgets, multipliers)', () => {
  it.each([
    ['1.000,50', 1000.5],
    ['1,000.50', 1000.5],
    ['2,5', 2.5],
    ['1.5', 1.5],
    ['1.2345', 1.2345],
    ['12,505', 12505],
    ['1.000.000', 1_000_000],
    ['12.34.56', null],
    ['abc', null],
  ] as const)('%s → %s', (typed, value) => expect(parseAmount(typed)).toBe(value));
});

describe('parseEuroRange', () => {
  it.each([
    ['1000-2000', { minCents: 100000, maxCents: 200000 }],
    ['1.000 € – 2.000 €', { minCents: 100000, maxCents: 200000 }],
    ['1,000 to 2,000 EUR', { minCents: 100000, maxCents: 200000 }],
    ['300 bis 500 Euro', { minCents: 30000, maxCents: 50000 }],
    ['12,50', { minCents: 1250, maxCents: 1250 }],
    ['2000-1000', null],
    ['1000-', null],
    ['1-2-3', null],
    ['viel', null],
  ] as const)('%s → %j', (typed, range) => expect(parseEuroRange(typed)).toEqual(range));
});

describe('every door reads money the same way', () => {
  // Euros for the offer doors (positive amounts only), cents for payouts and admin prices.
  for (const [typed, cents] of CENTS) {
    it(`'${typed}'`, () => {
      const euros = cents === null || cents === 0 ? null : cents / 100;
      expect(chatOfferEuro(typed), 'chat offer form (server)').toBe(euros);
      expect(chatFormEuro(typed), 'chat offer form (client)').toBe(euros);
      expect(dialogEuro(typed), 'dashboard offer dialog').toBe(euros);
      expect(parseEuroInput(typed), 'payout card').toBe(cents);
      expect(adminPriceCents(typed), 'admin prices').toBe(cents);
    });
  }
  it('the intake reads numbers like the table', () => {
    for (const typed of ['1.000,50', '12,505', '1.2345', '12.34.56', '0,505']) expect(nluAmount(typed), typed).toBe(parseAmount(typed));
  });
  it('a payout request in the chat reads the amount in the sentence', () => {
    expect(amountOf('Zahl mir 1.000,50 € aus')).toBe(1000.5);
    expect(amountOf('pay out €1,250.50')).toBe(1250.5);
    expect(amountOf('Auszahlung 12,50')).toBe(12.5);
    expect(amountOf('Auszahlung bitte')).toBeNull();
  });
});
