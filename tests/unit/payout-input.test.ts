// The payout screens' input helpers: the IBAN in blocks of four while typing (caret kept in place), the
// amount in euros as people type it, and idempotency keys.
import { describe, expect, it } from 'vitest';
import { caretAfterFormat, formatIban } from '../../src/components/payouts/iban.ts';
import { amountInputValue, parseEuroInput } from '../../src/components/payouts/amount.ts';
import { newIdempotencyKey } from '../../src/components/payouts/idempotency-key.ts';

describe('IBAN input', () => {
  it('groups letters and digits in blocks of four, upper case, without other characters', () => {
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('DE89-3704 0044/0532.0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('DE89 ')).toBe('DE89');
    expect(formatIban('')).toBe('');
  });

  it('stops at the longest IBAN (34 characters)', () => {
    expect(formatIban('A'.repeat(40)).replace(/ /g, '')).toHaveLength(34);
  });

  it('keeps the caret behind the character it followed', () => {
    // Typing the fifth character at the end: the caret jumps over the inserted space.
    expect(caretAfterFormat('DE893', 5, formatIban('DE893'))).toBe(6);
    // Typing in the middle of 'DE89 3704' (after 'DE8'): still after the fourth character, before the space.
    const raw = 'DE8X9 3704';
    expect(caretAfterFormat(raw, 4, formatIban(raw))).toBe(4);
    expect(caretAfterFormat('', 0, '')).toBe(0);
  });
});

describe('payout amount', () => {
  it('reads euros with a comma or a point as cents', () => {
    expect(parseEuroInput('12,50')).toBe(1250);
    expect(parseEuroInput('12.5')).toBe(1250);
    expect(parseEuroInput(' 10 € ')).toBe(1000);
    expect(parseEuroInput('0,29')).toBe(29);
  });

  it('refuses what is not an amount', () => {
    for (const v of ['', 'abc', '12,5055', '-5', '1e3', '12,']) expect(parseEuroInput(v)).toBeNull();
  });

  it('reads three digits after one separator as thousands, like every other money field (decision 049)', () => {
    expect(parseEuroInput('12,505')).toBe(1_250_500);
    expect(parseEuroInput('1.000')).toBe(100_000);
  });

  it('writes cents back for the field in the UI language, without grouping', () => {
    expect(amountInputValue(125_050, 'de')).toBe('1250,50');
    expect(amountInputValue(125_050, 'en')).toBe('1250.50');
  });
});

describe('idempotency keys', () => {
  it('are new each time', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k.length).toBeGreaterThanOrEqual(8);
  });
});
