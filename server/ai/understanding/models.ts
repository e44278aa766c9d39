// The trained models of this process: the intent classifier per language and the language detector, made
// once from the corpus. Training takes about a second per language; the result is kept on disk under a name
// made of the corpus's hash, the concept lexicon's hash and the feature version, so later starts (and every
// test process) read it instead of training again. A cache that cannot be written (a read-only install) only
// costs the training at each start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '../../i18n.ts';
import { modelFromJson, modelToJson, trainModel, type IntentModel, type SavedModel } from './classifier.ts';
import { loadCorpus, type Corpus } from './corpus.ts';
import { FEATURE_VERSION, lexiconText } from './features.ts';
import { LanguageDetector } from './language.ts';

export interface Understanding {
  corpus: Corpus;
  models: Record<Lang, IntentModel>;
  language: LanguageDetector;
}

const CACHE_DIRS = [path.resolve(import.meta.dirname, '../../../node_modules/.cache/akut-intents'), path.join(os.tmpdir(), 'akut-intents')];

function readCached(file: string): Record<Lang, SavedModel> | null {
  for (const dir of CACHE_DIRS) {
    try {
      return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<Lang, SavedModel>;
    } catch {
      // not there (or unreadable): the next place, then training
    }
  }
  return null;
}

function writeCached(file: string, json: Record<Lang, SavedModel>) {
  const body = JSON.stringify(json);
  for (const dir of CACHE_DIRS) {
    try {
      fs.mkdirSync(dir, { recursive: true });
      // Written under a temporary name and renamed: a parallel process never reads half a file.
      const tmp = path.join(dir, `${file}.${process.pid}.tmp`);
      fs.writeFileSync(tmp, body);
      fs.renameSync(tmp, path.join(dir, file));
      return;
    } catch {
      // read-only: try the next place
    }
  }
}

/** Builds the languages' models from a corpus: read from the cache when this corpus was trained before. */
export function buildUnderstanding(corpus: Corpus, opts: { cache?: boolean } = {}): Understanding {
  const lexicon = lexiconText();
  const lexiconHash = crypto.createHash('sha256').update(lexicon).digest('hex').slice(0, 8);
  const file = `intents-v${FEATURE_VERSION}-${corpus.hash}-${lexiconHash}.json`;
  const cached = opts.cache === false ? null : readCached(file);
  const byLang = (lang: Lang) => corpus.examples.filter((e) => e.lang === lang);
  const models = cached
    ? { de: modelFromJson(cached.de, lexicon), en: modelFromJson(cached.en, lexicon) }
    : { de: trainModel('de', byLang('de'), { lexicon }), en: trainModel('en', byLang('en'), { lexicon }) };
  if (!cached && opts.cache !== false) writeCached(file, { de: modelToJson(models.de), en: modelToJson(models.en) });
  const language = new LanguageDetector(corpus.examples.filter((e) => !e.near));
  return { corpus, models, language };
}

let current: Understanding | null = null;

/** The process's models, built on first use. */
export function understanding(): Understanding {
  current ??= buildUnderstanding(loadCorpus());
  return current;
}
