// POST /api/tts: a text read aloud by the server's offline voice (espeak-ng), answered as WAV bytes.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { AppError } from '../../core/errors.ts';
import { normalizeLang } from '../i18n.ts';
import { MAX_SPEECH_CHARS } from '../integrations/tts/speech-text.ts';
import { speechSynthesizer } from '../integrations/tts/synthesizer.ts';

export const ttsRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/tts',
    summary: 'Reads a text aloud with the offline German or English voice (espeak-ng) and answers with the audio',
    tags: ['tts'],
    access: 'public',
    // Synthesis costs CPU: the chat's per-IP bucket, shared with the chat turns.
    rateLimit: 'chat',
    body: z.object({
      text: z.string().trim().min(1).max(MAX_SPEECH_CHARS).describe('The text to read; markup, links, code blocks and emoji are left out'),
      lang: z.string().max(16).optional().describe('Voice: English when it starts with en, otherwise German; defaults to the request language'),
    }),
    raw: true,
    responseContentType: 'audio/wav',
    responseDescription:
      'WAV audio (RIFF, 22,050 Hz, 16-bit mono). 400 VALIDATION_FAILED when the text is empty, longer than 1,000 characters or has nothing readable; 429 RATE_LIMITED when too many texts wait; 503 TTS_FAILED when synthesis fails or takes longer than 10 s.',
    handler: async ({ body, lang, res }) => {
      const voiceLang = body.lang ? normalizeLang(body.lang) : lang;
      const started = performance.now();
      const { wav, cached } = await speechSynthesizer.synthesize(body.text, voiceLang).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'TTS_FAILED') res.locals.log?.warn({ err: { message: e.message, cause: String(e.cause ?? '') } }, 'tts failed');
        throw e;
      });
      res.locals.log?.debug({ lang: voiceLang, chars: body.text.length, bytes: wav.byteLength, cached, ms: Math.round(performance.now() - started) }, 'tts');
      res
        .status(200)
        .type('audio/wav')
        .set('Content-Language', voiceLang)
        .send(Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength));
    },
  }),
];
