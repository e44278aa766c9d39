// Marketing texts with the partner's link and name filled in: the one function the dashboard and the chat share.
import { describe, expect, it } from 'vitest';
import { fillMarketingMaterial, fillMarketingText, partnerSignature } from '../../core/affiliate/fill-marketing-text.ts';

const values = { link: 'https://akut.example/?ref=AKUT-ABC123', name: 'Anna Partnerin' };

describe('fillMarketingText', () => {
  it('fills every [AFFILIATE_LINK] and [NAME] and leaves the rest as written', () => {
    expect(fillMarketingText('Hallo,\n\nschau mal: [AFFILIATE_LINK]\n([AFFILIATE_LINK])\n\nViele Grüße\n[NAME]', values)).toBe(
      'Hallo,\n\nschau mal: https://akut.example/?ref=AKUT-ABC123\n(https://akut.example/?ref=AKUT-ABC123)\n\nViele Grüße\nAnna Partnerin',
    );
    expect(fillMarketingText('Kein Platzhalter [LINK] [name]', values)).toBe('Kein Platzhalter [LINK] [name]');
  });

  it('takes a name or link with $ characters literally', () => {
    expect(fillMarketingText('Grüße [NAME]', { ...values, name: "Jo $& Co $' $$" })).toBe("Grüße Jo $& Co $' $$");
    expect(fillMarketingText('[AFFILIATE_LINK] und [NAME]', { link: 'https://x.example/?ref=$`', name: 'A' })).toBe('https://x.example/?ref=$` und A');
  });

  it('does not fill placeholders that a name brings with it', () => {
    expect(fillMarketingText('[NAME]: [AFFILIATE_LINK]', { link: 'L', name: 'Eva [AFFILIATE_LINK]' })).toBe('Eva [AFFILIATE_LINK]: L');
  });
});

describe('fillMarketingMaterial and partnerSignature', () => {
  it('fills title, subject and body; a social text keeps its empty subject', () => {
    const email = { title: 'Von [NAME]', subject: 'Schau mal, [NAME]', body: '[AFFILIATE_LINK]', kind: 'email' };
    expect(fillMarketingMaterial(email, values)).toEqual({ title: 'Von Anna Partnerin', subject: 'Schau mal, Anna Partnerin', body: values.link });
    expect(fillMarketingMaterial({ title: 'Post', subject: null, body: 'Hier: [AFFILIATE_LINK]' }, values)).toEqual({
      title: 'Post',
      subject: null,
      body: `Hier: ${values.link}`,
    });
  });

  it('signs with the partner profile’s name, else the account’s', () => {
    expect(partnerSignature({ firstName: 'Anna', lastName: 'Partnerin' }, 'anna')).toBe('Anna Partnerin');
    expect(partnerSignature(null, 'Bert')).toBe('Bert');
  });
});
