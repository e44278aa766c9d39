// A word one slip of the keys away from exactly one word of the corpus reads also as that word (features.ts):
// 'confrim deal #2e6b8d' was read as cancelling the deal, since 'confrim' meant nothing to the classifier.
import { describe, expect, it } from 'vitest';
import { FeatureSpace } from '../../../server/ai/understanding/features.ts';
import { editDistance } from '../../../core/text.ts';

const oneSlipApart = (a: string, b: string) => editDistance(a, b, 1) <= 1;

describe('one slip apart', () => {
  it('is a letter swapped, changed, missing or added', () => {
    expect(oneSlipApart('confrim', 'confirm')).toBe(true);
    expect(oneSlipApart('comfirm', 'confirm')).toBe(true);
    expect(oneSlipApart('confim', 'confirm')).toBe(true);
    expect(oneSlipApart('confirrm', 'confirm')).toBe(true);
    expect(oneSlipApart('auszahlung', 'auszahlung')).toBe(true);
  });

  it('is not two slips, nor a swap of letters that are not neighbours', () => {
    expect(oneSlipApart('cnofrim', 'confirm')).toBe(false);
    expect(oneSlipApart('cancel', 'confirm')).toBe(false);
    expect(oneSlipApart('mrifnoc', 'confirm')).toBe(false);
    expect(oneSlipApart('confirmed', 'confirm')).toBe(false);
  });
});

describe('a slip in a message', () => {
  const space = new FeatureSpace('en', ['confirm', 'cancel', 'deals', 'payout', 'payment'], null);

  it('reads also as the one corpus word it missed, below the word as typed', () => {
    expect(space.correct('confrim')).toBe('confirm');
    const f = space.features('confrim deal');
    expect(f['w:confirm']).toBe(0.75);
    expect(f['w:confrim']).toBe(1);
  });

  it('leaves known words, short words and words with no single neighbour as they are', () => {
    expect(space.correct('confirm')).toBeNull();
    expect(space.correct('deal')).toBeNull(); // shorter than five letters
    expect(space.correct('paymen')).toBe('payment');
    expect(new FeatureSpace('en', ['payout', 'payouts', 'layout'], null).correct('pyout')).toBe('payout');
    expect(new FeatureSpace('en', ['lunch', 'bunch'], null).correct('munch')).toBeNull(); // either could be meant
  });

  it('can be switched off', () => {
    expect(new FeatureSpace('en', ['confirm'], null, { spellWeight: 0 }).features('confrim')['w:confirm']).toBeUndefined();
  });
});
