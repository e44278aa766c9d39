// The profile reply ends its verification state with one full stop, not two ('verifiziert..').
import { describe, expect, it } from 'vitest';
import { translator } from '../../../server/i18n.ts';

describe('showProviderProfile reply', () => {
  for (const lang of ['de', 'en'] as const) {
    for (const state of ['none', 'pending', 'verified', 'rejected'] as const) {
      it(`${lang}, ${state}: one full stop after the verification state`, () => {
        const t = translator(lang);
        const text = t('chat:offline.tool.showProviderProfile', {
          company: 'Elektro Blitz',
          categories: 'Handwerk',
          area: '50…',
          radius: '30 km',
          matches: 'an',
          minBudget: '–',
          verification: t(`chat:providerProfile.verification.${state}`),
        }) as string;
        expect(text).not.toMatch(/\.\./);
        expect(text).toContain(t(`chat:providerProfile.verification.${state}`) as string);
      });
    }
  }
});
