// An offer said in one line is slotted by what its parts say (market-forms.ts offerDetailsOf); the words left
// around the price are no description ('Bid on #a1b2c3 for 300 euros' once prefilled the description 'for').
import { describe, expect, it } from 'vitest';
import { offerDetailsOf } from '../../../server/chat/tools/market-forms.ts';

describe('an offer in one line', () => {
  it('leaves no filler as the description once the price is out', () => {
    expect(offerDetailsOf('Bid on #a1b2c3 for 300 euros')).toEqual({ price: '300' });
    expect(offerDetailsOf('#a1b2c3 für ca. 300 €')).toEqual({ price: '300' });
  });

  it('keeps a real description and the availability beside the price', () => {
    expect(offerDetailsOf('#a1b2c3 neuer Durchlauferhitzer inkl. Montage, 450 €, morgen ab 9 Uhr')).toEqual({
      price: '450',
      beschreibung: 'neuer Durchlauferhitzer inkl. Montage',
      verfuegbarkeit: 'morgen ab 9 Uhr',
    });
    expect(offerDetailsOf('offer for #a1b2c3: two men and a van for 300 euros')).toMatchObject({ price: '300', beschreibung: 'two men and a van' });
  });
});
