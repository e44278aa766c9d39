// The typewriter animation of the assistant's messages: on with ?typing=1, the local flag
// (localStorage akut.typing = '1') or on localhost; ?typing=0 turns it off (and stores that).
// People who ask their system for reduced motion never get it.
import { useEffect, useState } from 'react';

const FLAG = 'akut.typing';

export function typewriterEnabled(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
    const query = new URLSearchParams(window.location.search).get('typing');
    if (query === '1' || query === '0') window.localStorage.setItem(FLAG, query);
    const flag = window.localStorage.getItem(FLAG);
    if (flag === '1') return true;
    if (flag === '0') return false;
  } catch {
    // storage unavailable: fall through to the host rule
  }
  return ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

/** Characters per frame: about 180 per second, so a long reply takes a few seconds at most. */
const STEP = 3;
const FRAME_MS = 16;

/** The part of `text` shown so far; follows a growing (streamed) text. `done` once all of it is shown. */
export function useTypewriter(text: string, animate: boolean): { shown: string; done: boolean } {
  const [count, setCount] = useState(animate ? 0 : text.length);
  useEffect(() => {
    if (!animate) {
      setCount(text.length);
      return;
    }
    if (count >= text.length) return;
    const id = window.setTimeout(() => setCount((n) => Math.min(text.length, n + STEP)), FRAME_MS);
    return () => window.clearTimeout(id);
  }, [animate, count, text.length]);
  const shown = animate ? text.slice(0, count) : text;
  return { shown, done: shown.length >= text.length };
}
