// How well the contact redaction works: `npm run eval:contact` prints the figures of the tuned and the held-out
// cases of tests/fixtures/contact-eval.json and the misses of the tuned part (the held-out misses only with
// --show-held-out, so that tuning does not look at them), then the figures of every blind set kept in
// tests/fixtures (their misses only with --show-blind). `npm run eval:contact -- --blind <file>` runs one new
// blind file alone, once, before it is kept. tests/unit/nlu/contact-eval.test.ts holds the bar.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { findContacts, redactContact } from '../core/redaction/contact.ts';

export interface ContactEvalCase {
  id: string;
  lang: 'de' | 'en';
  heldOut: boolean;
  text: string;
  /** Every piece of contact data in the text, as written; empty for a contact-free description. */
  contacts: string[];
}

export interface ContactEvalSet {
  description: string;
  cases: ContactEvalCase[];
}

export interface ContactEvalMiss {
  id: string;
  text: string;
  /** Contact data left (partly) visible, or for a contact-free text what was hidden anyway. */
  problem: string;
  redacted: string;
}

export interface SplitReport {
  contactCases: number;
  contactHidden: number;
  cleanCases: number;
  cleanUnchanged: number;
  misses: ContactEvalMiss[];
}

export interface ContactEvalReport {
  tuned: SplitReport;
  heldOut: SplitReport;
}

export function loadContactEvalSet(path = fileURLToPath(new URL('../tests/fixtures/contact-eval.json', import.meta.url))): ContactEvalSet {
  return JSON.parse(readFileSync(path, 'utf8')) as ContactEvalSet;
}

/** The labelled pieces some letter or digit of which the redaction leaves visible. */
export function visibleContacts(text: string, contacts: string[]): string[] {
  const spans = findContacts(text);
  const hidden = (i: number) => spans.some((s) => i >= s.start && i < s.end);
  return contacts.filter((c) => {
    for (let from = text.indexOf(c); from >= 0; from = text.indexOf(c, from + 1)) {
      for (let i = from; i < from + c.length; i++) if (/[\p{L}\p{N}]/u.test(text[i]!) && !hidden(i)) return true;
    }
    return false;
  });
}

function runSplit(cases: ContactEvalCase[]): SplitReport {
  const report: SplitReport = { contactCases: 0, contactHidden: 0, cleanCases: 0, cleanUnchanged: 0, misses: [] };
  for (const c of cases) {
    const redacted = redactContact(c.text, c.lang);
    if (c.contacts.length) {
      report.contactCases++;
      const visible = visibleContacts(c.text, c.contacts);
      if (visible.length === 0) report.contactHidden++;
      else report.misses.push({ id: c.id, text: c.text, problem: `visible: ${visible.map((v) => JSON.stringify(v)).join(', ')}`, redacted });
    } else {
      report.cleanCases++;
      if (redacted === c.text) report.cleanUnchanged++;
      else
        report.misses.push({
          id: c.id,
          text: c.text,
          problem: `hidden: ${findContacts(c.text)
            .map((f) => `${f.kind} ${JSON.stringify(f.value)}`)
            .join(', ')}`,
          redacted,
        });
    }
  }
  return report;
}

export function runContactEval(set: ContactEvalSet = loadContactEvalSet()): ContactEvalReport {
  return { tuned: runSplit(set.cases.filter((c) => !c.heldOut)), heldOut: runSplit(set.cases.filter((c) => c.heldOut)) };
}

const pct = (a: number, b: number) => `${a}/${b} = ${((a / Math.max(1, b)) * 100).toFixed(1)} %`;

export function formatContactReport(report: ContactEvalReport, opts: { showHeldOut?: boolean } = {}): string {
  const lines = ['Contact redaction (tests/fixtures/contact-eval.json)', '', 'part       contact data fully hidden     contact-free left unchanged'];
  for (const [name, r] of [
    ['tuned', report.tuned],
    ['held out', report.heldOut],
  ] as const) {
    lines.push(`${name.padEnd(10)} ${pct(r.contactHidden, r.contactCases).padEnd(28)} ${pct(r.cleanUnchanged, r.cleanCases)}`);
  }
  const show = (title: string, misses: ContactEvalMiss[]) => {
    lines.push('', misses.length ? `${title} (${misses.length}):` : `${title}: none.`);
    for (const m of misses) lines.push(`  ${m.id} ${m.problem}`, `      "${m.text}"`, `   -> "${m.redacted}"`);
  };
  show('Misses, tuned part', report.tuned.misses);
  if (opts.showHeldOut) show('Misses, held-out part', report.heldOut.misses);
  else lines.push('', `Held-out misses not shown (${report.heldOut.misses.length}); --show-held-out prints them.`);
  return lines.join('\n');
}

// Blind sets: written by someone who never saw the detector, its tests or the sets above, and run once
// before anything was tuned on them. Their first-run figures are in docs/intake-eval.md. Their misses are
// printed only with --show-blind, for the record: whoever tunes the detector must not read them.
const BlindItemSchema = z.object({ id: z.string().min(1), lang: z.enum(['de', 'en']), text: z.string().min(1) });
const BlindEvalSetSchema = z.object({
  about: z.string().default(''),
  contact: z.array(BlindItemSchema.extend({ remove: z.array(z.string().min(1)).min(1) })),
  clean: z.array(BlindItemSchema),
});
export type BlindEvalSet = z.infer<typeof BlindEvalSetSchema>;

const fixture = (file: string) => fileURLToPath(new URL(`../tests/fixtures/${file}`, import.meta.url));

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Checks a blind set of the format of contact-eval-blind.json; an error names the item and the field. */
export function parseBlindEvalSet(json: unknown, source: string): BlindEvalSet {
  const parsed = BlindEvalSetSchema.safeParse(json);
  if (!parsed.success) {
    const items = (json as { contact?: { id?: unknown }[]; clean?: { id?: unknown }[] } | null) ?? {};
    const where = parsed.error.issues.slice(0, 5).map((i) => {
      const [list, index, ...rest] = i.path;
      const id = (list === 'contact' || list === 'clean') && typeof index === 'number' ? items[list]?.[index]?.id : undefined;
      return `${id !== undefined ? `item ${String(id)}` : i.path.slice(0, 2).join('.')}${rest.length ? `.${rest.join('.')}` : ''}: ${i.message}`;
    });
    throw new Error(`${source} is not a contact blind set: ${where.join('; ')}`);
  }
  const set = parsed.data;
  for (const c of set.contact)
    for (const piece of c.remove) if (!c.text.includes(piece)) throw new Error(`${source}: item ${c.id}: ${JSON.stringify(piece)} is not in its text`);
  const ids = [...set.contact, ...set.clean].map((c) => c.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`${source}: item ${twice} is there twice`);
  return set;
}

export function loadBlindEvalSet(path = fixture('contact-eval-blind.json')): BlindEvalSet {
  return parseBlindEvalSet(readJson(path), path);
}

/**
 * The second blind set (tests/fixtures/contact-eval-blind2.json, items with the pieces to remove in `contacts`),
 * written by someone who never saw the detector or the sets above, and first run after the fixes to the first
 * blind set's misses.
 */
export function loadBlind2EvalSet(path = fixture('contact-eval-blind2.json')): BlindEvalSet {
  const raw = readJson(path) as { items: { id: string; lang: 'de' | 'en'; text: string; contacts: string[] }[] };
  return parseBlindEvalSet(
    {
      about: 'second blind held-out set',
      contact: raw.items.filter((i) => i.contacts.length > 0).map((i) => ({ id: i.id, lang: i.lang, text: i.text, remove: i.contacts })),
      clean: raw.items.filter((i) => i.contacts.length === 0).map((i) => ({ id: i.id, lang: i.lang, text: i.text })),
    },
    path,
  );
}

/** The blind sets kept in tests/fixtures, oldest first; each was run once blind and is named by its date. */
export const BLIND_SETS: { title: string; file: string; load: (path: string) => BlindEvalSet }[] = [
  { title: 'blind 2026-11-24 (first)', file: 'contact-eval-blind.json', load: loadBlindEvalSet },
  { title: 'blind 2026-11-24 (second)', file: 'contact-eval-blind2.json', load: loadBlind2EvalSet },
  { title: 'blind 2026-11-28c', file: 'contact-eval-blind-2026-11-28c.json', load: loadBlindEvalSet },
];

const asciiDigits = (s: string) => s.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));

/** Runs of 4 consecutive digits of `label` that the redacted text shows more often than the text without the label. */
function leftDigitRuns(text: string, label: string, redacted: string): string[] {
  const digits = asciiDigits(label).replace(/\D/g, '');
  const count = (hay: string, run: string) => (asciiDigits(hay).match(new RegExp(run.split('').join('[\\s./()\\-–]*'), 'g')) ?? []).length;
  const without = text.split(label).join(' ');
  const runs = new Set<string>();
  for (let i = 0; i + 4 <= digits.length; i++) {
    const run = digits.slice(i, i + 4);
    if (count(redacted, run) > count(without, run)) runs.add(run);
  }
  return [...runs];
}

/**
 * A contact description passes when every labelled piece is gone from the redacted text and no run of 4+
 * of its digits is left. `strict` also counts a miss when any letter or digit of a piece lies outside
 * what findContacts marks (the rule of the set above).
 */
export function runBlindEval(set: BlindEvalSet = loadBlindEvalSet()): SplitReport & { strictHidden: number } {
  const report: SplitReport & { strictHidden: number } = { contactCases: 0, contactHidden: 0, strictHidden: 0, cleanCases: 0, cleanUnchanged: 0, misses: [] };
  for (const c of set.contact) {
    const redacted = redactContact(c.text, c.lang);
    report.contactCases++;
    const problems: string[] = [];
    for (const label of c.remove) {
      if (redacted.includes(label)) problems.push(`visible: ${JSON.stringify(label)}`);
      else {
        const runs = leftDigitRuns(c.text, label, redacted);
        if (runs.length) problems.push(`digits of ${JSON.stringify(label)} left: ${runs.join(', ')}`);
      }
    }
    const strictVisible = visibleContacts(c.text, c.remove);
    if (strictVisible.length === 0) report.strictHidden++;
    if (problems.length === 0) report.contactHidden++;
    if (problems.length || strictVisible.length)
      report.misses.push({
        id: c.id,
        text: c.text,
        problem: problems.length ? problems.join('; ') : `strict only: partly visible ${strictVisible.map((v) => JSON.stringify(v)).join(', ')}`,
        redacted,
      });
  }
  for (const c of set.clean) {
    const redacted = redactContact(c.text, c.lang);
    report.cleanCases++;
    if (redacted === c.text) report.cleanUnchanged++;
    else
      report.misses.push({
        id: c.id,
        text: c.text,
        problem: `hidden: ${findContacts(c.text)
          .map((f) => `${f.kind} ${JSON.stringify(f.value)}`)
          .join(', ')}`,
        redacted,
      });
  }
  return report;
}

export function formatBlindReport(r: ReturnType<typeof runBlindEval>, title: string, opts: { showMisses?: boolean } = {}): string {
  const lines = [
    title,
    `  contact data removed (no 4+ digit run left)  ${pct(r.contactHidden, r.contactCases)}`,
    `  strict: every letter/digit inside a match    ${pct(r.strictHidden, r.contactCases)}`,
    `  contact-free left unchanged                  ${pct(r.cleanUnchanged, r.cleanCases)}`,
  ];
  if (!opts.showMisses) lines.push(`  (${r.misses.length} misses not shown; --show-blind lists them, for the record only: never tune on them)`);
  else {
    lines.push('', r.misses.length ? `Misses, blind set (${r.misses.length}):` : 'Misses, blind set: none.');
    for (const m of r.misses) lines.push(`  ${m.id} ${m.problem}`, `      "${m.text}"`, `   -> "${m.redacted}"`);
  }
  return lines.join('\n');
}

/**
 * Everything `npm run eval:contact` prints. Without `blindPath`: the tuned and held-out parts, then every blind
 * set kept in tests/fixtures. With it: only that blind file (run once, when it comes, before it is kept).
 */
export function renderContactEval(opts: { blindPath?: string; showHeldOut?: boolean; showBlind?: boolean } = {}): { text: string; ok: boolean } {
  const out: string[] = [];
  const blind: [string, string, (path: string) => BlindEvalSet][] = opts.blindPath
    ? [[`blind ${opts.blindPath}`, opts.blindPath, loadBlindEvalSet]]
    : BLIND_SETS.map((b) => [b.title, fixture(b.file), b.load]);
  if (!opts.blindPath) out.push(formatContactReport(runContactEval(), { showHeldOut: opts.showHeldOut }), '');
  for (const [title, path, load] of blind) {
    const heading = `Contact redaction, ${title} (${path.split('/').slice(-3).join('/')})`;
    if (!existsSync(path)) {
      out.push(heading, '  not there: nothing to report.', '');
      if (opts.blindPath) return { text: out.join('\n'), ok: false };
      continue;
    }
    let set: BlindEvalSet;
    try {
      set = load(path);
    } catch (error) {
      out.push(heading, `  could not read it: ${(error as Error).message}`, '');
      return { text: out.join('\n'), ok: false };
    }
    out.push(formatBlindReport(runBlindEval(set), heading, { showMisses: opts.showBlind }));
    out.push(`  ${set.contact.length} with contact data (${countLangs(set.contact)}), ${set.clean.length} without (${countLangs(set.clean)})`, '');
  }
  return { text: out.join('\n'), ok: true };
}

const countLangs = (items: { lang: 'de' | 'en' }[]) => `${items.filter((i) => i.lang === 'de').length} de, ${items.filter((i) => i.lang === 'en').length} en`;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--blind');
  const blindPath = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !blindPath) {
    console.error('--blind needs the path of a blind set');
    process.exit(2);
  }
  const { text, ok } = renderContactEval({ blindPath, showHeldOut: args.includes('--show-held-out'), showBlind: args.includes('--show-blind') });
  console.log(text);
  if (!ok) process.exitCode = 1;
}
