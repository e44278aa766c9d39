// Offline text-to-speech: espeak-ng (WASM) in one worker thread, jobs one at a time with a timeout,
// recent results in an LRU cache. See docs/decisions/010-offline-tts.md.
import crypto from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../core/errors.ts';
import type { Lang } from '../../i18n.ts';
import { cleanSpeechText } from './speech-text.ts';
import { createSpeechCache } from './speech-cache.ts';
import type { SpeechJob, SpeechJobResult } from './espeak-worker.ts';

/** espeak-ng voice per UI language. */
export const VOICES: Record<Lang, string> = { de: 'de', en: 'en-us' };

export interface SpeechSynthesizerOptions {
  /** One job's limit; the worker is replaced when it is reached. */
  timeoutMs?: number;
  /** Jobs waiting behind the running one; more are refused (RATE_LIMITED). */
  maxQueue?: number;
  cacheEntries?: number;
  cacheBytes?: number;
  /** An idle worker is ended after this long and started again on the next job. */
  idleMs?: number;
}

export interface SpeechResult {
  wav: Uint8Array;
  cached: boolean;
}

export interface SpeechSynthesizer {
  /** WAV bytes (22,050 Hz, 16-bit mono) of the text's readable words; VALIDATION_FAILED when there are none. */
  synthesize(text: string, lang: Lang): Promise<SpeechResult>;
  close(): Promise<void>;
}

interface QueuedJob {
  job: SpeechJob;
  resolve(wav: Uint8Array): void;
  reject(e: unknown): void;
}

const WORKER_URL = new URL('./espeak-worker.ts', import.meta.url);

export function createSpeechSynthesizer(opts: SpeechSynthesizerOptions = {}): SpeechSynthesizer {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxQueue = opts.maxQueue ?? 16;
  const idleMs = opts.idleMs ?? 5 * 60_000;
  const cache = createSpeechCache({ maxEntries: opts.cacheEntries ?? 64, maxBytes: opts.cacheBytes ?? 32 * 1024 * 1024 });
  // The same text asked for twice while it is being made waits for the one job.
  const pending = new Map<string, Promise<Uint8Array>>();
  const queue: QueuedJob[] = [];
  let worker: Worker | null = null;
  let current: (QueuedJob & { timer: NodeJS.Timeout }) | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;

  const fail = (reason: string, cause?: unknown) => new AppError('TTS_FAILED', { message: `speech synthesis failed: ${reason}`, cause });

  function dropWorker() {
    const w = worker;
    worker = null;
    if (w) {
      w.removeAllListeners();
      void w.terminate();
    }
  }

  function finishCurrent(outcome: { wav: Uint8Array } | { error: unknown }) {
    const done = current;
    if (!done) return;
    current = null;
    clearTimeout(done.timer);
    if ('wav' in outcome) done.resolve(outcome.wav);
    else done.reject(outcome.error);
    runNext();
  }

  function startWorker(): Worker {
    // Node runs the worker's TypeScript directly (type stripping), as it runs the server.
    const w = new Worker(WORKER_URL);
    w.on('message', (msg: SpeechJobResult) => {
      if (!current || msg.id !== current.job.id) return;
      finishCurrent(msg.ok ? { wav: msg.wav } : { error: fail(msg.error) });
    });
    w.on('error', (e) => {
      if (worker === w) dropWorker();
      finishCurrent({ error: fail('worker error', e) });
    });
    w.on('exit', (code) => {
      if (worker !== w) return;
      worker = null;
      finishCurrent({ error: fail(`worker exited with ${code}`) });
    });
    return w;
  }

  function runNext() {
    if (current) return;
    const next = queue.shift();
    if (!next) {
      // An idle worker does not keep the process alive, and goes away after a while.
      worker?.unref();
      if (worker && !idleTimer) {
        idleTimer = setTimeout(() => {
          idleTimer = null;
          if (!current && queue.length === 0) dropWorker();
        }, idleMs);
        idleTimer.unref();
      }
      return;
    }
    if (idleTimer) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    worker ??= startWorker();
    worker.ref();
    const timer = setTimeout(() => {
      // A stuck synthesis cannot be interrupted inside the worker: replace the worker.
      dropWorker();
      finishCurrent({ error: fail(`timed out after ${timeoutMs} ms`) });
    }, timeoutMs);
    current = { ...next, timer };
    worker.postMessage(next.job);
  }

  function enqueue(voice: string, text: string): Promise<Uint8Array> {
    if (current && queue.length >= maxQueue) return Promise.reject(new AppError('RATE_LIMITED', { message: 'speech queue full' }));
    return new Promise<Uint8Array>((resolve, reject) => {
      queue.push({ job: { id: nextId++, voice, text }, resolve, reject });
      runNext();
    });
  }

  return {
    async synthesize(text, lang) {
      const clean = cleanSpeechText(text);
      if (!clean) throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'body.text', code: 'too_small', message: 'Nothing to read aloud' }] });
      const key = `${lang}:${crypto.createHash('sha256').update(clean).digest('base64url')}`;
      const hit = cache.get(key);
      if (hit) return { wav: hit, cached: true };
      let job = pending.get(key);
      if (!job) {
        job = enqueue(VOICES[lang], clean)
          .then((wav) => {
            cache.set(key, wav);
            return wav;
          })
          .finally(() => pending.delete(key));
        pending.set(key, job);
      }
      return { wav: await job, cached: false };
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      for (const q of queue.splice(0)) q.reject(fail('closed'));
      const w = worker;
      worker = null;
      if (current) finishCurrent({ error: fail('closed') });
      if (w) {
        w.removeAllListeners();
        await w.terminate();
      }
    },
  };
}

/** The server's one synthesizer; its worker starts with the first request. */
export const speechSynthesizer = createSpeechSynthesizer();
