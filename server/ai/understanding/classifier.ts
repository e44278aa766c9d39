// The intent classifier: one model per language, trained from the intent corpus (server/chat/intents) on
// the features of features.ts. The engine is NLP.js's neural network (one perceptron per intent, trained
// deterministically: weights start at zero, the examples come in the corpus's order); decision 058 says
// why, and how it compared with a naive Bayes classifier. It scores only the intents it is asked about: the
// caller passes those of the tools this person may use in this state, so the model never widens what anyone
// may do.
import { NeuralNetwork, type NeuralJson } from '@nlpjs/neural';
import type { Lang } from '../../i18n.ts';
import winkNB from 'wink-naive-bayes-text-classifier';
import { featuresOf, type FeatureOptions } from './features.ts';

export interface IntentScore {
  intent: string;
  /** Share of the allowed intents' evidence (sums to 1 over the allowed ones). */
  score: number;
  /** The intent's own output: how much the message looks like its examples at all (0 to about 1). */
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

export interface TrainOptions extends FeatureOptions {
  engine?: 'nlpjs' | 'bayes';
  /** Training epochs at most (NLP.js). */
  iterations?: number;
}

function rank(outputs: Record<string, number>, allowed: readonly string[] | undefined): IntentScore[] {
  const names = allowed ?? Object.keys(outputs);
  const scored = names.filter((n) => n in outputs).map((intent) => ({ intent, raw: Math.max(0, outputs[intent] ?? 0) }));
  const total = scored.reduce((s, x) => s + x.raw ** 2, 0);
  return scored.map((x) => ({ ...x, score: total > 0 ? x.raw ** 2 / total : 0 })).sort((a, b) => b.score - a.score || a.intent.localeCompare(b.intent));
}

class NeuralIntentModel implements IntentModel {
  readonly lang: Lang;
  readonly intents: readonly string[];
  private readonly net: NeuralNetwork;
  private readonly features: FeatureOptions;

  constructor(lang: Lang, net: NeuralNetwork, intents: readonly string[], features: FeatureOptions) {
    this.lang = lang;
    this.net = net;
    this.intents = intents;
    this.features = features;
  }

  classify(text: string, allowed?: readonly string[]): IntentScore[] {
    const outputs = this.net.run(featuresOf(text, this.lang, this.features)) ?? {};
    return rank(outputs, allowed);
  }

  toJSON(): NeuralJson {
    return this.net.toJSON();
  }
}

/** Trains the NLP.js network on the examples of one language. Same examples, same model. */
export function trainNeural(lang: Lang, examples: readonly TrainingExample[], opts: TrainOptions = {}): NeuralIntentModel {
  const net = new NeuralNetwork({ iterations: opts.iterations ?? 400, errorThresh: 0.00005, deltaErrorThresh: 0.000001, learningRate: 0.6, momentum: 0.5, alpha: 0.07 });
  net.train(examples.map((e) => ({ input: featuresOf(e.text, lang, opts), output: { [e.intent]: 1 } })));
  const intents = [...new Set(examples.map((e) => e.intent))].sort();
  return new NeuralIntentModel(lang, net, intents, opts);
}

/** A model saved with `modelToJson`, read back without training. */
export function neuralFromJson(lang: Lang, json: NeuralJson, opts: FeatureOptions = {}): IntentModel {
  const net = new NeuralNetwork();
  net.fromJSON(json);
  return new NeuralIntentModel(lang, net, [...json.intents].sort(), opts);
}

export function modelToJson(model: IntentModel): NeuralJson {
  if (!(model instanceof NeuralIntentModel)) throw new Error('only the neural model is saved');
  return model.toJSON();
}

/**
 * The naive Bayes engine the neural one was compared with (wink-naive-bayes-text-classifier, the same
 * features as words): kept for `npm run eval:chat -- --compare`, not used by the chat.
 */
export function trainBayes(lang: Lang, examples: readonly TrainingExample[], opts: TrainOptions = {}): IntentModel {
  const nb = winkNB();
  nb.definePrepTasks([(x) => x]);
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  const keys = (text: string) => Object.keys(featuresOf(text, lang, opts));
  for (const e of examples) nb.learn(keys(e.text), e.intent);
  nb.consolidate();
  const intents = [...new Set(examples.map((e) => e.intent))].sort();
  return {
    lang,
    intents,
    classify(text, allowed) {
      // Odds are log2 odds of the intent against all others; a softened logistic gives each intent's own
      // probability (naive Bayes is overconfident: correlated features are counted as independent).
      const odds = nb.computeOdds(keys(text));
      const outputs: Record<string, number> = {};
      for (const [label, o] of odds) if (label !== 'unknown') outputs[label] = 1 / (1 + 2 ** (-o / 8));
      return rank(outputs, allowed);
    },
  };
}
