// The audit log in the admin's words (issue 25): the walkthrough saw '[object Object], [object Object]' for
// follow-up changes and raw keys ('levelsBp 4000, 2000', 'preset ten_levels', 'restoredFrom',
// 'followUpScript 6d784fc8'). Each entry below has the shape its writer in server/domain records.
import { describe, expect, it } from 'vitest';
import { describeAuditEntry, type AuditEntryInput } from '../../core/audit/describe-audit.ts';
import { translator } from '../../server/i18n.ts';

// Intl writes '20 %' and '25,50 €' with a no-break space; compared here with a plain one.
const plainSpaces = (s: string | null) => (s === null ? null : s.replace(/[\u00a0\u202f]/g, ' '));
const describeIn = (lang: 'de' | 'en', e: Partial<AuditEntryInput> & { action: string; entityType: string }) => {
  const d = describeAuditEntry({ entityId: null, before: null, after: null, ...e }, translator(lang) as never, lang);
  return { ...d, rows: d.rows.map((r) => ({ label: r.label, before: plainSpaces(r.before), after: plainSpaces(r.after) })) };
};

const step = (id: string, purpose: string, de: string, en: string, active = true, type = 'text') => ({ id, type, purpose, content: { de, en }, active });

const ENTRIES: (Partial<AuditEntryInput> & { action: string; entityType: string })[] = [
  {
    action: 'job.retry',
    entityType: 'job',
    entityId: 'j1',
    before: { name: 'expire-requests', state: 'failed', attempts: 5, lastError: 'timeout' },
    after: { name: 'expire-requests', state: 'retry' },
  },
  { action: 'commission.release', entityType: 'Commission', entityId: 'c1', before: { status: 'held' }, after: { status: 'available' } },
  { action: 'commission.void', entityType: 'Commission', entityId: 'c1', before: { status: 'held' }, after: { status: 'canceled' } },
  { action: 'commission.reverseDeal', entityType: 'Deal', entityId: 'd1', after: { reversed: 3 } },
  {
    action: 'marketingMaterial.create',
    entityType: 'MarketingMaterial',
    entityId: 'm1',
    after: {
      id: 'm1',
      kind: 'email',
      category: 'email_welcome',
      lang: 'de',
      title: 'Hallo',
      description: 'x',
      subject: 'Betreff',
      body: 'Text [AFFILIATE_LINK]',
      sortOrder: 1,
      active: true,
      createdAt: '2026-11-28T09:00:00.000Z',
      updatedAt: '2026-11-28T09:00:00.000Z',
    },
  },
  { action: 'marketingMaterial.deactivate', entityType: 'MarketingMaterial', entityId: 'm1', before: { active: true }, after: { active: false } },
  {
    action: 'commissionPlan.update',
    entityType: 'CommissionPlan',
    entityId: '6d784fc8-0000',
    before: { poolBp: 2000, levelsBp: [4000, 2000, 1500, 1000, 500, 300, 300, 200, 100, 100], preset: 'ten_levels' },
    after: { poolBp: 2500, levelsBp: [7500, 2500], preset: 'two_levels' },
  },
  {
    action: 'academyVideo.update',
    entityType: 'AcademyVideo',
    entityId: 'v1',
    before: {
      id: 'v1',
      category: 'tools',
      titleDe: 'A',
      titleEn: 'A',
      descriptionDe: 'd',
      descriptionEn: 'd',
      url: null,
      durationMin: 3,
      sortOrder: 1,
      active: true,
    },
    after: {
      id: 'v1',
      category: 'getting_started',
      titleDe: 'B',
      titleEn: 'A',
      descriptionDe: 'd',
      descriptionEn: 'd',
      url: 'https://example.org/v',
      durationMin: 1,
      sortOrder: 2,
      active: false,
    },
  },
  {
    action: 'user.suspend',
    entityType: 'user',
    entityId: 'u1',
    before: { suspended: false },
    after: { suspended: true, suspendedAt: '2026-11-28T01:56:00.000Z', sessionsEnded: 1 },
  },
  {
    action: 'user.unsuspend',
    entityType: 'user',
    entityId: 'u1',
    before: { suspended: true, suspendedAt: '2026-11-28T01:56:00.000Z', reason: 'Spam' },
    after: { suspended: false },
  },
  { action: 'user.promote', entityType: 'user', entityId: 'u1', before: { role: 'seeker' }, after: { role: 'admin' } },
  {
    action: 'verification.approve',
    entityType: 'verificationDocument',
    entityId: 'v1',
    before: { status: 'pending' },
    after: { status: 'approved', providerId: 'p1' },
  },
  {
    action: 'followUp.publish',
    entityType: 'followUpScript',
    entityId: '6d784fc8-1111',
    before: {
      number: 3,
      steps: [step('a', 'greeting', 'Hallo, ich bin {persona}!', 'Hi, I am {persona}!'), step('b', 'askName', 'Wie heißt du?', 'Your name?')],
    },
    after: {
      number: 4,
      steps: [
        step('a', 'greeting', 'Hallo, ich bin {persona}!', 'Hi, I am {persona}!'),
        step('b', 'askName', 'Wie heißt du, {name}?', 'Your name, {name}?', false),
      ],
    },
  },
  {
    action: 'followUp.restore',
    entityType: 'followUpScript',
    entityId: 'f2',
    before: { number: null, steps: [] },
    after: { number: 5, steps: [step('a', 'greeting', 'Hallo', 'Hello', true, 'voice')], restoredFrom: 2 },
  },
  {
    action: 'settings.update',
    entityType: 'settings',
    before: { 'marketplace.maxRadiusKm': 200, 'affiliate.refundWindowDays': 14 },
    after: { 'marketplace.maxRadiusKm': 150, 'affiliate.refundWindowDays': 30 },
  },
  {
    action: 'price.update',
    entityType: 'price',
    entityId: 'p1',
    before: {
      id: 'p1',
      industryCategory: 'handwerk',
      serviceType: '',
      basePriceCents: 500,
      unlockGoints: 50,
      commissionRateBp: 5000,
      description: '',
      updatedAt: '2026-11-28T09:00:00.000Z',
    },
    after: {
      id: 'p1',
      industryCategory: 'handwerk',
      serviceType: 'Sanitär',
      basePriceCents: 750,
      unlockGoints: 75,
      commissionRateBp: 4000,
      description: 'Bad',
      updatedAt: '2026-11-28T10:00:00.000Z',
    },
  },
  { action: 'request.release', entityType: 'request', entityId: 'r1', before: { status: 'review' }, after: { status: 'open' } },
  {
    action: 'request.close',
    entityType: 'request',
    entityId: 'r1',
    before: { status: 'open' },
    after: {
      status: 'closed',
      refunds: [
        { providerId: 'a', goints: 50 },
        { providerId: 'b', goints: 50 },
      ],
    },
  },
  {
    action: 'sepaBatch.create',
    entityType: 'sepaBatch',
    entityId: 's1',
    after: { status: 'created', messageId: 'AKUT-1', count: 2, totalCents: 2550, payoutIds: ['x', 'y'] },
  },
  { action: 'sepaBatch.markSent', entityType: 'sepaBatch', entityId: 's1', before: { status: 'created' }, after: { status: 'sent' } },
  {
    action: 'payout.approve',
    entityType: 'payout',
    entityId: 'po1',
    before: { status: 'requested', amountCents: 1250 },
    after: { status: 'approved', amountCents: 1250 },
  },
  {
    action: 'report.decide',
    entityType: 'contentReport',
    entityId: 'cr1',
    before: { status: 'open', restriction: null },
    after: {
      status: 'decided',
      decision: 'remove',
      ground: 'illegal',
      provision: '§ 263 StGB',
      restriction: 'removed',
      refunds: [{ providerId: 'a', goints: 50 }],
      offerWithdrawn: true,
    },
  },
  {
    action: 'report.create',
    entityType: 'contentReport',
    entityId: 'cr1',
    after: { contentType: 'offer', contentId: 'o1', ground: 'terms', category: 'spam', status: 'open' },
  },
  {
    action: 'report.decideObjection',
    entityType: 'contentReport',
    entityId: 'cr1',
    before: { status: 'objected', decision: 'remove', restriction: 'removed' },
    after: { status: 'reversed', restriction: null },
  },
];

describe('every kind of audit entry reads in the admin’s words', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`has no raw keys, no '[object Object]' and no internal ids (${lang})`, () => {
      for (const e of ENTRIES) {
        const d = describeIn(lang, e);
        const text = [d.title, d.subject, ...d.rows.flatMap((r) => [r.label, r.before ?? '', r.after ?? ''])].join(' | ');
        expect(d.rows.length, e.action).toBeGreaterThan(0);
        expect(text, e.action).not.toMatch(
          /\[object|undefined|NaN|levelsBp|poolBp|preset|restoredFrom|followUpScript|ten_levels|amountCents|providerId|payoutIds|\{persona\}|\{name\}/,
        );
        // No camelCase or snake_case word: what an admin reads is words (a SEPA message id is left out).
        expect(text.replace(/AKUT-1|https:\S+|\[AFFILIATE_LINK\]/g, ''), e.action).not.toMatch(/\b[a-z]+[A-Z]\w*\b|\b[a-z]+_[a-z]+\b/);
        expect(d.title, e.action).not.toBe(lang === 'de' ? 'Änderung' : 'Change');
        for (const r of d.rows) expect(r.label, `${e.action} ${r.label}`).not.toBe(lang === 'de' ? 'Weitere Angabe' : 'Other detail');
      }
    });
  }

  it('the commission plan: pool and each changed level as percentages, the preset by its name', () => {
    const d = describeIn('de', ENTRIES.find((e) => e.action === 'commissionPlan.update')!);
    expect(d.title).toBe('Provisionsplan geändert');
    expect(d.subject).toBe('Provisionsplan #6d784f');
    expect(d.rows).toContainEqual({ label: 'Provisionstopf (Anteil der Plattform-Einnahmen)', before: '20 %', after: '25 %' });
    expect(d.rows).toContainEqual({ label: 'Ebene 1 (Anteil am Topf)', before: '40 %', after: '75 %' });
    expect(d.rows).toContainEqual({ label: 'Ebene 3 (Anteil am Topf)', before: '15 %', after: null });
    expect(d.rows).toContainEqual({
      label: 'Vorlage',
      before: '10 Ebenen (40/20/15/10/5/3/3/2/1/1)',
      after: '2 Ebenen (15 % und 5 % der Plattform-Einnahmen)',
    });
    const en = describeIn('en', ENTRIES.find((e) => e.action === 'commissionPlan.update')!);
    expect(en.rows).toContainEqual({ label: 'Level 2 (share of the pool)', before: '20%', after: '25%' });
  });

  it('follow-up steps as lines, only the changed ones, placeholders as what they become', () => {
    const d = describeIn('de', ENTRIES.find((e) => e.action === 'followUp.publish')!);
    expect(d.title).toBe('Follow-up-Skript veröffentlicht');
    expect(d.rows).toEqual([
      { label: 'Version', before: 'Version 3', after: 'Version 4' },
      { label: 'Schritt 2', before: 'Text · sichtbar · Wie heißt du?', after: 'Text · ausgeblendet · Wie heißt du, ‹Vorname›?' },
    ]);
    const restored = describeIn('en', ENTRIES.find((e) => e.action === 'followUp.restore')!);
    expect(restored.rows).toContainEqual({ label: 'Restored from', before: null, after: 'Version 2' });
    expect(restored.rows).toContainEqual({ label: 'Step 1', before: null, after: 'Voice · shown · Hello' });
    const persona = describeIn('de', {
      action: 'followUp.saveDraft',
      entityType: 'followUpScript',
      after: { number: 1, steps: [step('a', 'greeting', 'Ich bin {persona}.', 'I am {persona}.')] },
    });
    expect(persona.rows).toContainEqual({ label: 'Schritt 1', before: null, after: 'Text · sichtbar · Ich bin Aki.' });
  });

  it('amounts, dates, statuses and settings in the language of the reader', () => {
    const payout = describeIn('en', ENTRIES.find((e) => e.action === 'payout.approve')!);
    expect(payout.subject).toBe('Payout #po1');
    expect(payout.rows).toEqual([{ label: 'Status', before: 'Requested', after: 'Approved' }]);
    const sepa = describeIn('de', ENTRIES.find((e) => e.action === 'sepaBatch.create')!);
    expect(sepa.rows).toContainEqual({ label: 'Summe', before: null, after: '25,50 €' });
    expect(sepa.rows).toContainEqual({ label: 'Enthaltene Auszahlungen', before: null, after: '2 Auszahlungen' });
    const suspend = describeIn('de', ENTRIES.find((e) => e.action === 'user.suspend')!);
    // 01:56 UTC is 02:56 in Berlin in November.
    expect(suspend.rows).toContainEqual({ label: 'Gesperrt seit', before: null, after: '28.11.2026, 02:56' });
    expect(suspend.rows).toContainEqual({ label: 'Gesperrt', before: 'nein', after: 'ja' });
    const settings = describeIn('de', ENTRIES.find((e) => e.action === 'settings.update')!);
    expect(settings.subject).toBe('Marktplatz-Einstellungen');
    expect(settings.rows).toContainEqual({ label: 'Größter Umkreis', before: '200 km', after: '150 km' });
    expect(settings.rows).toContainEqual({ label: 'Widerrufsfrist für Provisionen', before: '14 Tage', after: '30 Tage' });
    const price = describeIn('de', ENTRIES.find((e) => e.action === 'price.update')!);
    expect(price.rows).toContainEqual({ label: 'Grundpreis', before: '5,00 €', after: '7,50 €' });
    expect(price.rows).toContainEqual({ label: 'Plattformanteil', before: '50 %', after: '40 %' });
    expect(price.rows).toContainEqual({ label: 'Leistungsart', before: 'ganze Kategorie', after: 'Sanitär' });
    expect(price.rows.map((r) => r.label)).not.toContain('Kategorie');
    const close = describeIn('en', ENTRIES.find((e) => e.action === 'request.close')!);
    expect(close.rows).toContainEqual({ label: 'Refunds', before: null, after: '2 providers, 100 Goints' });
    const held = describeIn('de', ENTRIES.find((e) => e.action === 'commission.release')!);
    expect(held.rows).toEqual([{ label: 'Status', before: 'zurückgehalten – wird geprüft', after: 'auszahlbar' }]);
  });
});

describe('the filter’s days are days in German time', () => {
  it('winter and summer', async () => {
    const { berlinDayBound } = await import('../../core/audit/describe-audit.ts');
    expect(berlinDayBound('2026-11-28', false)).toBe('2026-11-27T23:00:00.000Z');
    expect(berlinDayBound('2026-11-28', true)).toBe('2026-11-28T22:59:59.999Z');
    expect(berlinDayBound('2026-07-01', false)).toBe('2026-06-30T22:00:00.000Z');
  });
});
