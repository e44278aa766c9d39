import { performance } from 'node:perf_hooks';
import { trainModel } from '../server/ai/understanding/classifier.ts';
import { loadCorpus } from '../server/ai/understanding/corpus.ts';
const c = loadCorpus();
const lang = (process.argv[4] ?? 'de') as 'de' | 'en';
const ex = c.examples.filter((e) => e.lang === lang);
const test = ex.filter((_, i) => i % 5 === 2), train = ex.filter((_, i) => i % 5 !== 2);
const engine = (process.argv[2] ?? 'ensemble') as any;
const opts = JSON.parse(process.argv[3] ?? '{}');
let t0 = performance.now();
const m = trainModel(lang, train, { engine, ...opts });
const tt = performance.now() - t0;
let ok = 0, sumRaw = 0;
t0 = performance.now();
for (const e of test) { const [top] = m.classify(e.text); if (top!.intent === e.intent) ok++; sumRaw += top!.raw; }
const cpu = process.cpuUsage(); console.log('cpu', (cpu.user / 1e6).toFixed(1), 's'); console.log(engine, JSON.stringify(opts), lang, 'top1', (100 * ok / test.length).toFixed(1), 'meanTopP', (sumRaw / test.length).toFixed(2), 'train', (tt / 1000).toFixed(1), 's', 'cls', ((performance.now() - t0) / test.length).toFixed(2), 'ms');
