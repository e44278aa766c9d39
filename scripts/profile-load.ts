// `npm run profile:load -- URL`: the long tasks of one page load in Debian's Chromium, each with the functions
// sampled in it (decision 057). Where the total blocking time of `npm run lighthouse` comes from.
//   npm run profile:load -- http://127.0.0.1:5173/search               tasks of 12 ms or more, CPU not slowed
//   npm run profile:load -- http://127.0.0.1:5173/search --rate=4 --min=50   a phone as Lighthouse slows it
// Lighthouse slows the CPU four times in its simulation, so a task of 12.5 ms here is a long one (50 ms) there.
// Function names come from the source maps when the client was built with them: `npx vite build --sourcemap true`.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { rate: { type: 'string', default: '1' }, min: { type: 'string', default: '12' }, width: { type: 'string', default: '390' } },
});
const url = positionals[0];
if (!url) {
  console.error('usage: npm run profile:load -- URL [--rate=1] [--min=12]');
  process.exit(2);
}
const dist = path.resolve(import.meta.dirname, '../dist/assets');

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number };
  };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(flags.width), height: 800 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(flags.rate) });
await browser.startTracing(page, {
  categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
});
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(3000);
const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
await browser.close();

const threadNames = new Map<string, string>();
for (const e of events) if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
const taskCounts = new Map<string, number>();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (e.name === 'RunTask' && threadNames.get(key) === 'CrRendererMain') taskCounts.set(key, (taskCounts.get(key) ?? 0) + 1);
}
const mainKey = [...taskCounts].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!mainKey) throw new Error('no main thread in the trace');
const [pid, tid] = mainKey.split(':').map(Number) as [number, number];
const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
const start = Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));

// The CPU profile's samples, from the trace's profile chunks.
const nodes = new Map<number, ProfileNode>();
const samples: [number, number][] = [];
let sampleTime = 0;
for (const e of events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk')).sort((a, b) => a.ts - b.ts)) {
  const data = e.args?.data;
  if (e.name === 'Profile') {
    sampleTime = data?.startTime ?? 0;
    continue;
  }
  for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const ids = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  ids.forEach((id, i) => {
    sampleTime += deltas[i] ?? 0;
    samples.push([sampleTime, id]);
  });
}

const maps = new Map<string, TraceMap | null>();
function label(n: ProfileNode): string {
  const { url: u = '', functionName, lineNumber, columnNumber } = n.callFrame;
  let source = u ? (u.split('/').pop() ?? u) : '';
  let name = functionName || '(anonymous)';
  if (u.includes('/assets/')) {
    const file = path.join(dist, `${u.split('/assets/')[1]}.map`);
    if (!maps.has(u)) maps.set(u, fs.existsSync(file) ? new TraceMap(fs.readFileSync(file, 'utf8')) : null);
    const map = maps.get(u);
    const pos = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    if (pos?.source) {
      source = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      name = pos.name ?? name;
    }
  }
  return source ? `${source} ${name}` : name;
}

const min = Number(flags.min);
const long = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= min * 1000).sort((a, b) => a.ts - b.ts);
const STEPS =
  /evaluateModule|EvaluateScript|FunctionCall|TimerFire|EventDispatch|UpdateLayoutTree|^Layout$|RunMicrotasks|ParseHTML|ParseAuthorStyleSheet|compileModule|FireAnimationFrame|GC$/;
for (const task of long) {
  const end = task.ts + (task.dur ?? 0);
  console.log(`\ntask at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms`);
  const steps = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 1500 && STEPS.test(e.name));
  for (const s of steps.slice(0, 8)) console.log(`  ${s.name} ${((s.dur ?? 0) / 1000).toFixed(1)} ms`);
  const inclusive = new Map<string, number>();
  let count = 0;
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts >= end) continue;
    count++;
    const seen = new Set<string>();
    for (let n = nodes.get(id); n; n = n.parent ? nodes.get(n.parent) : undefined) {
      const l = label(n);
      if (seen.has(l) || l === '(root)') continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + 1);
    }
  }
  const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 12);
  for (const [l, c] of top) console.log(`    ${String(Math.round((100 * c) / Math.max(count, 1))).padStart(3)} %  ${l}`);
}
console.log(`\n${long.length} tasks of ${min} ms or more (CPU slowed ${flags.rate}×)`);
