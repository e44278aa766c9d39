import { loadCorpus } from './server/ai/understanding/corpus.ts';
import { featuresOf } from './server/ai/understanding/features.ts';
import { NeuralNetwork } from '@nlpjs/neural';
const c = loadCorpus();
const lang = 'de';
const ex = c.examples.filter((e) => e.lang === lang);
const train = ex.filter((_, i) => i % 5 !== 0);
const test = ex.filter((_, i) => i % 5 === 0);
const cfgs = JSON.parse(process.argv[2]!);
for (const [nn, fo] of cfgs) {
  const t1 = Date.now();
  const net = new NeuralNetwork(nn);
  const st = net.train(train.map((e) => ({ input: featuresOf(e.text, lang, fo), output: { [e.intent]: 1 } })));
  let ok = 0;
  for (const e of test) { const o = net.run(featuresOf(e.text, lang, fo))!; const best = Object.entries(o).sort((a,b)=>b[1]-a[1])[0]![0]; if (best === e.intent) ok++; }
  console.log(JSON.stringify(nn), JSON.stringify(fo), 'acc', (ok/test.length*100).toFixed(1), 'ms', Date.now()-t1, 'iters', st.iterations);
}
