// The pre-filter's model check, when an OpenAI-compatible model is configured: the model reads the request
// and says whether it looks like a real need. Its answer only adds a flag for a human to look at; it never
// releases or rejects anything by itself. No model, a timeout or an unreadable answer: no opinion.
import fs from 'node:fs';
import path from 'node:path';
import { generateText } from 'ai';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Lang } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { createChatModel } from './model.ts';
import { PROMPTS_DIR } from './prompts.ts';

const verdict = z.object({ flagged: z.boolean(), reason: z.string().max(500).optional().default('') });
export type ModelVerdict = { flagged: boolean; reason?: string };

const TIMEOUT_MS = 8000;

export async function moderateWithModel(ai: Config['ai'], text: string, lang: Lang, logger: Logger): Promise<ModelVerdict | null> {
  if (ai.provider !== 'openai') return null;
  try {
    const { text: answer } = await generateText({
      model: createChatModel(ai),
      instructions: fs.readFileSync(path.join(PROMPTS_DIR, lang, 'moderation.md'), 'utf8'),
      prompt: text.slice(0, 2000),
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = /\{[\s\S]*\}/.exec(answer)?.[0];
    const parsed = json ? verdict.safeParse(JSON.parse(json)) : null;
    if (!parsed?.success) {
      logger.warn({ answer: answer.slice(0, 200) }, 'moderation model gave no readable verdict');
      return null;
    }
    return { flagged: parsed.data.flagged, ...(parsed.data.reason ? { reason: parsed.data.reason } : {}) };
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'moderation model check failed');
    return null;
  }
}
