// Amounts, numbers and dates through Intl in the person's language (decision 049), in the formatter and in
// places people read them: chat texts, budgets on cards, receipts, the intake summary.
import { describe, expect, it } from 'vitest';
import { formatBudget, formatDate, formatEuro, formatGoints, formatMinutes, formatNumber } from '../../core/money/format-money.ts';
import { translator } from '../../server/i18n.ts';
import { budgetText } from '../../server/domain/requests/request-views.ts';
import { receiptLines } from '../../server/domain/shop/receipt.ts';
import { formatBudget as cardBudget } from '../../src/components/market/format.ts';
import { formatBudget as summaryBudget } from '../../src/chat/intake/view.ts';

describe('the formatter', () => {
  it.each([
    [14950, 'de', '149,50 €'],
    [14950, 'en', '€149.50'],
    [500, 'de', '5,00 €'],
    [145000, 'en', '€1,450.00'],
  ] as const)('formatEuro(%s, %s) → %s', (cents, lang, text) => expect(formatEuro(cents, lang).replace(/\u00a0/g, ' ')).toBe(text));

  it('Goints and numbers group thousands in the language', () => {
    expect(formatGoints(1000, 'de')).toBe('1.000 Goints');
    expect(formatGoints(1000, 'en')).toBe('1,000 Goints');
    expect(formatNumber(12.5, 'de')).toBe('12,5');
  });

  it('a budget range names the currency on both ends', () => {
    expect(formatBudget(1000, 2000, 'de')?.replace(/\u00a0/g, ' ')).toBe('1.000 € – 2.000 €');
    expect(formatBudget(1000, 2000, 'en')).toBe('€1,000 – €2,000');
    expect(formatBudget(300, 300, 'de')?.replace(/\u00a0/g, ' ')).toBe('300 €');
    expect(formatBudget(null, null, 'de')).toBeNull();
  });

  it('dates and durations', () => {
    expect(formatDate('2026-12-24', 'de')).toBe('24.12.2026');
    expect(formatDate('2026-12-24', 'en')).toBe('24 Dec 2026');
    expect(formatMinutes(35, 'de')).toBe('35 Min.');
    expect(formatMinutes(120, 'de')).toBe('2 Std.');
    expect(formatMinutes(60 * 72, 'en')).toBe('3 days');
    expect(formatMinutes(35, 'en')).toBe('35 min');
    expect(formatMinutes(60, 'en')).toBe('1 hr');
    expect(formatMinutes(60 * 48, 'de')).toBe('2 Tage');
  });
});

describe('where people read them', () => {
  const nb = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('every number interpolated into a text is grouped in its language, years and references are not', () => {
    expect(translator('de')('chat:confirm.summary.unlockRequest', { ref: 'a1b2c3', price: 50, balance: 1000, count: 1, unlocked: 1, max: 5 })).toContain(
      'Dein Guthaben: 1.000 Goints',
    );
    expect(translator('en')('chat:confirm.summary.unlockRequest', { ref: 'a1b2c3', price: 50, balance: 1000, count: 1, unlocked: 1, max: 5 })).toContain(
      'Your balance: 1,000 Goints',
    );
    expect(translator('de')('common:footer.rights', { year: 2026 })).toContain('2026');
    expect(translator('de')('common:footer.rights', { year: 2026 })).not.toContain('2.026');
  });

  it('the confirmation cards write euro cents as amounts in the language', () => {
    expect(nb(translator('de')('chat:confirm.summary.confirmDeal', { ref: 'a1b2c3', price: 14950, counterpart: 'Bau GmbH' }))).toBe(
      'Deal #a1b2c3 über 149,50 € mit Bau GmbH bestätigen?',
    );
    expect(translator('en')('chat:confirm.summary.requestPayout', { amount: 100000, method: 'IBAN DE89…' })).toBe(
      'Request a payout of €1,000.00 to IBAN DE89…?',
    );
  });

  it('budgets on cards, in the intake summary and in the server views are the same range', () => {
    expect(nb(cardBudget(1000, 2000, 'de'))).toBe('1.000 € – 2.000 €');
    expect(nb(budgetText(1000, 2000, 'en'))).toBe('€1,000 – €2,000');
    expect(nb(summaryBudget({ budgetMin: 1000, budgetMax: 2500, budgetOpen: false }, 'de'))).toBe('1.000 € – 2.500 €');
    expect(nb(summaryBudget({ budgetMin: 300, budgetMax: 500, budgetOpen: false }, 'en'))).toBe('€300 – €500');
  });

  it('the receipt writes the Goints of the package in the language', () => {
    const row = {
      id: 'p1',
      packageId: 'small',
      goints: 1000,
      grossCents: 10_000,
      netCents: 8403,
      vatCents: 1597,
      vatRateBp: 1900,
      status: 'paid',
      receiptNumber: 'AK-2026-000001',
      buyerName: 'Anna',
      buyerEmail: 'anna@example.com',
      paidAt: new Date('2026-11-24T10:00:00Z'),
      createdAt: new Date('2026-11-24T10:00:00Z'),
      provider: 'test',
    };
    const seller = { seller: { name: 'akut GmbH', address: 'Berlin', vatId: 'DE123' } };
    expect(receiptLines(seller as never, row, 'de').join('\n')).toContain('1.000 Goints');
    expect(receiptLines(seller as never, row, 'en').join('\n')).toContain('1,000 Goints');
  });
});
