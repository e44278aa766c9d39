// The offline model's reading of an admin's words about the platform settings, in German and English: showing
// them, changing one named in words to a value, the fixed values admins may take for settings; and the
// look-alikes (a need with days or kilometres, a provider's own radius) that change no setting.
import { describe, expect, it } from 'vitest';
import { decideFor } from '../../helpers/offline-decide.ts';
import { settingNamed, settingValueOf } from '../../../server/chat/tools/admin-words.ts';

const read = (text: string, lang: 'de' | 'en') => decideFor('admin', text, { lang });

describe('showing the settings', () => {
  it.each([
    ['de', 'Zeig mir die Einstellungen der Plattform'],
    ['de', 'Welche Einstellungen haben wir gerade?'],
    ['de', 'Auf wie viel steht die Mindestqualität?'],
    ['en', 'show me the platform settings'],
    ['en', 'what are the current settings'],
  ] as const)('%s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'showSettings', input: {} });
  });
  it.each([['en', 'what is the request expiry set to?']] as const)('%s: %s', (lang, text) => {
    expect(read(text, lang).tool).toBe('showSettings');
  });
});

describe('changing a setting', () => {
  it.each([
    ['de', 'Setz die Laufzeit von Anfragen auf 45 Tage', 'marketplace.requestExpiryDays', 45],
    ['de', 'Stell die Kontaktdaten-Aufbewahrung auf 120 Tage', 'marketplace.contactRetentionDays', 120],
    ['de', 'Setz die Mindestqualität der Vorprüfung auf 50', 'marketplace.minQualityScore', 50],
    ['de', 'Maximal 8 Anbieter pro Anfrage', 'marketplace.maxUnlocks', 8],
    ['de', 'Größter Umkreis 300 km', 'marketplace.maxRadiusKm', 300],
    ['en', 'set the contact retention to 60 days', 'marketplace.contactRetentionDays', 60],
    ['en', 'requests should expire after 45 days', 'marketplace.requestExpiryDays', 45],
    ['en', 'raise the largest radius to 300 km', 'marketplace.maxRadiusKm', 300],
    ['en', 'change the pre-check threshold to 30', 'marketplace.minQualityScore', 30],
    ['en', 'allow 8 unlocks per request', 'marketplace.maxUnlocks', 8],
    ['en', 'set the commission refund window to 21 days', 'affiliate.refundWindowDays', 21],
  ] as const)('%s: %s', (lang, text, setting, value) => {
    expect(read(text, lang)).toEqual({ tool: 'changeSetting', input: { setting, value } });
  });
  it.each([
    ['de', 'Mindestauszahlung auf 20 €'],
    ['en', 'set the minimum payout to 15 euros'],
  ] as const)('a fixed value is said to be fixed, never changed, %s: %s', (lang, text) => {
    expect(read(text, lang)).toEqual({ tool: 'changeSetting', input: { named: 'minPayout' } });
  });
  it.each([
    ['de', 'Kontaktdaten sollen 60 Tage sichtbar bleiben'],
    ['de', 'Mindestqualität auf 50'],
  ] as const)('%s: %s', (lang, text) => {
    expect(read(text, lang).tool).toBe('changeSetting');
  });
  it.each([
    ['de', 'Ich brauche einen Umzug in 45 Tagen'],
    ['en', 'I need a plumber within 60 km'],
    ['de', 'Wie viele Anfragen gibt es?'],
  ] as const)('look-alikes change no setting, %s: %s', (lang, text) => {
    expect(read(text, lang).tool).not.toBe('changeSetting');
  });
});

describe('a setting and its value named in words', () => {
  it.each([
    ['Laufzeit einer Anfrage', 'marketplace.requestExpiryDays'],
    ['Anfragen sollen nach 45 Tagen automatisch schließen', 'marketplace.requestExpiryDays'],
    ['Kontaktdaten sichtbar nach Ende', 'marketplace.contactRetentionDays'],
    ['Freischaltungen pro Anfrage', 'marketplace.maxUnlocks'],
    ['Vorfilter', 'marketplace.minQualityScore'],
    ['spam filter stricter', 'marketplace.minQualityScore'],
    ['the largest radius', 'marketplace.maxRadiusKm'],
    ['Widerrufsfrist', 'affiliate.refundWindowDays'],
    ['Mindestauszahlung', 'minPayout'],
    ['1 € soll 12 Goints sein', 'gointsRate'],
    ['Wartungsmodus', null],
    ['Max. 8 Angebote pro Anfrage', null],
  ] as const)('%s → %s', (text, setting) => {
    expect(settingNamed(text)).toBe(setting);
  });
  it('reads the value as written, not a reference or an address', () => {
    expect([
      settingValueOf('auf 45 Tage'),
      settingValueOf('to 12,5'),
      settingValueOf('#a1b2c3 auf 7'),
      settingValueOf('max@example.com'),
      settingValueOf('an'),
    ]).toEqual([45, 12.5, 7, null, null]);
  });
});
