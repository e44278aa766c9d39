import { describe, expect, it } from 'vitest';
import { resolveTtsFlag, TTS_FLAG } from '../../../src/chat/tts/use-tts-enabled.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('the read-aloud flag', () => {
  it('is off by default', () => {
    expect(resolveTtsFlag('', memoryStorage())).toBe(false);
  });

  it('is turned on and stored by ?tts=1, so later visits keep it', () => {
    const storage = memoryStorage();
    expect(resolveTtsFlag('?tts=1', storage)).toBe(true);
    expect(storage.data.get(TTS_FLAG)).toBe('1');
    expect(resolveTtsFlag('?other=x', storage)).toBe(true);
  });

  it('is turned off and cleared by ?tts=0', () => {
    const storage = memoryStorage({ [TTS_FLAG]: '1' });
    expect(resolveTtsFlag('?tts=0', storage)).toBe(false);
    expect(storage.data.has(TTS_FLAG)).toBe(false);
    expect(resolveTtsFlag('', storage)).toBe(false);
  });

  it('follows the query alone when storage fails', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(resolveTtsFlag('?tts=1', broken)).toBe(true);
    expect(resolveTtsFlag('', broken)).toBe(false);
    expect(resolveTtsFlag('?tts=1', null)).toBe(true);
  });
});
