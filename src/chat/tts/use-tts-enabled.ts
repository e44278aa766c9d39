// The read-aloud panel is shown with ?tts=1 or the local flag (localStorage akut.tts = '1');
// ?tts=1 stores the flag, ?tts=0 hides the panel and clears it.
import { useEffect, useState } from 'react';

export const TTS_FLAG = 'akut.tts';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads the query and the stored flag, and stores what the query says. */
export function resolveTtsFlag(search: string, storage: FlagStorage | null): boolean {
  const query = new URLSearchParams(search).get('tts');
  try {
    if (query === '1') storage?.setItem(TTS_FLAG, '1');
    if (query === '0') storage?.removeItem(TTS_FLAG);
    if (query === '1' || query === '0') return query === '1';
    return storage?.getItem(TTS_FLAG) === '1';
  } catch {
    // storage unavailable (private mode): the query alone decides
    return query === '1';
  }
}

function readFlag(): boolean {
  if (typeof window === 'undefined') return false;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return resolveTtsFlag(window.location.search, storage);
}

export function useTtsEnabled(): boolean {
  const [enabled, setEnabled] = useState(readFlag);
  useEffect(() => {
    const update = () => setEnabled(readFlag());
    window.addEventListener('popstate', update);
    // Another tab turned the flag on or off.
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return enabled;
}
