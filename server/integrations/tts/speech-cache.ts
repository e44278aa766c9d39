// A small in-memory LRU of synthesized speech, bounded by entries and bytes.
export interface SpeechCache {
  get(key: string): Uint8Array | undefined;
  set(key: string, wav: Uint8Array): void;
  readonly size: number;
  readonly bytes: number;
}

export function createSpeechCache({ maxEntries, maxBytes }: { maxEntries: number; maxBytes: number }): SpeechCache {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
  const entries = new Map<string, Uint8Array>();
  let bytes = 0;
  const remove = (key: string) => {
    const wav = entries.get(key);
    if (!wav) return;
    entries.delete(key);
    bytes -= wav.byteLength;
  };
  return {
    get(key) {
      const wav = entries.get(key);
      if (!wav) return undefined;
      entries.delete(key);
      entries.set(key, wav);
      return wav;
    },
    set(key, wav) {
      remove(key);
      if (wav.byteLength > maxBytes) return;
      entries.set(key, wav);
      bytes += wav.byteLength;
      while (entries.size > maxEntries || bytes > maxBytes) remove(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
