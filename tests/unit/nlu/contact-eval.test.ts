import { describe, expect, it } from 'vitest';
import { formatContactReport, loadContactEvalSet, runContactEval } from '../../../scripts/eval-contact.ts';

describe('contact evaluation set (npm run eval:contact)', () => {
  const set = loadContactEvalSet();

  it('has at least 150 descriptions with contact data and 150 without, in German and English, some held out', () => {
    const withContact = set.cases.filter((c) => c.contacts.length > 0);
    expect(withContact.length).toBeGreaterThanOrEqual(150);
    expect(set.cases.length - withContact.length).toBeGreaterThanOrEqual(150);
    expect(set.cases.filter((c) => c.heldOut).length).toBeGreaterThanOrEqual(100);
    for (const lang of ['de', 'en']) expect(set.cases.filter((c) => c.lang === lang).length).toBeGreaterThan(100);
    expect(new Set(set.cases.map((c) => c.id)).size).toBe(set.cases.length);
    for (const c of set.cases) for (const t of c.contacts) expect(c.text, c.id).toContain(t);
  });

  it('hides all contact data in at least 98 % and leaves at least 98 % of the rest unchanged, tuned and held out', () => {
    const report = runContactEval(set);
    const text = formatContactReport(report, { showHeldOut: true });
    for (const part of [report.tuned, report.heldOut]) {
      expect(part.contactHidden / part.contactCases, text).toBeGreaterThanOrEqual(0.98);
      expect(part.cleanUnchanged / part.cleanCases, text).toBeGreaterThanOrEqual(0.98);
    }
  });
});
