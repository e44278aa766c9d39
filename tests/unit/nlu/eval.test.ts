import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EVAL_FIELDS, formatReport, loadBlindSet, loadEvalSet, renderEval, runIntakeEval } from '../../../scripts/eval-intake.ts';

describe('intake evaluation sets (npm run eval:intake)', () => {
  const main = loadEvalSet('main');
  const urgency = loadEvalSet('urgency');
  const urgency2 = loadEvalSet('urgency2');

  it('have enough labelled messages, about half German and half English, with unique ids', () => {
    for (const [set, min] of [
      [main, 150],
      [urgency, 80],
      [urgency2, 80],
    ] as const) {
      expect(set.cases.length).toBeGreaterThanOrEqual(min);
      const german = set.cases.filter((c) => c.lang === 'de').length;
      expect(german / set.cases.length).toBeGreaterThan(0.4);
      expect(german / set.cases.length).toBeLessThan(0.6);
    }
    const ids = [...main.cases, ...urgency.cases, ...urgency2.cases].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every urgency label is on the scale (or null for no cue)', () => {
    for (const c of [...main.cases, ...urgency.cases, ...urgency2.cases])
      expect([null, 'sehr_dringend', 'dringend', 'normal', 'niedrig']).toContain(c.expected.urgency);
  });

  // The bar holds for the sets the extractor was tuned on; the blind set is reported (docs/intake-eval.md), not held.
  it.each([
    ['first set', main],
    ['urgency and postcode set', urgency],
    ['second urgency set (the former blind set)', urgency2],
  ] as const)('the %s reaches at least 95%% on every field', (_name, set) => {
    const report = runIntakeEval(set);
    for (const field of EVAL_FIELDS) {
      expect(report.accuracy[field], `${field}\n${formatReport(report)}`).toBeGreaterThanOrEqual(0.95);
    }
  });
});

describe('the blind set of the next round (read when present, reported, never held)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'akut-intake-eval-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  // Two cases in the format of the labelled sets; the second is labelled wrongly on purpose, to be a miss.
  const tiny = {
    description: 'Blind set: never tune on these cases.',
    reference: '2026-03-11T09:30:00+01:00',
    timeZone: 'Europe/Berlin',
    cases: [
      {
        id: 'x-de-01',
        lang: 'de',
        text: 'Heizung kaputt, bitte heute noch, 10115 Berlin, bis 300 €',
        expected: { category: 'handwerk', postcode: '10115', place: 'Berlin', budget: { min: null, max: 300 }, urgency: 'sehr_dringend', date: '2026-03-11' },
      },
      {
        id: 'x-en-01',
        lang: 'en',
        text: 'need a plumber in Leipzig',
        expected: { category: 'beauty', postcode: null, place: 'Leipzig', budget: null, urgency: null, date: null },
      },
    ],
  };

  it('reads a file of the labelled sets’ format, and nothing while the file is not there', () => {
    const set = loadBlindSet(write('blind.json', tiny));
    expect(set?.cases.map((c) => c.id)).toEqual(['x-de-01', 'x-en-01']);
    expect(set?.cases[0]?.expected).toEqual(tiny.cases[0]!.expected);
    expect(loadBlindSet(join(dir, 'not-there.json'))).toBeNull();
  });

  it('takes a field left out of expected as null', () => {
    const { place: _place, budget: _budget, ...rest } = tiny.cases[1]!.expected;
    const set = loadBlindSet(write('short.json', { ...tiny, cases: [{ ...tiny.cases[1]!, expected: rest }] }));
    expect(set?.cases[0]?.expected).toMatchObject({ place: null, budget: null, category: 'beauty' });
  });

  it('names the case and the field when a file does not have the format', () => {
    const bad = { ...tiny, cases: [tiny.cases[0], { ...tiny.cases[1], expected: { ...tiny.cases[1]!.expected, urgency: 'hoch' } }] };
    expect(() => loadBlindSet(write('bad.json', bad))).toThrow(/case x-en-01\.expected\.urgency/);
    expect(() => loadBlindSet(write('broken.json', '{"cases": ['))).toThrow(/not valid JSON/);
  });

  it('is reported as a block of its own with figures per field; its misses are listed only on request', () => {
    const path = write('report.json', tiny);
    const quiet = renderEval({ showBlind: false, blindPath: path });
    expect(quiet.ok).toBe(true);
    const block = quiet.text.slice(quiet.text.indexOf('== BLIND set 3'));
    expect(block).toMatch(/category\s+1\/2\s+50\.0%/);
    expect(block).toMatch(/place\s+2\/2\s+100\.0%/);
    expect(block).toContain('| category | 1/2, 50.0 % |');
    expect(block).not.toContain('x-en-01');
    expect(block).toContain('1 misses; --show-blind lists them');

    const shown = renderEval({ showBlind: true, blindPath: path }).text;
    expect(shown.slice(shown.indexOf('== BLIND set 3'))).toContain('x-en-01 category: expected "beauty", got "handwerk"');
  });

  it('says so when the file is not there, and fails the run when it cannot be read', () => {
    const missing = renderEval({ showBlind: false, blindPath: join(dir, 'not-there.json') });
    expect(missing).toMatchObject({ ok: true });
    expect(missing.text).toContain('Not there yet');
    const unreadable = renderEval({ showBlind: false, blindPath: write('unreadable.json', '[]') });
    expect(unreadable.ok).toBe(false);
    expect(unreadable.text).toContain('is not an intake evaluation set');
  });
});
