// How well the contact redaction works over tests/fixtures/contact-eval.json, apart for the tuned and
// the held-out cases. `npm run eval:contact` prints the figures and the misses of the tuned part (the
// held-out misses only with --show-held-out, so that tuning does not look at them); tests/unit/nlu/
// contact-eval.test.ts holds the bar.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findContacts, redactContact } from '../server/ai/nlu/contact.ts';

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
      else report.misses.push({ id: c.id, text: c.text, problem: `hidden: ${findContacts(c.text).map((f) => `${f.kind} ${JSON.stringify(f.value)}`).join(', ')}`, redacted });
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatContactReport(runContactEval(), { showHeldOut: process.argv.includes('--show-held-out') }));
}
