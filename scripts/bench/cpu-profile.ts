// Where a Node process spent its CPU time, from a V8 .cpuprofile (node --cpu-prof): self time per area
// (package, or the app's own folder) and the heaviest functions, with the share of the sampled time.
//   node scripts/bench/cpu-profile.ts <file.cpuprofile> [--top=25]
// `npm run bench:mixed -- --profile` writes one per app instance and prints this summary for each.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  idleMs: number;
  byArea: { area: string; ms: number; share: number }[];
  topFunctions: { fn: string; area: string; ms: number; share: number }[];
}

/** The area a frame belongs to: an npm package, a folder of the app, node's own code, or V8's buckets. */
export function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + 14).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const m = /\/(server|src|dist|scripts|machines)\/(.*)$/.exec(url);
  if (m) {
    if (m[1] === 'dist') return 'dist (server render bundle)';
    const parts = m[2]!.split('/');
    return `${m[1]}/${parts.length > 1 ? parts[0] : parts[0]!.replace(/\.tsx?$/, '')}`;
  }
  return url;
}

export function summarizeProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const areas = new Map<string, number>();
  const fns = new Map<string, { area: string; us: number }>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    total += us;
    if (area === 'idle') {
      idle += us;
      continue;
    }
    areas.set(area, (areas.get(area) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|server|src|dist)\//, '$1/')}:${lineNumber + 1}` : ''}`.trim();
    const f = fns.get(key) ?? { area, us: 0 };
    f.us += us;
    fns.set(key, f);
  }
  const busy = total - idle;
  const share = (us: number) => (busy > 0 ? us / busy : 0);
  return {
    totalMs: total / 1000,
    idleMs: idle / 1000,
    byArea: [...areas].map(([area, us]) => ({ area, ms: us / 1000, share: share(us) })).sort((a, b) => b.ms - a.ms),
    topFunctions: [...fns]
      .map(([fn, f]) => ({ fn, area: f.area, ms: f.us / 1000, share: share(f.us) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

export function formatProfile(s: ProfileSummary, opts: { areas?: number; title?: string } = {}): string {
  const pct = (v: number) => `${(v * 100).toFixed(1).padStart(5)} %`;
  const busyMs = s.totalMs - s.idleMs;
  return [
    `${opts.title ?? 'CPU profile'}: ${(s.totalMs / 1000).toFixed(1)} s sampled, ${(busyMs / 1000).toFixed(1)} s busy (${pct(s.totalMs ? busyMs / s.totalMs : 0).trim()}); self time of the busy part:`,
    ...s.byArea.slice(0, opts.areas ?? 20).map((a) => `  ${pct(a.share)}  ${a.area}`),
    '  heaviest functions:',
    ...s.topFunctions.map((f) => `  ${pct(f.share)}  ${f.fn}`),
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '25' } }, allowPositionals: true });
  for (const file of positionals) {
    const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(values.top) || 25);
    console.log(formatProfile(summary, { title: file }));
  }
}
