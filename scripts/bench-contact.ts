// How long the contact detector takes per text: `npm run bench:contact` redacts every description of the
// contact and intake sets in tests/fixtures (about 1,300 texts) for a number of rounds and prints the best and
// the median round per text, in CPU time. It runs for every feed card's teaser (docs/benchmarks.md). `--module <path>`
// times another copy of core/redaction/contact.ts (an older one, to compare in one process on this machine).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Redact = (text: string, lang?: 'de' | 'en') => string;

/** Every description in the contact and intake fixtures, the blind sets included. */
export function benchmarkTexts(): { text: string; lang: 'de' | 'en' }[] {
  const dir = fileURLToPath(new URL('../tests/fixtures/', import.meta.url));
  const out: { text: string; lang: 'de' | 'en' }[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.text === 'string' && (o.lang === 'de' || o.lang === 'en')) out.push({ text: o.text, lang: o.lang });
      else for (const x of Object.values(o)) walk(x);
    }
  };
  for (const f of readdirSync(dir)) if (/^(?:contact|intake)-eval.*\.json$/.test(f)) walk(JSON.parse(readFileSync(dir + f, 'utf8')));
  return out;
}

export function timeRedaction(redact: Redact, texts: { text: string; lang: 'de' | 'en' }[], rounds: number): { bestUs: number; medianUs: number } {
  for (const t of texts) redact(t.text, t.lang);
  const perText: number[] = [];
  // CPU time of this process rather than wall time: on a busy machine the wall clock also counts the time the
  // process waited for a core.
  for (let r = 0; r < rounds; r++) {
    const started = process.cpuUsage();
    for (const t of texts) redact(t.text, t.lang);
    const used = process.cpuUsage(started);
    perText.push((used.user + used.system) / texts.length);
  }
  perText.sort((a, b) => a - b);
  return { bestUs: perText[0]!, medianUs: perText[Math.floor(perText.length / 2)]! };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const flag = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const modules = [flag('--module'), fileURLToPath(new URL('../core/redaction/contact.ts', import.meta.url))].filter((m): m is string => Boolean(m));
  const rounds = Number(flag('--rounds') ?? 30);
  const texts = benchmarkTexts();
  const chars = texts.reduce((n, t) => n + t.text.length, 0);
  console.log(`${texts.length} texts, ${Math.round(chars / texts.length)} characters on average, ${rounds} rounds each, Node ${process.version}`);
  const loaded: [string, Redact][] = [];
  for (const m of modules) loaded.push([m, ((await import(pathToFileURL(resolve(m)).href)) as { redactContact: Redact }).redactContact]);
  // Alternate the modules round by round so that a busy machine weighs on both alike.
  const results = new Map<string, number[]>(loaded.map(([m]) => [m, []]));
  for (let r = 0; r < rounds; r++) for (const [m, redact] of loaded) results.get(m)!.push(timeRedaction(redact, texts, 1).bestUs);
  for (const [m, times] of results) {
    times.sort((a, b) => a - b);
    console.log(`${m}\n  best ${times[0]!.toFixed(1)} µs per text, median ${times[Math.floor(times.length / 2)]!.toFixed(1)} µs`);
  }
}
