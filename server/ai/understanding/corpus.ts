// The intent corpus: example messages per intent and language, one YAML file per area in
// server/chat/intents/ (data for people to read in review, not code). Each file maps an intent id to its
// German and English examples; an optional `near` list holds look-alikes that belong to another intent
// than the one they resemble (they train that other intent, and the evaluation reports them apart).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Lang } from '../../i18n.ts';
import { LanguageDetector } from './language.ts';

export const INTENTS_DIR = path.resolve(import.meta.dirname, '../../chat/intents');

const utterance = z.string().trim().min(1).max(2000);
const intentId = z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z][a-zA-Z0-9]*)?$/);
const nearSchema = z.object({ text: utterance, intent: intentId, not: intentId });
const fileSchema = z.record(z.string(), z.unknown()).transform((raw, ctx) => {
  const intents: Record<string, { de: string[]; en: string[] }> = {};
  let near: z.infer<typeof nearSchema>[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'near') {
      const parsed = z.array(nearSchema).safeParse(value);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: `near: ${parsed.error.message}` });
      else near = parsed.data;
      continue;
    }
    const id = intentId.safeParse(key);
    const examples = z
      .object({ de: z.array(utterance).default([]), en: z.array(utterance).default([]) })
      .strict()
      .safeParse(value);
    if (!id.success || !examples.success) {
      ctx.addIssue({ code: 'custom', message: `${key}: ${id.success ? examples.error?.message : 'not an intent id'}` });
      continue;
    }
    intents[key] = examples.data;
  }
  return { intents, near };
});

export interface Example {
  intent: string;
  lang: Lang;
  text: string;
  /** The file it came from (for reports). */
  file: string;
  /** A look-alike of another intent (`near`), or a plain example. */
  near?: string;
}

export interface Corpus {
  examples: Example[];
  /** Every intent the corpus knows. */
  intents: string[];
  /** A hash of everything in the corpus: a cached model trained on another corpus is not used. */
  hash: string;
}

/** Reads every *.yaml file of the folder (sorted, so training is deterministic). */
export function loadCorpus(dir = INTENTS_DIR): Corpus {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const examples: Example[] = [];
  const nears: (z.infer<typeof nearSchema> & { file: string })[] = [];
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    hash.update(file).update('\0').update(source).update('\0');
    const parsed = fileSchema.safeParse(parse(source) ?? {});
    if (!parsed.success) throw new Error(`intent corpus ${file}: ${parsed.error.message}`);
    for (const [intent, byLang] of Object.entries(parsed.data.intents)) {
      for (const lang of ['de', 'en'] as const) for (const text of byLang[lang]) examples.push({ intent, lang, text, file });
    }
    for (const n of parsed.data.near) nears.push({ ...n, file });
  }
  // A look-alike is written in one language without saying which: the corpus's own language detector tells.
  const detector = new LanguageDetector(examples);
  for (const n of nears) {
    const lang = detector.detect(n.text, 0).lang;
    for (const l of lang ? [lang] : (['de', 'en'] as const)) examples.push({ intent: n.intent, lang: l, text: n.text, file: n.file, near: n.not });
  }
  const intents = [...new Set(examples.map((e) => e.intent))].sort();
  return { examples, intents, hash: hash.digest('hex').slice(0, 16) };
}
