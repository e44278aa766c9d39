// Wording a person reads about deals, unlocks and SEPA files: each side reads the deal status about itself,
// counts use i18next plurals instead of '(en)' / '(s)'.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translator } from '../../server/i18n.ts';

const de = translator('de');
const en = translator('en');

describe('deal status per side', () => {
  it('the provider waiting for his own confirmation reads it as his, the seeker reads who is missing', () => {
    for (const ns of ['market', 'chatmarket']) {
      expect(de(`${ns}:dealStatus.awaiting_provider`, { context: 'provider' })).toBe('Wartet auf deine Bestätigung');
      expect(de(`${ns}:dealStatus.awaiting_provider`, { context: 'seeker' })).toBe('Wartet auf Bestätigung des Anbieters');
      expect(de(`${ns}:dealStatus.awaiting_seeker`, { context: 'seeker' })).toBe('Wartet auf deine Bestätigung');
      expect(de(`${ns}:dealStatus.awaiting_seeker`, { context: 'provider' })).toBe('Wartet auf Bestätigung der suchenden Person');
      expect(en(`${ns}:dealStatus.awaiting_provider`, { context: 'provider' })).toBe('Waiting for your confirmation');
      expect(en(`${ns}:dealStatus.awaiting_seeker`, { context: 'provider' })).toBe("Waiting for the seeker's confirmation");
    }
  });

  it('every place that shows a deal status says whose side it is', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = [
      'chat/market/match-cards.tsx',
      'pages/provider/match-card.tsx',
      'chat/market/offers.tsx',
      'pages/seeker/RequestsTab.tsx',
      'pages/seeker/DealPanel.tsx',
      'pages/seeker/AllOffersTab.tsx',
    ];
    for (const f of files) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      for (const call of text.match(/dealStatus\.\$\{[^`]+`,\s*\{[^}]*\}/g) ?? []) expect(call, f).toMatch(/context: '(provider|seeker)'/);
    }
  });
});

describe('plurals', () => {
  it("'1 of 5 possible providers has unlocked it'", () => {
    const params = { ref: 'a1b2c3', price: 50, balance: 120, max: 5 };
    expect(en('chat:confirm.summary.unlockRequest', { ...params, count: 1 })).toContain('1 of 5 possible providers has unlocked it.');
    expect(en('chat:confirm.summary.unlockRequest', { ...params, count: 2 })).toContain('2 of 5 possible providers have unlocked it.');
    expect(de('chat:confirm.summary.unlockRequest', { ...params, count: 1 })).toContain('1 von 5 möglichen Anbietern hat sie freigeschaltet.');
    expect(de('chat:confirm.summary.unlockRequest', { ...params, count: 3 })).toContain('3 von 5 möglichen Anbietern haben sie freigeschaltet.');
  });

  it("'1 Überweisung', '2 Überweisungen' (no '(en)')", () => {
    expect(de('admin:sepa.ready.summary', { count: 1, amount: '12,00 €' })).toBe('1 Überweisung über insgesamt 12,00 € ist bereit.');
    expect(de('admin:sepa.ready.summary', { count: 2, amount: '12,00 €' })).toBe('2 Überweisungen über insgesamt 12,00 € sind bereit.');
    expect(en('admin:sepa.toast.created', { count: 1, amount: '€12.00' })).toBe('SEPA file created: 1 transfer totalling €12.00');
    for (const lang of ['de', 'en']) {
      const dir = path.resolve(import.meta.dirname, `../../core/i18n/locales/${lang}`);
      for (const f of fs.readdirSync(dir)) expect(fs.readFileSync(path.join(dir, f), 'utf8'), f).not.toMatch(/\w\((en|s|n|e)\)/);
    }
  });
});

describe('German grammar slips found in the walkthrough (issue 25)', () => {
  // chat.json and chatadmin.json belong to the chat's own texts (its tools name steps 'Step n'); checked there.
  const dir = path.resolve(import.meta.dirname, '../../core/i18n/locales/de');
  const texts = fs
    .readdirSync(dir)
    .filter((f) => !['chat.json', 'chatadmin.json'].includes(f))
    .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')] as const);

  it('the seeker is a neutral „suchende Person“, never „der Suchende“, and lower case inside a sentence', () => {
    for (const [f, text] of texts) {
      expect(text, f).not.toMatch(/\b([Dd]er|[Dd]en|[Dd]es|[Ee]in|[Ee]inen) Suchenden?\b/);
      expect(text, f).not.toMatch(/[a-zäöüß,] Suchende Person/);
    }
    expect(de('affiliate:pitch.how', { price: 50, max: 5, pool: '20 %' })).toContain('an die suchende Person');
    expect(de('provider:card.deal.pleaseConfirm')).toBe('Die suchende Person hat dein Angebot angenommen. Bitte bestätige den Deal.');
    expect(de('email:dealConfirmed.body', { party: de('email:dealConfirmed.partySeeker'), price: '100,00 €' })).toMatch(/^Die suchende Person hat/);
  });

  it('„diesen Dialog“, compounds with hyphens, the comma before „um … zu“, no English „Step“', () => {
    expect(de('shop:toast.redirect.text')).toContain('Schließe diesen Dialog');
    for (const [f, text] of texts) {
      expect(text, f).not.toMatch(/\b(Starter|Business|Professional) Paket|Follow-Up Nachrichten|Ebenen Provisionssystem|PayPal E-Mail/);
      expect(text, f).not.toMatch(/Goints um /);
      expect(text, f).not.toMatch(/\bStep\b/);
    }
  });

  it('counts agree with their noun in both languages', () => {
    expect(de('admin:users.counts.requests', { count: 1 })).toBe('1 Anfrage');
    expect(de('admin:users.counts.payouts', { count: 2 })).toBe('2 Auszahlungen');
    expect(en('admin:users.counts.unlocks', { count: 1 })).toBe('1 unlock');
    expect(de('affiliate:dashboard.invite.remaining', { count: 1 })).toBe('Heute ist noch 1 Einladung möglich.');
    expect(en('affiliate:dashboard.invite.remaining', { count: 3 })).toBe('3 more invitations possible today.');
  });
});
