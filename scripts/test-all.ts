// npm test: the whole suite. Unit, graph and integration tests (vitest) on the embedded PGlite database;
// again the integration tests on PostgreSQL when DATABASE_URL is set; then browser tests (Playwright in
// Debian's Chromium) against the built app; then the fault-injection suite (scripts/faults, one test per
// invariant check) when DATABASE_URL is set or when asked (`npm test -- faults`). Ends with one line
// "N passed, N failed" summing every kind.
// Browser tests are required in CI (CI=true): a run without them fails. Locally, with no Chromium
// installed, they are reported as not run and the command says how to install it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-test-'));
const node = process.execPath;
const bin = (p: string) => path.join(root, 'node_modules', p);
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const only = (kind: string) => args.length === 0 || args.includes(kind);
const asked = (kind: string) => args.includes(kind);

interface Tally {
  name: string;
  passed: number;
  failed: number;
  ran: boolean;
  exit: number;
}
const tallies: Tally[] = [];

function run(
  name: string,
  cmd: string[],
  env: Record<string, string | undefined>,
  report: string,
  count: (json: unknown) => { passed: number; failed: number },
) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(node, ['--disable-warning=ExperimentalWarning', ...cmd], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let passed = 0;
  let failed = 0;
  let ran = false;
  if (fs.existsSync(report)) {
    ({ passed, failed } = count(JSON.parse(fs.readFileSync(report, 'utf8'))));
    ran = passed + failed > 0;
  }
  // A runner that crashed before reporting counts as one failure, so the summary never reads green.
  if (r.status !== 0 && failed === 0) failed = 1;
  tallies.push({ name, passed, failed, ran, exit: r.status ?? 1 });
}

const vitestCount = (j: unknown) => {
  const v = j as { numPassedTests: number; numFailedTests: number };
  return { passed: v.numPassedTests, failed: v.numFailedTests };
};
const playwrightCount = (j: unknown) => {
  const p = j as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: p.stats.expected + p.stats.flaky, failed: p.stats.unexpected };
};

const pgUrl = process.env.DATABASE_URL;
if (only('vitest')) {
  const report = path.join(out, 'vitest-pglite.json');
  run('unit, graph and integration tests (PGlite)', [bin('vitest/vitest.mjs'), 'run'], { DATABASE_URL: undefined, VITEST_JSON: report }, report, vitestCount);
  if (pgUrl) {
    const reportPg = path.join(out, 'vitest-postgres.json');
    run(
      'integration tests (PostgreSQL)',
      [bin('vitest/vitest.mjs'), 'run', 'tests/integration'],
      { DATABASE_URL: pgUrl, VITEST_JSON: reportPg },
      reportPg,
      vitestCount,
    );
  }
}

if (only('e2e')) {
  if (!fs.existsSync(chromium)) {
    console.log(`\n=== browser tests NOT RUN: no Chromium at ${chromium} (Debian: apt-get install -y chromium; or set CHROMIUM_PATH) ===`);
  } else {
    console.log('\n=== building the client ===');
    const build = spawnSync(node, [bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) tallies.push({ name: 'client build', passed: 0, failed: 1, ran: true, exit: build.status ?? 1 });
    else {
      const report = path.join(out, 'playwright.json');
      run('browser tests (Playwright, Chromium)', [bin('@playwright/test/cli.js'), 'test'], { PLAYWRIGHT_JSON: report }, report, playwrightCount);
    }
  }
}

// The fault suite needs PostgreSQL binaries (its own cluster); it runs with the PostgreSQL integration tests
// (DATABASE_URL set, as in CI) or when asked. Each invariant check counts as one test.
if (asked('faults') || (args.length === 0 && pgUrl)) {
  const report = path.join(out, 'faults.json');
  run(
    'fault-injection suite (PostgreSQL, SIGKILL, pg_terminate_backend, PostgreSQL stop)',
    [path.join(root, 'scripts/faults/run.ts')],
    { FAULTS_JSON: report },
    report,
    (j) => {
      const f = j as { passed: number; failed: number };
      return { passed: f.passed, failed: f.failed };
    },
  );
}

const passed = tallies.reduce((s, t) => s + t.passed, 0);
let failed = tallies.reduce((s, t) => s + t.failed, 0);
console.log('\n=== summary ===');
for (const t of tallies) console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed${t.ran ? '' : ' (no test ran)'}`);
const e2eRan = tallies.some((t) => t.name.startsWith('browser') && t.ran);
if (only('e2e') && !e2eRan && ci) {
  console.log('Browser tests did not run: CI requires them.');
  failed += 1;
}
const anyDidNotRun = tallies.some((t) => !t.ran);
fs.rmSync(out, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || (ci && anyDidNotRun) ? 1 : 0);
