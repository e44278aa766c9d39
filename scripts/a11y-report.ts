// The accessibility figures of a run of tests/e2e/a11y-screens.spec.ts (A11Y_REPORT=<file>): screens checked per
// language and width, and axe's findings by rule (impact, screens affected, elements). Printed as Markdown for
// docs/accessibility.md.  node scripts/a11y-report.ts <file.jsonl>
import fs from 'node:fs';

interface Finding {
  screen: string;
  lang: string;
  width: number;
  violations: { id: string; impact: string; nodes: number }[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: node scripts/a11y-report.ts <file.jsonl>');
const findings = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Finding);

const runs = new Map<string, number>();
for (const f of findings) runs.set(`${f.lang} ${f.width} px`, (runs.get(`${f.lang} ${f.width} px`) ?? 0) + 1);
const distinct = new Set(findings.map((f) => f.screen)).size;
console.log(`Screens checked: ${findings.length} (${distinct} distinct screens; ${[...runs].map(([k, n]) => `${k}: ${n}`).join(', ')})\n`);

const rules = new Map<string, { impact: string; screens: Set<string>; checks: number; nodes: number }>();
for (const f of findings) {
  for (const v of f.violations) {
    const r = rules.get(v.id) ?? { impact: v.impact, screens: new Set<string>(), checks: 0, nodes: 0 };
    r.screens.add(f.screen);
    r.checks++;
    r.nodes += v.nodes;
    rules.set(v.id, r);
  }
}
const clean = findings.filter((f) => f.violations.length === 0).length;
console.log(`Checks without any finding: ${clean} of ${findings.length}\n`);
console.log('| Rule | Impact | Distinct screens | Checks (screen × language × width) | Elements |');
console.log('|---|---|---|---|---|');
const order = ['critical', 'serious', 'moderate', 'minor', 'unknown'];
for (const [id, r] of [...rules].sort((a, b) => order.indexOf(a[1].impact) - order.indexOf(b[1].impact) || b[1].checks - a[1].checks)) {
  console.log(`| ${id} | ${r.impact} | ${r.screens.size} | ${r.checks} | ${r.nodes} |`);
}
if (rules.size === 0) console.log('| (none) | | 0 | 0 | 0 |');
console.log('\nScreens per rule:');
for (const [id, r] of rules) console.log(`- ${id}: ${[...r.screens].sort().join('; ')}`);
