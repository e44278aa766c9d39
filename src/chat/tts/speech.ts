// The page's one voice: speaks texts through the server's offline text-to-speech (POST /api/tts), one at a
// time. The read-aloud panel and the follow-up script's voice steps share it, so they never talk over each other.
import { useSyncExternalStore } from 'react';
import { parseApiError } from '../api.ts';
import { splitForSpeech } from './speech-text.ts';

export type SpeechStatus = 'idle' | 'loading' | 'playing' | 'error' | 'blocked';

export interface SpeechState {
  status: SpeechStatus;
  /** Who asked to speak (the `id` given to speak); null for anonymous texts. */
  id: string | null;
  /** The server's translated message when synthesis failed; null otherwise or when there was none. */
  error: string | null;
}

/** ended: read to the end; stopped: stopSpeaking or another text came first; failed: see the state's status. */
export type SpeechOutcome = 'ended' | 'stopped' | 'failed';

export type SpeechLang = 'de' | 'en';

const IDLE: SpeechState = { status: 'idle', id: null, error: null };
let state: SpeechState = IDLE;
const listeners = new Set<() => void>();

function setState(next: SpeechState) {
  state = next;
  for (const listener of listeners) listener();
}

export function speechLang(lang: string | undefined | null): SpeechLang {
  return (lang ?? '').toLowerCase().startsWith('en') ? 'en' : 'de';
}

let audio: HTMLAudioElement | null = null;
let generation = 0;
let interrupt: (() => void) | null = null;

function audioElement(): HTMLAudioElement {
  return (audio ??= new Audio());
}

// Recent audio as object URLs, so playing a text again needs no second request.
const URL_CACHE_SIZE = 12;
const urls = new Map<string, Promise<string>>();

function speechUrl(text: string, lang: SpeechLang): Promise<string> {
  const key = `${lang}\n${text}`;
  const hit = urls.get(key);
  if (hit) {
    urls.delete(key);
    urls.set(key, hit);
    return hit;
  }
  const url = fetch('/api/tts', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-akut-lang': lang },
    body: JSON.stringify({ text, lang }),
  }).then(async (res) => {
    if (!res.ok) throw parseApiError(res.status, await res.text());
    return URL.createObjectURL(await res.blob());
  });
  urls.set(key, url);
  url.catch(() => {
    if (urls.get(key) === url) urls.delete(key);
  });
  while (urls.size > URL_CACHE_SIZE) {
    const [oldKey, old] = urls.entries().next().value!;
    urls.delete(oldKey);
    old.then(URL.revokeObjectURL, () => {});
  }
  return url;
}

/** Resolves true when the audio played to its end, false when it was interrupted. */
function play(url: string): Promise<boolean> {
  const el = audioElement();
  return new Promise<boolean>((resolve, reject) => {
    const cleanup = () => {
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('error', onError);
      interrupt = null;
    };
    const onEnded = () => {
      cleanup();
      resolve(true);
    };
    const onError = () => {
      cleanup();
      reject(new Error('audio playback failed'));
    };
    interrupt = () => {
      cleanup();
      resolve(false);
    };
    el.addEventListener('ended', onEnded);
    el.addEventListener('error', onError);
    el.src = url;
    el.play().catch((e: unknown) => {
      cleanup();
      reject(e);
    });
  });
}

function silentWav(): string {
  const samples = 400;
  const bytes = new Uint8Array(44 + samples * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 16000, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Call from a click handler: some browsers (Safari) let an audio element play on its own only after it
 * played once during a click. Later texts read automatically then play there too.
 */
export function primeAudio() {
  if (state.status === 'playing' || state.status === 'loading') return;
  const el = audioElement();
  el.src = silentWav();
  el.play().catch(() => {});
}

/**
 * Reads a text aloud in German or English; a text already being read stops first. Long texts are read
 * piece by piece (the next piece loads while one plays).
 */
export async function speak(text: string, lang: string, opts: { id?: string } = {}): Promise<SpeechOutcome> {
  stopSpeaking();
  const run = ++generation;
  const id = opts.id ?? null;
  const voice = speechLang(lang);
  const pieces = splitForSpeech(text);
  if (pieces.length === 0) return 'ended';
  setState({ status: 'loading', id, error: null });
  try {
    let next = speechUrl(pieces[0]!, voice);
    for (let i = 0; i < pieces.length; i++) {
      const url = await next;
      if (run !== generation) return 'stopped';
      if (i + 1 < pieces.length) {
        next = speechUrl(pieces[i + 1]!, voice);
        next.catch(() => {});
      }
      setState({ status: 'playing', id, error: null });
      const ended = await play(url);
      if (!ended || run !== generation) return 'stopped';
    }
    setState(IDLE);
    return 'ended';
  } catch (e) {
    if (run !== generation) return 'stopped';
    const blocked = e instanceof DOMException && e.name === 'NotAllowedError';
    setState({ status: blocked ? 'blocked' : 'error', id, error: !blocked && e instanceof Error && e.name === 'ChatApiError' && e.message ? e.message : null });
    return 'failed';
  }
}

/** Stops whatever is being read. */
export function stopSpeaking() {
  generation += 1;
  interrupt?.();
  audio?.pause();
  if (state !== IDLE) setState(IDLE);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What the voice is doing now (for play/stop buttons). */
export function useSpeechState(): SpeechState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => IDLE,
  );
}
