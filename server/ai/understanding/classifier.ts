// The intent classifier: one model per language, trained from the intent corpus (server/chat/intents) on
// the features of features.ts. The chat's engine is an ensemble of two maintained libraries: wink's
// averaged perceptron (wink-perceptron, a linear model that weighs every feature against every other) and
// wink's naive Bayes (wink-naive-bayes-text-classifier, which stays sensible on the rare words a perceptron
// has seen once); decision 069 compares it with NLP.js's neural network and either library alone, on the
// same folds (npm run eval:chat -- --compare). Training is deterministic: the examples come in the corpus's
// order and nothing is shuffled. A model scores only the intents it is asked about: the caller passes those
// of the tools this person may use in this state, so the model never widens what anyone may do.
import { createRequire } from 'node:module';
import { NeuralNetwork, type NeuralJson } from '@nlpjs/neural';
import type { Lang } from '../../i18n.ts';
import { FeatureSpace, foldText, lexiconText, parseLexicon, type FeatureOptions, type Lexicons } from './features.ts';

export interface IntentScore {
  intent: string;
  /** Share of the allowed intents' evidence (sums to 1 over the allowed ones). */
  score: number;
  /** How much the message looks like this intent's examples (0 to 1): its probability among the allowed intents. */
  raw: number;
}

export interface IntentModel {
  readonly lang: Lang;
  readonly intents: readonly string[];
  /** The allowed intents, best first (all intents the model knows when `allowed` is left out). */
  classify(text: string, allowed?: readonly string[]): IntentScore[];
}

export interface TrainingExample {
  intent: string;
  text: string;
}

export const ENGINES = ['softmax', 'ensemble', 'nb', 'perceptron', 'bayes', 'nlpjs'] as const;
export type Engine = (typeof ENGINES)[number];

export interface TrainOptions {
  engine?: Engine;
  features?: FeatureOptions;
  /** The concept lexicon's text (default: server/chat/concepts.yaml); null: no lexicon. */
  lexicon?: string | null;
  /** Passes over the examples (perceptron) or epochs at most (NLP.js). */
  iterations?: number;
  /** NLP.js's learning rate. */
  learningRate?: number;
  /** Softmax temperature of the perceptron's scores. */
  temperature?: number;
  /** Weight of the perceptron in the ensemble (the rest is naive Bayes). */
  mix?: number;
  /** L2 penalty of the softmax regression. */
  l2?: number;
  /** Naive Bayes's add-α smoothing. */
  alpha?: number;
  /** Features seen in fewer training examples than this are left out (0/1: none). */
  minCount?: number;
}

const require = createRequire(import.meta.url);

/** Probabilities per intent (summing to 1 over all intents) → the ranking of the allowed ones. */
function rank(probs: Record<string, number>, allowed: readonly string[] | undefined): IntentScore[] {
  const names = (allowed ?? Object.keys(probs)).filter((n) => n in probs);
  const total = names.reduce((s, n) => s + probs[n]!, 0);
  return names
    .map((intent) => {
      const score = total > 0 ? probs[intent]! / total : 1 / names.length;
      // One model serves every role: an intent of another role ('what's new' is a provider's news and an
      // admin's activity) takes probability from this role's twin. So the evidence an intent has is read
      // among the intents this person may use: raw is its share there, and 'nothing fits' is no intent
      // with a fair share of it.
      return { intent, raw: allowed ? score : probs[intent]!, score };
    })
    .sort((a, b) => b.score - a.score || a.intent.localeCompare(b.intent));
}

function softmax(scores: Record<string, number>, temperature: number): Record<string, number> {
  const max = Math.max(...Object.values(scores));
  const out: Record<string, number> = {};
  let sum = 0;
  for (const [k, v] of Object.entries(scores)) {
    out[k] = Math.exp((v - max) / temperature);
    sum += out[k]!;
  }
  for (const k of Object.keys(out)) out[k]! /= sum;
  return out;
}

/** Keeps the features seen in at least `min` training examples (a word seen once is mostly noise). */
function pruner(inputs: readonly Record<string, number>[], min: number): (f: Record<string, number>) => Record<string, number> {
  if (min <= 1) return (f) => f;
  const counts = new Map<string, number>();
  for (const f of inputs) for (const k of Object.keys(f)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return (f) => {
    const out: Record<string, number> = Object.create(null);
    for (const [k, v] of Object.entries(f)) if ((counts.get(k) ?? 0) >= min) out[k] = v;
    return out;
  };
}

// ----- the engines -----

interface Scorer {
  /** Probabilities over all intents the engine knows. */
  probs(features: Record<string, number>): Record<string, number>;
  json(): unknown;
}

/** wink-perceptron: a multi-class averaged perceptron; its linear scores become probabilities by a softmax. */
function perceptronScorer(weights: Record<string, Record<string, number>>, biases: Record<string, number>, temperature: number): Scorer {
  const intents = Object.keys(biases).sort();
  return {
    probs(features) {
      const scores: Record<string, number> = {};
      for (const c of intents) scores[c] = biases[c] ?? 0;
      for (const [f, v] of Object.entries(features)) {
        const w = weights[f];
        if (!w) continue;
        for (const c in w) scores[c] = (scores[c] ?? 0) + v * w[c]!;
      }
      return softmax(scores, temperature);
    },
    json: () => ({ weights, biases, temperature }),
  };
}

function trainPerceptron(inputs: readonly Record<string, number>[], labels: readonly string[], opts: TrainOptions): Scorer {
  const winkPerceptron = require('wink-perceptron') as () => {
    defineConfig(c: { shuffleData?: boolean; maxIterations?: number }): void;
    learn(examples: [Record<string, number>, { label: string }][]): number;
    exportJSON(): string;
  };
  const p = winkPerceptron();
  p.defineConfig({ shuffleData: false, maxIterations: opts.iterations ?? 12 });
  p.learn(inputs.map((f, i) => [f, { label: labels[i]! }]));
  const [weights, biases] = JSON.parse(p.exportJSON()) as [Record<string, Record<string, number>>, Record<string, number>];
  return perceptronScorer(weights, biases, opts.temperature ?? 1.5);
}

/** wink-naive-bayes-text-classifier over the features' names (presence only). */
function trainBayesScorer(inputs: readonly Record<string, number>[], labels: readonly string[]): Scorer {
  const winkNB = require('wink-naive-bayes-text-classifier') as typeof import('wink-naive-bayes-text-classifier').default;
  const nb = winkNB();
  nb.definePrepTasks([(x) => x]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  inputs.forEach((f, i) => nb.learn(Object.keys(f), labels[i]!));
  nb.consolidate();
  return {
    probs(features) {
      // computeOdds gives the log odds of each label; a softmax of them is the posterior.
      const odds = nb.computeOdds(Object.keys(features));
      const scores: Record<string, number> = {};
      for (const [label, o] of odds) scores[label] = o;
      return softmax(scores, 1);
    },
    json: () => JSON.parse(nb.exportJSON()) as unknown,
  };
}

function bayesFromJson(json: unknown): Scorer {
  const winkNB = require('wink-naive-bayes-text-classifier') as typeof import('wink-naive-bayes-text-classifier').default;
  const nb = winkNB();
  nb.definePrepTasks([(x) => x]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  nb.importJSON(JSON.stringify(json));
  nb.consolidate();
  return {
    probs(features) {
      const scores: Record<string, number> = {};
      for (const [label, o] of nb.computeOdds(Object.keys(features))) scores[label] = o;
      return softmax(scores, 1);
    },
    json: () => json,
  };
}

/** NLP.js's neural network: one perceptron per intent, outputs 0 to about 1. */
function neuralScorer(net: NeuralNetwork): Scorer {
  return {
    probs(features) {
      const out = net.run(features) ?? {};
      // Squared outputs, normalised: the share each intent has of the evidence.
      const total = Object.values(out).reduce((s, x) => s + Math.max(0, x) ** 2, 0);
      const probs: Record<string, number> = {};
      for (const [k, v] of Object.entries(out)) probs[k] = total > 0 ? Math.max(0, v) ** 2 / total : 0;
      return probs;
    },
    json: () => net.toJSON(),
  };
}

function trainNeural(inputs: readonly Record<string, number>[], labels: readonly string[], opts: TrainOptions): Scorer {
  const net = new NeuralNetwork({
    iterations: opts.iterations ?? 400,
    errorThresh: 0.00005,
    deltaErrorThresh: 0.000001,
    learningRate: opts.learningRate ?? 0.6,
    momentum: 0.5,
    alpha: 0.07,
  });
  net.train(inputs.map((input, i) => ({ input, output: { [labels[i]!]: 1 } })));
  return neuralScorer(net);
}

// ----- sparse linear engines (written here: the libraries above train or classify too slowly at this size,
// decision 069 has the figures) -----

/** Feature names → column numbers, fixed at training. */
function indexOf(inputs: readonly Record<string, number>[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const f of inputs) for (const k of Object.keys(f)) if (!index.has(k)) index.set(k, index.size);
  return index;
}

/** The example's features as (column, value) pairs, scaled to unit length. */
function sparse(f: Record<string, number>, index: ReadonlyMap<string, number>): { cols: number[]; vals: number[] } {
  const cols: number[] = [];
  const vals: number[] = [];
  let norm = 0;
  for (const k in f) {
    const c = index.get(k);
    if (c === undefined) continue;
    cols.push(c);
    vals.push(f[k]!);
    norm += f[k]! ** 2;
  }
  const n = Math.sqrt(norm) || 1;
  for (let i = 0; i < vals.length; i++) vals[i]! /= n;
  return { cols, vals };
}

interface LinearJson {
  kind: 'softmax' | 'nb';
  intents: string[];
  features: string[];
  /** Row-major weights: features × intents, then the intents' biases. */
  weights: number[];
  temperature: number;
}

function linearScorer(json: Omit<LinearJson, 'weights'> & { weights: ArrayLike<number> }): Scorer {
  const k = json.intents.length;
  const index = new Map(json.features.map((f, i) => [f, i]));
  const w = json.weights instanceof Float64Array ? json.weights : Float64Array.from(json.weights);
  const biasAt = json.features.length * k;
  return {
    probs(features) {
      const z = new Float64Array(k);
      for (let c = 0; c < k; c++) z[c] = w[biasAt + c]!;
      if (json.kind === 'softmax') {
        const { cols, vals } = sparse(features, index);
        for (let i = 0; i < cols.length; i++) {
          const row = cols[i]! * k;
          const v = vals[i]!;
          for (let c = 0; c < k; c++) z[c]! += v * w[row + c]!;
        }
      } else {
        for (const f in features) {
          const col = index.get(f);
          if (col === undefined) continue;
          const row = col * k;
          for (let c = 0; c < k; c++) z[c]! += w[row + c]!;
        }
      }
      let max = -Infinity;
      for (let c = 0; c < k; c++) max = Math.max(max, z[c]! / json.temperature);
      let sum = 0;
      const out: Record<string, number> = {};
      for (let c = 0; c < k; c++) {
        const e = Math.exp(z[c]! / json.temperature - max);
        out[json.intents[c]!] = e;
        sum += e;
      }
      for (const key in out) out[key]! /= sum;
      return out;
    },
    // Saved rounded to five decimals (the cache file stays small; the ranking does not change).
    json: (): LinearJson => ({ ...json, weights: Array.from(w, (x) => Math.round(x * 1e5) / 1e5) }),
  };
}

/**
 * Multinomial logistic regression by stochastic gradient descent: fixed epochs, a learning rate that
 * decays, the examples in a fixed interleaved order (no randomness: same corpus, same weights).
 */
function trainSoftmax(inputs: readonly Record<string, number>[], labels: readonly string[], opts: TrainOptions): Scorer {
  const intents = [...new Set(labels)].sort();
  const k = intents.length;
  const index = indexOf(inputs);
  const nf = index.size;
  const w = new Float64Array(nf * k + k);
  const xs = inputs.map((f) => sparse(f, index));
  const ys = labels.map((l) => intents.indexOf(l));
  const epochs = opts.iterations ?? 25;
  const lr0 = opts.learningRate ?? 4;
  const l2 = opts.l2 ?? 1e-5;
  // A fixed order that mixes the intents (the corpus lists them one after the other).
  const order = xs.map((_, i) => i).sort((a, b) => (((a * 2654435761) >>> 0) % 1000003) - (((b * 2654435761) >>> 0) % 1000003) || a - b);
  const z = new Float64Array(k);
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (const i of order) {
      const lr = lr0 / (1 + 0.0005 * step++);
      const { cols, vals } = xs[i]!;
      for (let c = 0; c < k; c++) z[c] = w[nf * k + c]!;
      for (let j = 0; j < cols.length; j++) {
        const row = cols[j]! * k;
        for (let c = 0; c < k; c++) z[c]! += vals[j]! * w[row + c]!;
      }
      let max = -Infinity;
      for (let c = 0; c < k; c++) max = Math.max(max, z[c]!);
      let sum = 0;
      for (let c = 0; c < k; c++) {
        z[c] = Math.exp(z[c]! - max);
        sum += z[c]!;
      }
      for (let c = 0; c < k; c++) {
        const g = z[c]! / sum - (c === ys[i] ? 1 : 0);
        z[c] = g;
        w[nf * k + c]! -= lr * g;
      }
      for (let j = 0; j < cols.length; j++) {
        const row = cols[j]! * k;
        const v = vals[j]!;
        for (let c = 0; c < k; c++) w[row + c]! -= lr * (z[c]! * v + l2 * w[row + c]!);
      }
    }
  }
  return linearScorer({ kind: 'softmax', intents, features: [...index.keys()], weights: w, temperature: 1 });
}

/** Naive Bayes over the features' presence (multinomial counts, add-α smoothing), tempered. */
function trainNaiveBayes(inputs: readonly Record<string, number>[], labels: readonly string[], opts: TrainOptions): Scorer {
  const intents = [...new Set(labels)].sort();
  const k = intents.length;
  const index = indexOf(inputs);
  const nf = index.size;
  const counts = new Float64Array(nf * k);
  const totals = new Float64Array(k);
  const docs = new Float64Array(k);
  inputs.forEach((f, i) => {
    const c = intents.indexOf(labels[i]!);
    docs[c]!++;
    for (const key in f) {
      counts[index.get(key)! * k + c]!++;
      totals[c]!++;
    }
  });
  const alpha = opts.alpha ?? 0.3;
  const w = new Float64Array(nf * k + k);
  for (let c = 0; c < k; c++) {
    const denom = Math.log(totals[c]! + alpha * nf);
    for (let f = 0; f < nf; f++) w[f * k + c] = Math.log(counts[f * k + c]! + alpha) - denom;
    w[nf * k + c] = Math.log(docs[c]! / inputs.length);
  }
  return linearScorer({ kind: 'nb', intents, features: [...index.keys()], weights: w, temperature: opts.temperature ?? 4 });
}

// ----- the model -----

/** What a saved model holds: enough to classify exactly as after training, without training again. */
export interface SavedModel {
  engine: Engine;
  lang: Lang;
  intents: string[];
  vocabulary: string[];
  features: FeatureOptions;
  /** Features kept after pruning (absent: all). */
  kept?: string[];
  mix: number;
  /** Examples of the corpus by their folded text → their one intent (a text the corpus gives two intents is left out). */
  exact?: Record<string, string>;
  scorers: unknown[];
}

/** The text of an example as the exact memory keys it: folded, without punctuation or extra spaces. */
function exactKey(text: string, lang: Lang): string {
  return foldText(text, lang)
    .replace(/[^\p{L}\p{N}#@ ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The exact memory: each folded example text with the one intent the corpus gives it. */
function exactMemory(lang: Lang, examples: readonly TrainingExample[]): Record<string, string> {
  const seen = new Map<string, string | null>();
  for (const e of examples) {
    const key = exactKey(e.text, lang);
    if (!key) continue;
    const before = seen.get(key);
    seen.set(key, before === undefined || before === e.intent ? e.intent : null);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of seen) if (v) out[k] = v;
  return out;
}

class Model implements IntentModel {
  readonly lang: Lang;
  readonly intents: readonly string[];
  private readonly space: FeatureSpace;
  private readonly scorers: readonly Scorer[];
  private readonly weights: readonly number[];
  private readonly saved: Omit<SavedModel, 'scorers'>;
  private readonly keep: ((f: Record<string, number>) => Record<string, number>) | null;

  constructor(
    space: FeatureSpace,
    scorers: readonly Scorer[],
    weights: readonly number[],
    saved: Omit<SavedModel, 'scorers'>,
    keep: ((f: Record<string, number>) => Record<string, number>) | null,
  ) {
    this.space = space;
    this.scorers = scorers;
    this.weights = weights;
    this.saved = saved;
    this.keep = keep;
    this.lang = space.lang;
    this.intents = saved.intents;
  }

  /** Probabilities over every intent the model knows. */
  probs(text: string): Record<string, number> {
    const raw = this.space.features(text);
    return this.probsOf(this.keep ? this.keep(raw) : raw);
  }

  private probsOf(f: Record<string, number>): Record<string, number> {
    if (this.scorers.length === 1) return this.scorers[0]!.probs(f);
    const out: Record<string, number> = {};
    this.scorers.forEach((s, i) => {
      for (const [k, v] of Object.entries(s.probs(f))) out[k] = (out[k] ?? 0) + this.weights[i]! * v;
    });
    return out;
  }

  classify(text: string, allowed?: readonly string[]): IntentScore[] {
    // The message's features once, for the scores and for the check below.
    const raw = this.space.features(text);
    const f = this.keep ? this.keep(raw) : raw;
    const probs = this.probsOf(f);
    // A message the corpus holds word for word ('Gude', 'Moinsen') is its example's intent, even where its rare
    // words were pruned from the scorer (as NLP.js answers exact matches of its training data).
    const exact = this.saved.exact?.[exactKey(text, this.lang)];
    if (exact && (!allowed || allowed.includes(exact))) {
      // The example's intent takes 95 %; the others keep their order in the rest.
      const rest = Object.entries(probs).filter(([k]) => k !== exact);
      const restSum = rest.reduce((sum, [, v]) => sum + v, 0) || 1;
      return rank(Object.fromEntries([[exact, 0.95], ...rest.map(([k, v]) => [k, (0.05 * v) / restSum])]), allowed);
    }
    const ranked = rank(probs, allowed);
    // Not one word (stem, concept or piece of a word) the corpus knows: nothing fits, however the shape of
    // the message ('asdf qwer' is as short as 'hallo du') leans.
    // A typo ('Hilfee', 'auszahlng') has no known stem but most of its pieces are known; a made-up word
    // ('Blablub quux') shares a piece or two by chance.
    const kept = Object.keys(f);
    const grams = Object.keys(raw).filter((k) => k.startsWith('c:')).length;
    const knownGrams = kept.filter((k) => k.startsWith('c:')).length;
    const known = kept.some((k) => /^[wk]:/.test(k) && !/^w:x[a-z]+$/.test(k)) || (grams > 0 && knownGrams / grams >= 0.5);
    return known ? ranked : ranked.map((r) => ({ ...r, raw: 0 }));
  }

  toJSON(): SavedModel {
    return { ...this.saved, scorers: this.scorers.map((s) => s.json()) };
  }
}

/** Trains a model of the given engine on the examples of one language. Same examples, same model. */
export function trainModel(lang: Lang, examples: readonly TrainingExample[], opts: TrainOptions = {}): Model {
  const engine = opts.engine ?? 'softmax';
  const lexicons = lexiconsOf(opts.lexicon);
  const space = FeatureSpace.fromTexts(
    lang,
    examples.map((e) => e.text),
    lexicons,
    opts.features,
  );
  const all = examples.map((e) => space.features(e.text));
  const minCount = opts.minCount ?? (engine === 'softmax' || engine === 'ensemble' || engine === 'nb' ? 2 : 1);
  const keep = pruner(all, minCount);
  const inputs = all.map(keep);
  const labels = examples.map((e) => e.intent);
  const intents = [...new Set(labels)].sort();
  const mix = opts.mix ?? 0.5;
  let scorers: Scorer[];
  let weights: number[];
  switch (engine) {
    case 'nlpjs':
      scorers = [trainNeural(inputs, labels, opts)];
      weights = [1];
      break;
    case 'bayes':
      scorers = [trainBayesScorer(inputs, labels)];
      weights = [1];
      break;
    case 'perceptron':
      scorers = [trainPerceptron(inputs, labels, opts)];
      weights = [1];
      break;
    case 'softmax':
      scorers = [trainSoftmax(inputs, labels, opts)];
      weights = [1];
      break;
    case 'nb':
      scorers = [trainNaiveBayes(inputs, labels, opts)];
      weights = [1];
      break;
    case 'ensemble':
      scorers = [trainSoftmax(inputs, labels, opts), trainNaiveBayes(inputs, labels, opts)];
      weights = [mix, 1 - mix];
      break;
  }
  const kept = minCount > 1 ? [...new Set(inputs.flatMap((f) => Object.keys(f)))].sort() : undefined;
  const saved = { engine, lang, intents, vocabulary: space.vocabularyList(), features: opts.features ?? {}, kept, mix, exact: exactMemory(lang, examples) };
  return new Model(space, scorers, weights, saved, minCount > 1 ? keep : null);
}

/** A model saved with `modelToJson`, read back without training (the lexicon must be the one it was trained with). */
export function modelFromJson(json: SavedModel, lexicon?: string | null): IntentModel {
  const space = new FeatureSpace(json.lang, json.vocabulary, lexiconsOf(lexicon)?.[json.lang] ?? null, json.features);
  const scorers = json.scorers.map((s) => {
    if (json.engine === 'ensemble' || json.engine === 'softmax' || json.engine === 'nb') return linearScorer(s as LinearJson);
    const engine = json.engine;
    if (engine === 'perceptron') {
      const p = s as { weights: Record<string, Record<string, number>>; biases: Record<string, number>; temperature: number };
      return perceptronScorer(p.weights, p.biases, p.temperature);
    }
    if (engine === 'bayes') return bayesFromJson(s);
    const net = new NeuralNetwork();
    net.fromJSON(s as NeuralJson);
    return neuralScorer(net);
  });
  const weights = json.engine === 'ensemble' ? [json.mix, 1 - json.mix] : [1];
  const kept = json.kept ? new Set(json.kept) : null;
  const keep = kept
    ? (f: Record<string, number>) => {
        const out: Record<string, number> = Object.create(null);
        for (const [k, v] of Object.entries(f)) if (kept.has(k)) out[k] = v;
        return out;
      }
    : null;
  const { scorers: _, ...saved } = json;
  return new Model(space, scorers, weights, saved, keep);
}

export function modelToJson(model: IntentModel): SavedModel {
  if (!(model instanceof Model)) throw new Error('not a trained model');
  return model.toJSON();
}

let defaultLexicons: Lexicons | null = null;
function lexiconsOf(source: string | null | undefined): Lexicons | null {
  if (source === null) return null;
  if (source !== undefined) return parseLexicon(source);
  defaultLexicons ??= parseLexicon(lexiconText());
  return defaultLexicons;
}
