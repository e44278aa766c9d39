// The synthesizer with its real worker (espeak-ng WASM): cache, shared jobs, queue limit, timeout.
import { afterEach, describe, expect, it } from 'vitest';
import { createSpeechSynthesizer, type SpeechSynthesizer } from '../../../server/integrations/tts/synthesizer.ts';
import { AppError } from '../../../core/errors.ts';

let synth: SpeechSynthesizer | null = null;
afterEach(async () => {
  await synth?.close();
  synth = null;
});

const codeOf = (e: unknown) => (e instanceof AppError ? e.code : String(e));

describe('speech synthesizer', () => {
  it('makes a WAV once and answers the same cleaned text from its cache', async () => {
    synth = createSpeechSynthesizer();
    const first = await synth.synthesize('Guten Tag!', 'de');
    expect(String.fromCharCode(...first.wav.subarray(0, 4))).toBe('RIFF');
    expect(first.cached).toBe(false);
    const again = await synth.synthesize('**Guten Tag!**', 'de');
    expect(again.cached).toBe(true);
    expect(again.wav).toBe(first.wav);
    expect((await synth.synthesize('Guten Tag!', 'en')).cached).toBe(false);
  });

  it('shares one job between equal texts asked for at once and refuses texts beyond the queue', async () => {
    synth = createSpeechSynthesizer({ maxQueue: 1 });
    const results = await Promise.allSettled([
      synth.synthesize('Eins.', 'de'),
      synth.synthesize('Eins.', 'de'),
      synth.synthesize('Zwei.', 'de'),
      synth.synthesize('Drei.', 'de'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(codeOf((results[3] as PromiseRejectedResult).reason)).toBe('RATE_LIMITED');
  });

  it('starts a job at once even with no room to wait', async () => {
    synth = createSpeechSynthesizer({ maxQueue: 0 });
    const results = await Promise.allSettled([synth.synthesize('Jetzt.', 'de'), synth.synthesize('Später.', 'de')]);
    expect(results.map((r) => (r.status === 'rejected' ? codeOf(r.reason) : 'ok'))).toEqual(['ok', 'RATE_LIMITED']);
  });

  it('gives up on a job that takes too long with TTS_FAILED, also for the jobs behind it', async () => {
    synth = createSpeechSynthesizer({ timeoutMs: 1 });
    const results = await Promise.allSettled([synth.synthesize('Das dauert.', 'de'), synth.synthesize('Das auch.', 'de')]);
    expect(results.map((r) => (r.status === 'rejected' ? codeOf(r.reason) : 'ok'))).toEqual(['TTS_FAILED', 'TTS_FAILED']);
  });

  it('refuses text with nothing to read', async () => {
    synth = createSpeechSynthesizer();
    await expect(synth.synthesize('🎉', 'de')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
