// Every kind of admin change the server records (server/domain: recordAudit's action) has a label in the audit
// log screen, in German and English: the admin reads 'Preis geändert', not 'price.update'.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
const source = files(path.join(root, 'server/domain'))
  .map((f) => fs.readFileSync(f, 'utf8'))
  .join('\n');
// Literal actions on the lines that name one ('action: …', 'const action = …', the payout and SEPA helpers'
// action argument) and the ones built from a fixed set (`commission.${decision}`, …).
const lines = source.split('\n').filter((l) => /\baction\s*[:=]|auditedPayoutStep\(|auditBatch\(/.test(l));
const literal = lines.flatMap((l) => [...l.matchAll(/'([a-z][A-Za-z]*\.[a-z][A-Za-z]*)'/g)].map((m) => m[1]!));
const built = [
  'commission.release',
  'commission.void',
  'verification.approve',
  'verification.reject',
  ...['add', 'remove', 'hide', 'show', 'move'].map((op) => `followUp.${op}Step`),
  'user.promote',
  'user.demote',
  'user.role',
];
const labels = (lang: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, `core/i18n/locales/${lang}/admin.json`), 'utf8')) as { audit: { actions: Record<string, string> } }).audit
    .actions;

describe('audit log labels', () => {
  const actions = [...new Set([...literal, ...built])].filter((a) => !/^(test|node|z|t)\./.test(a));
  it('finds the recorded actions', () => {
    expect(actions).toEqual(
      expect.arrayContaining(['price.update', 'settings.update', 'followUp.publish', 'commissionPlan.update', 'user.suspend', 'sepaBatch.create']),
    );
  });
  it.each(['de', 'en'])('labels every recorded action (%s)', (lang) => {
    const have = labels(lang);
    expect(actions.filter((a) => !have[a.replace('.', '_')])).toEqual([]);
  });
});
