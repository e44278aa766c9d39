// Where an HTTP request's CPU time goes, by stage: each sample of a V8 .cpuprofile is given to the innermost
// frame on its stack that belongs to a stage (body parsing, the session check, the domain, Prisma, JSON, …),
// so a native call (a socket write, JSON.stringify) counts for the stage that made it. `npm run profile:http`
// prints this split for the feed and the unlock (docs/benchmarks.md).
import type { CpuProfile } from './cpu-profile.ts';

interface Rule {
  stage: string;
  test: (url: string, fn: string) => boolean;
}

const inUrl =
  (...parts: string[]) =>
  (url: string) =>
    parts.some((p) => url.includes(p));

/** First rule that matches a frame names its stage; order matters only where a frame could match two. */
const RULES: Rule[] = [
  // The profiler's own session (it runs in the app's process while it measures): not the app's work.
  { stage: 'profiler', test: (u) => u.startsWith('node:inspector') },
  { stage: 'compression', test: (u) => inUrl('/node_modules/compression/', 'node:zlib')(u) },
  { stage: 'body parsing', test: (u) => inUrl('/body-parser/', '/raw-body/', '/iconv-lite/', '/type-is/', '/content-type/', '/media-typer/')(u) },
  { stage: 'logging', test: (u, f) => inUrl('/pino/', '/pino-std-serializers/', '/sonic-boom/', '/thread-stream/')(u) || f === 'requestLogger' },
  { stage: 'security headers (helmet)', test: (u) => u.includes('/helmet/') },
  { stage: 'rate limits', test: (u) => inUrl('/express-rate-limit/', 'server/db/rate-limit-store')(u) },
  { stage: 'session check', test: (u) => inUrl('/server/auth/', '/better-auth/', '/better-call/', '/@better-auth/', '/jose/', '/node_modules/cookie/')(u) },
  {
    stage: 'JSON answer',
    test: (u, f) => f === 'stringify' || f === 'JSON.stringify' || (u.includes('/express/lib/response.js') && (f === 'json' || f === 'stringify')),
  },
  { stage: 'zod (input and output checks)', test: (u) => u.includes('/node_modules/zod/') },
  { stage: 'Prisma client', test: (u) => inUrl('/@prisma/', '/server/generated/prisma/')(u) },
  { stage: 'pg driver', test: (u) => inUrl('/node_modules/pg/', '/pg-protocol/', '/pg-types/', '/pg-pool/', '/postgres-')(u) },
  { stage: 'event bus', test: (u) => u.includes('/server/realtime/') },
  { stage: 'domain (server/domain)', test: (u) => u.includes('/server/domain/') },
  { stage: 'route door (server/http)', test: (u) => u.includes('/server/http/') },
  {
    stage: 'Express and its router',
    test: (u) => inUrl('/node_modules/express/', '/node_modules/router/', '/finalhandler/', '/send/', '/path-to-regexp/', '/qs/', '/parseurl/')(u),
  },
  {
    stage: 'Node HTTP (parse, write)',
    test: (u) => inUrl('node:_http', 'node:http', 'node:net', 'node:stream', 'node:internal/streams', 'node:internal/http')(u),
  },
];

function stageOf(url: string, fn: string): string | null {
  for (const r of RULES) if (r.test(url, fn)) return r.stage;
  return null;
}

export interface StageSplit {
  busyMs: number;
  stages: { stage: string; ms: number; share: number }[];
}

export function splitByStage(profile: CpuProfile): StageSplit {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, string>();
  const stageOfNode = (id: number): string => {
    const known = memo.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const { url, functionName } = node.callFrame;
    let stage: string;
    if (!url && functionName === '(garbage collector)') stage = 'garbage collection';
    else if (!url && functionName === '(idle)') stage = 'idle';
    else if (!url && functionName === '(program)') stage = 'V8 and native (program)';
    else {
      const own = stageOf(url, functionName);
      const up = parent.get(id);
      stage = own ?? (up === undefined ? 'other' : stageOfNode(up));
    }
    memo.set(id, stage);
    return stage;
  };
  const us = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const s = stageOfNode(profile.samples[i]!);
    us.set(s, (us.get(s) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  us.delete('idle');
  us.delete('profiler');
  const busy = [...us.values()].reduce((a, b) => a + b, 0);
  return {
    busyMs: busy / 1000,
    stages: [...us].map(([stage, v]) => ({ stage, ms: v / 1000, share: busy ? v / busy : 0 })).sort((a, b) => b.ms - a.ms),
  };
}
