import { describe, expect, it } from 'vitest';
import { createSpeechCache } from '../../../server/integrations/tts/speech-cache.ts';

const wav = (n: number) => new Uint8Array(n);

describe('speech cache', () => {
  it('drops the least recently used entry beyond its size', () => {
    const cache = createSpeechCache({ maxEntries: 2, maxBytes: 1000 });
    cache.set('a', wav(10));
    cache.set('b', wav(10));
    expect(cache.get('a')).toBeDefined(); // a is now newer than b
    cache.set('c', wav(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('stays within its byte budget and ignores entries larger than it', () => {
    const cache = createSpeechCache({ maxEntries: 10, maxBytes: 100 });
    cache.set('a', wav(40));
    cache.set('b', wav(40));
    cache.set('c', wav(40));
    expect(cache.bytes).toBe(80);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', wav(101));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(80);
  });

  it('replaces an entry stored again under the same key', () => {
    const cache = createSpeechCache({ maxEntries: 10, maxBytes: 100 });
    cache.set('a', wav(40));
    cache.set('a', wav(20));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(20);
  });
});
