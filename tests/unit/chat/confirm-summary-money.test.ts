// The confirm cards that end something show the amount formatted for the person's language (issue 13: every
// amount through Intl), as the accept card does: '220,50 €' in German, '€220.50' in English, never '220.50 €'.
import { describe, expect, it } from 'vitest';
import '../../../server/chat/tools/index.ts';
import { chatTools } from '../../../server/chat/tools/index.ts';
import { translator } from '../../../server/i18n.ts';

const cases = [
  { tool: 'cancelDeal', input: { deal: '#a1b2c3' }, data: { ref: 'a1b2c3', valueCents: 22050, counterpart: 'Elektro Blitz' } },
  { tool: 'declineOffer', input: { offer: '#a1b2c3' }, data: { ref: 'a1b2c3', priceCents: 22050, company: 'Elektro Blitz' } },
  { tool: 'withdrawOffer', input: { request: '#a1b2c3' }, data: { ref: 'a1b2c3', priceCents: 22050 } },
  { tool: 'acceptOffer', input: { offer: '#a1b2c3' }, data: { ref: 'a1b2c3', offer: { priceCents: 22050, provider: { firmenname: 'Elektro Blitz' } } } },
];

describe('confirm cards with an amount', () => {
  for (const c of cases) {
    it(`${c.tool}: the amount in the person's language`, () => {
      const def = chatTools.get(c.tool);
      const summary = def?.confirmSummary?.(c.input as never, c.data);
      expect(summary).toBeDefined();
      const de = translator('de')(`chat:${summary!.key}`, summary!.params ?? {}) as string;
      const en = translator('en')(`chat:${summary!.key}`, summary!.params ?? {}) as string;
      expect(de).toContain('220,50\u00a0€');
      expect(en).toContain('€220.50');
      expect(de).not.toContain('220.50');
    });
  }
});
