// `npm run size`: the JavaScript each page loads first, gzip-compressed as the server sends it, from the
// Vite manifest: the entry chunk and its static imports, plus the page's own chunk and its static imports.
// Builds the client first when dist/ is missing or older than the sources. Reports; fails only on the budget
// of issue 12 (`/` ≤ 120 KB gzip, `/search` ≤ 200 KB gzip) when run with --check. See docs/benchmarks.md.
//   npm run size            table
//   npm run size -- --json  JSON
//   npm run size -- --check exit 1 when a budget is exceeded
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROUTE_PATHS } from '../core/pages/route-table.ts';

const { values: flags } = parseArgs({ options: { json: { type: 'boolean', default: false }, check: { type: 'boolean', default: false } } });
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

export const BUDGETS_KB: Record<string, number> = { '/': 120, '/search': 200 };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sourcesMtime = Math.max(
  newestMtime(path.join(root, 'src')),
  newestMtime(path.join(root, 'core')),
  newestMtime(path.join(root, 'machines')),
  fs.statSync(path.join(root, 'index.html')).mtimeMs,
  fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
);
if (!fs.existsSync(manifestFile) || fs.statSync(manifestFile).mtimeMs < sourcesMtime) {
  console.error('Building the client (dist/ is missing or older than its sources) …');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

/** The chunk and every chunk it imports statically (what the browser must load before it runs). */
function closure(key: string, out = new Set<string>()): Set<string> {
  if (out.has(key)) return out;
  out.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, out);
  return out;
}

// Which source module each route's page is: read from the router (src/app/routes.tsx), so the table
// follows the code; the landing page is in the entry chunk.
const routesSource = fs.readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8');
const pageModule = new Map<string, string>();
for (const m of routesSource.matchAll(/(\w+): page\(\(\) => import\('@\/([^']+)'\)/g)) pageModule.set(m[1]!, `src/${m[2]}.tsx`);

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function fileSize(file: string) {
  let s = sizes.get(file);
  if (!s) {
    const buf = fs.readFileSync(path.join(dist, file));
    s = {
      raw: buf.length,
      gzip: zlib.gzipSync(buf).length,
      brotli: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    };
    sizes.set(file, s);
  }
  return s;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const rows = (Object.keys(ROUTE_PATHS) as (keyof typeof ROUTE_PATHS)[]).map((name) => {
  const keys = closure(entryKey);
  const page = pageModule.get(name);
  if (page) {
    if (!manifest[page]) throw new Error(`${page} (route ${name}) is not in the Vite manifest`);
    closure(page, keys);
  }
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const total = files.reduce(
    (acc, f) => {
      const s = fileSize(f);
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
  const route = ROUTE_PATHS[name];
  const budget = BUDGETS_KB[route];
  return {
    route,
    chunks: files.length,
    rawKB: kb(total.raw),
    gzipKB: kb(total.gzip),
    brotliKB: kb(total.brotli),
    budgetKB: budget ?? null,
    withinBudget: budget === undefined ? null : total.gzip / 1024 <= budget,
  };
});

function kb(bytes: number) {
  return Math.round((bytes / 1024) * 10) / 10;
}

// Translations beyond the landing page's load on demand, one chunk per language (decision 027): not part of
// the first JavaScript above, but every page other than the landing page waits for its language's chunk.
const onDemand = [
  'src/i18n/lang-de.ts',
  'src/i18n/lang-en.ts',
  'core/i18n/locales/de/legal.json',
  'core/i18n/locales/en/legal.json',
  'core/i18n/locales/en/common.json',
  'core/i18n/locales/en/landing.json',
]
  .filter((k) => manifest[k])
  .map((k) => ({ module: k, gzipKB: kb(fileSize(manifest[k]!.file).gzip) }));

if (flags.json) console.log(JSON.stringify({ pages: rows, translationsOnDemand: onDemand }, null, 2));
else {
  console.log('Initial JavaScript per page (entry + page chunk + their static imports), KB\n');
  console.log(`${'route'.padEnd(26)}${'chunks'.padStart(7)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}  budget (gzip)`);
  for (const r of rows) {
    const budget = r.budgetKB === null ? '' : `≤ ${r.budgetKB} ${r.withinBudget ? 'ok' : 'EXCEEDED'}`;
    console.log(
      `${r.route.padEnd(26)}${String(r.chunks).padStart(7)}${r.rawKB.toFixed(1).padStart(9)}${r.gzipKB.toFixed(1).padStart(9)}${r.brotliKB.toFixed(1).padStart(9)}  ${budget}`,
    );
  }
  console.log('\nTranslations loaded on demand (gzip KB): ' + onDemand.map((o) => `${o.module} ${o.gzipKB.toFixed(1)}`).join(', '));
}
if (flags.check && rows.some((r) => r.withinBudget === false)) process.exit(1);
