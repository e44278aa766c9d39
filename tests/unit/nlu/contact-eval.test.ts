import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatContactReport, loadBlindEvalSet, loadContactEvalSet, renderContactEval, runContactEval } from '../../../scripts/eval-contact.ts';

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

// A blind set is run once with `npm run eval:contact -- --blind <file>`; whoever tunes the detector must not see
// its misses, so they are printed only with --show-blind.
describe('a blind contact set given by path (--blind)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'contact-blind-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const tiny = {
    about: 'tiny',
    contact: [
      { id: 'c1', lang: 'de', text: 'Ruf an: 0171 2345678', remove: ['0171 2345678'] },
      { id: 'c2', lang: 'en', text: 'find me under the big oak tree', remove: ['the big oak tree'] },
    ],
    clean: [{ id: 'n1', lang: 'de', text: '3 Zimmer, 500 €' }],
  };

  it('prints the figures of that file only, and its misses only with --show-blind', () => {
    const path = write('blind.json', tiny);
    const hidden = renderContactEval({ blindPath: path });
    expect(hidden.ok).toBe(true);
    expect(hidden.text).toContain('contact data removed (no 4+ digit run left)  1/2 = 50.0 %');
    expect(hidden.text).toContain('contact-free left unchanged                  1/1 = 100.0 %');
    expect(hidden.text).toContain('1 misses not shown');
    expect(hidden.text).not.toContain('the big oak tree');
    expect(hidden.text).not.toContain('tuned');
    expect(renderContactEval({ blindPath: path, showBlind: true }).text).toContain('c2 visible: "the big oak tree"');
  });

  it('refuses a malformed file, naming the item and the field, and a missing one', () => {
    const bad = { ...tiny, contact: [{ ...tiny.contact[0], remove: [] }] };
    expect(() => loadBlindEvalSet(write('bad.json', bad))).toThrow(/item c1\.remove/);
    expect(() => loadBlindEvalSet(write('absent.json', { ...tiny, clean: [{ id: 'n1', lang: 'fr', text: 'x' }] }))).toThrow(/item n1\.lang/);
    expect(() => loadBlindEvalSet(write('piece.json', { ...tiny, contact: [{ ...tiny.contact[0], remove: ['0999'] }] }))).toThrow(
      /item c1: "0999" is not in its text/,
    );
    expect(() => loadBlindEvalSet(write('broken.json', '{"contact": ['))).toThrow(/not valid JSON/);
    const missing = renderContactEval({ blindPath: join(dir, 'not-there.json') });
    expect(missing.ok).toBe(false);
    expect(missing.text).toContain('not there');
  });
});
