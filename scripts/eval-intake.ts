// Accuracy of the offline intake extractor per field over the labelled sets in tests/fixtures.
// Tuned sets (the extractor's rules were improved on their misses; tests/unit/nlu/eval.test.ts holds
// them at 95 % per field): intake-eval.json (the first set; its heldOut cases were written after a
// first round of tuning), intake-eval-urgency.json (urgency scale and postcodes) and
// intake-eval-urgency-2.json (written blind as the second round's blind set; its first run is in
// docs/intake-eval.md, and it is tuned on since).
// Blind set (never tuned on, reported and never held to a bar): intake-eval-blind3.json, written by
// someone who never saw the extractor. It is read when the file is there; its misses are listed only
// with --show-blind, so that nobody tunes on them by accident.
// `npm run eval:intake` prints the figures per set and the misses of the tuned sets.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CATEGORY_IDS, URGENCY_VALUES, extractRequest, type ExtractedRequest } from '../server/ai/nlu/index.ts';

export const EVAL_FIELDS = ['category', 'postcode', 'place', 'budget', 'urgency', 'date'] as const;
export type EvalField = (typeof EVAL_FIELDS)[number];

// The file format of every set. A field left out of `expected` means null (nothing to extract).
const EvalCaseSchema = z.object({
  id: z.string().min(1),
  lang: z.enum(['de', 'en']),
  text: z.string().min(1),
  expected: z.object({
    category: z.enum(CATEGORY_IDS).nullish(),
    postcode: z
      .string()
      .regex(/^\d{5}$/)
      .nullish(),
    place: z.string().min(1).nullish(),
    budget: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }).nullish(),
    urgency: z.enum(URGENCY_VALUES).nullish(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullish(),
  }),
  heldOut: z.boolean().optional(),
});

const EvalSetSchema = z.object({
  description: z.string().optional(),
  reference: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date and time'),
  timeZone: z.string().default('Europe/Berlin'),
  cases: z.array(EvalCaseSchema).min(1),
});

export type EvalCase = Omit<z.infer<typeof EvalCaseSchema>, 'expected'> & { expected: Record<EvalField, unknown> };

export interface EvalSet {
  description?: string;
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

/** The sets the extractor is tuned on, held at 95 % per field by tests/unit/nlu/eval.test.ts. */
export const EVAL_SETS = {
  main: 'intake-eval.json',
  urgency: 'intake-eval-urgency.json',
  urgency2: 'intake-eval-urgency-2.json',
} as const;

/** The blind set of the current round: reported when present, never tuned on, never held to a bar. */
export const BLIND_SET_FILE = 'intake-eval-blind3.json';

function fixturePath(file: string): string {
  return file.includes('/') ? file : fileURLToPath(new URL(`../tests/fixtures/${file}`, import.meta.url));
}

/** A set from parsed JSON; throws with the case and field when the file does not have the format. */
export function parseEvalSet(json: unknown, source: string): EvalSet {
  const parsed = EvalSetSchema.safeParse(json);
  if (!parsed.success) {
    const cases = (json as { cases?: { id?: unknown }[] } | null)?.cases;
    const where = parsed.error.issues.slice(0, 5).map((issue) => {
      const [first, index, ...rest] = issue.path;
      const id = first === 'cases' && typeof index === 'number' ? cases?.[index]?.id : undefined;
      const path = id !== undefined ? [`case ${String(id)}`, ...rest].join('.') : issue.path.join('.');
      return `${path || '(top)'}: ${issue.message}`;
    });
    const more = parsed.error.issues.length > 5 ? ` (and ${parsed.error.issues.length - 5} more)` : '';
    throw new Error(`${source} is not an intake evaluation set: ${where.join('; ')}${more}`);
  }
  const cases = parsed.data.cases.map((c) => ({
    ...c,
    expected: Object.fromEntries(EVAL_FIELDS.map((f) => [f, c.expected[f] ?? null])) as Record<EvalField, unknown>,
  }));
  return { ...parsed.data, cases };
}

function readEvalFile(path: string): EvalSet {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseEvalSet(json, path);
}

/** A tuned set by its name in EVAL_SETS, or any set by file name or path. */
export function loadEvalSet(name: keyof typeof EVAL_SETS | string = 'main'): EvalSet {
  const file = name in EVAL_SETS ? EVAL_SETS[name as keyof typeof EVAL_SETS] : name;
  return readEvalFile(fixturePath(file));
}

/** The blind set, or null while its file is not there. */
export function loadBlindSet(path: string = fixturePath(BLIND_SET_FILE)): EvalSet | null {
  if (!existsSync(path)) return null;
  return readEvalFile(path);
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

function figuresOf(report: EvalReport): string[] {
  const lines = [`Intake extraction: ${report.total} messages (${report.byLang.de} German, ${report.byLang.en} English)`, ''];
  lines.push('field      correct   accuracy');
  for (const f of EVAL_FIELDS) {
    lines.push(`${f.padEnd(10)} ${String(report.correct[f]).padStart(3)}/${report.total}   ${(report.accuracy[f] * 100).toFixed(1).padStart(6)}%`);
  }
  lines.push('', `${report.msPerMessage.toFixed(2)} ms per message`);
  return lines;
}

function missesOf(report: EvalReport): string[] {
  if (report.misses.length === 0) return ['No misses.'];
  const lines = [`Misses (${report.misses.length}):`];
  for (const m of report.misses) {
    lines.push(`  ${m.id} ${m.field}: expected ${JSON.stringify(m.expected)}, got ${JSON.stringify(m.actual)}`);
    lines.push(`      "${m.text}"`);
  }
  return lines;
}

export function formatReport(report: EvalReport): string {
  return [...figuresOf(report), '', ...missesOf(report)].join('\n');
}

/** The cells of a table row in docs/intake-eval.md ('73/80, 91.3 %'). */
export function docCells(report: EvalReport): string[] {
  return EVAL_FIELDS.map((f) => `| ${f} | ${report.correct[f]}/${report.total}, ${(report.accuracy[f] * 100).toFixed(1)} % |`);
}

function subset(set: EvalSet, keep: (c: EvalCase) => boolean): EvalSet {
  return { ...set, cases: set.cases.filter(keep) };
}

export interface RenderOptions {
  /** List the blind set's misses (for the record; never tune on them). */
  showBlind: boolean;
  /** Where the blind set is read from; the fixture by default. */
  blindPath?: string;
}

/** Everything `npm run eval:intake` prints; ok is false when the blind set is there but unreadable. */
export function renderEval(options: RenderOptions): { text: string; ok: boolean } {
  const main = loadEvalSet('main');
  const tuned: [string, EvalSet][] = [
    ['First set, tuned part', subset(main, (c) => !c.heldOut)],
    ['First set, held-out part (tuned on after its first run)', subset(main, (c) => !!c.heldOut)],
    ['Urgency and postcode set (tuned on)', loadEvalSet('urgency')],
    ['Second urgency set (blind in its round, tuned on since)', loadEvalSet('urgency2')],
  ];
  const out: string[] = [];
  for (const [title, set] of tuned) out.push(`== ${title} ==`, formatReport(runIntakeEval(set)), '');

  const blindPath = options.blindPath ?? fixturePath(BLIND_SET_FILE);
  out.push(`== BLIND set 3, never tuned on (${blindPath.split('/').slice(-3).join('/')}) ==`);
  let blind: EvalSet | null;
  try {
    blind = loadBlindSet(blindPath);
  } catch (error) {
    out.push(`Could not read it: ${(error as Error).message}`, '');
    return { text: out.join('\n'), ok: false };
  }
  if (!blind) {
    out.push('Not there yet: nothing to report.', '');
    return { text: out.join('\n'), ok: true };
  }
  const report = runIntakeEval(blind);
  out.push(...figuresOf(report), '');
  const tunedTexts = new Set(tuned.flatMap(([, set]) => set.cases.map((c) => c.text)));
  const shared = blind.cases.filter((c) => tunedTexts.has(c.text)).map((c) => c.id);
  if (shared.length > 0) out.push(`Warning: ${shared.length} texts also stand in a tuned set (${shared.join(', ')}).`, '');
  out.push('For docs/intake-eval.md:', ...docCells(report), '');
  if (options.showBlind) out.push(...missesOf(report));
  else out.push(`(${report.misses.length} misses; --show-blind lists them, for the record only: never tune on them)`);
  out.push('');
  return { text: out.join('\n'), ok: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { text, ok } = renderEval({ showBlind: process.argv.includes('--show-blind') });
  console.log(text);
  if (!ok) process.exitCode = 1;
}
