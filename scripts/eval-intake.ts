// Accuracy of the offline intake extractor per field over the labelled sets in tests/fixtures:
// intake-eval.json (the first set; its heldOut cases were written after tuning on the others),
// intake-eval-urgency.json (urgency scale and postcodes, tuned on) and intake-eval-urgency-blind.json
// (written by someone who never saw the extractor, and never tuned on: the honest figure).
// `npm run eval:intake` prints the figures per set and the misses (not of the blind set unless
// --show-blind); tests/unit/nlu/eval.test.ts holds the bar for the tuned sets.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractRequest, type ExtractedRequest } from '../server/ai/nlu/index.ts';

export const EVAL_FIELDS = ['category', 'postcode', 'place', 'budget', 'urgency', 'date'] as const;
export type EvalField = (typeof EVAL_FIELDS)[number];

export interface EvalCase {
  id: string;
  lang: 'de' | 'en';
  text: string;
  expected: Record<EvalField, unknown>;
  heldOut?: boolean;
}

export interface EvalSet {
  reference: string;
  timeZone: string;
  cases: EvalCase[];
}

export interface EvalMiss {
  id: string;
  field: EvalField;
  text: string;
  expected: unknown;
  actual: unknown;
}

export interface EvalReport {
  total: number;
  byLang: Record<'de' | 'en', number>;
  accuracy: Record<EvalField, number>;
  correct: Record<EvalField, number>;
  misses: EvalMiss[];
  msPerMessage: number;
}

export const EVAL_SETS = {
  main: 'intake-eval.json',
  urgency: 'intake-eval-urgency.json',
  blind: 'intake-eval-urgency-blind.json',
} as const;

export function loadEvalSet(name: keyof typeof EVAL_SETS | string = 'main'): EvalSet {
  const file = name in EVAL_SETS ? EVAL_SETS[name as keyof typeof EVAL_SETS] : name;
  const path = file.includes('/') ? file : fileURLToPath(new URL(`../tests/fixtures/${file}`, import.meta.url));
  return JSON.parse(readFileSync(path, 'utf8')) as EvalSet;
}

function actualOf(r: ExtractedRequest, field: EvalField): unknown {
  if (field === 'budget') return r.budget ? { min: r.budget.min, max: r.budget.max } : null;
  // No cue about time or urgency: the extractor leaves it open (and the intake asks), labelled null.
  if (field === 'urgency') return r.details.urgencyStated ? r.urgency : null;
  return r[field];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function runIntakeEval(set: EvalSet = loadEvalSet()): EvalReport {
  const now = new Date(set.reference);
  const correct = Object.fromEntries(EVAL_FIELDS.map((f) => [f, 0])) as Record<EvalField, number>;
  const misses: EvalMiss[] = [];
  // The first call loads the postcode index; time the rest.
  extractRequest('Heizung kaputt in Berlin', { lang: 'de', now });
  const started = performance.now();
  for (const c of set.cases) {
    const r = extractRequest(c.text, { lang: c.lang, now });
    for (const field of EVAL_FIELDS) {
      const actual = actualOf(r, field);
      if (same(actual, c.expected[field])) correct[field]++;
      else misses.push({ id: c.id, field, text: c.text, expected: c.expected[field] ?? null, actual: actual ?? null });
    }
  }
  const msPerMessage = (performance.now() - started) / Math.max(1, set.cases.length);
  const total = set.cases.length;
  const accuracy = Object.fromEntries(EVAL_FIELDS.map((f) => [f, total ? correct[f] / total : 0])) as Record<EvalField, number>;
  const byLang = { de: set.cases.filter((c) => c.lang === 'de').length, en: set.cases.filter((c) => c.lang === 'en').length };
  return { total, byLang, accuracy, correct, misses, msPerMessage };
}

export function formatReport(report: EvalReport): string {
  const lines = [`Intake extraction: ${report.total} messages (${report.byLang.de} German, ${report.byLang.en} English)`, ''];
  lines.push('field      correct   accuracy');
  for (const f of EVAL_FIELDS) {
    lines.push(`${f.padEnd(10)} ${String(report.correct[f]).padStart(3)}/${report.total}   ${(report.accuracy[f] * 100).toFixed(1).padStart(6)}%`);
  }
  lines.push('', `${report.msPerMessage.toFixed(2)} ms per message`, '');
  if (report.misses.length === 0) lines.push('No misses.');
  else {
    lines.push(`Misses (${report.misses.length}):`);
    for (const m of report.misses) {
      lines.push(`  ${m.id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
      lines.push(`      "${m.text}"`);
    }
  }
  return lines.join('\n');
}

function subset(set: EvalSet, keep: (c: EvalCase) => boolean): EvalSet {
  return { ...set, cases: set.cases.filter(keep) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const showBlind = process.argv.includes('--show-blind');
  const main = loadEvalSet('main');
  const parts: [string, EvalSet, boolean][] = [
    ['First set, tuned part', subset(main, (c) => !c.heldOut), true],
    ['First set, held-out part (tuned on after its first run)', subset(main, (c) => !!c.heldOut), true],
    ['Urgency and postcode set (tuned on)', loadEvalSet('urgency'), true],
    ['BLIND set (never tuned on)', loadEvalSet('blind'), showBlind],
  ];
  for (const [title, set, misses] of parts) {
    const report = runIntakeEval(set);
    const text = formatReport(report);
    console.log(`== ${title} ==`);
    console.log(misses ? text : text.split('\n\n').slice(0, 2).join('\n\n') + `\n\n(${report.misses.length} misses; --show-blind lists them)`);
    console.log('');
  }
}
