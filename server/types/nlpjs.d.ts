// The parts of NLP.js (CommonJS, no type declarations of its own) the intent classifier uses.
declare module '@nlpjs/lang-de' {
  export class TokenizerDe {
    tokenize(text: string, normalize?: boolean): string[];
  }
  export class StemmerDe {
    stem(tokens: string[]): string[];
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-en' {
  export class TokenizerEn {
    tokenize(text: string, normalize?: boolean): string[];
  }
  export class StemmerEn {
    stem(tokens: string[]): string[];
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/neural' {
  export interface NeuralSettings {
    iterations?: number;
    errorThresh?: number;
    deltaErrorThresh?: number;
    learningRate?: number;
    momentum?: number;
    alpha?: number;
    log?: boolean | ((status: { iterations: number; error: number }, ms: number) => void);
  }
  export interface NeuralJson {
    settings: NeuralSettings;
    features: string[];
    intents: string[];
    perceptrons: number[][];
  }
  export class NeuralNetwork {
    constructor(settings?: NeuralSettings);
    train(corpus: { input: Record<string, number>; output: Record<string, number> }[]): { iterations: number; error: number };
    run(input: Record<string, number>): Record<string, number> | undefined;
    toJSON(): NeuralJson;
    fromJSON(json: NeuralJson): void;
  }
}

// wink's naive Bayes text classifier: half of the intent classifier's ensemble (server/ai/understanding/classifier.ts).
declare module 'wink-naive-bayes-text-classifier' {
  interface WinkNaiveBayes {
    definePrepTasks(tasks: ((tokens: string[]) => string[])[]): void;
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): void;
    learn(tokens: string[], label: string): void;
    consolidate(): void;
    computeOdds(tokens: string[]): [string, number][];
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  const create: () => WinkNaiveBayes;
  export default create;
}
