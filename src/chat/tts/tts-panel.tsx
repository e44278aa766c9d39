// The read-aloud bar above the chat input (shown with ?tts=1 or the local flag, see use-tts-enabled.ts):
// 'Vorlesen' reads new assistant messages aloud as they arrive; the play button reads the latest one.
// The voice follows the UI language.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Play, Square, Volume2, VolumeX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { hasReadableText, messageComplete, messageText } from './speech-text.ts';
import { primeAudio, speak, speechLang, stopSpeaking, useSpeechState } from './speech.ts';
import { useTtsEnabled } from './use-tts-enabled.ts';

export interface TtsPanelProps {
  messages: UIMessage[];
  /** While the assistant is still answering, nothing is read yet (without it the panel waits for the text to settle). */
  busy?: boolean;
}

export function TtsPanel({ messages, busy = false }: TtsPanelProps) {
  const enabled = useTtsEnabled();
  if (!enabled) return null;
  return <TtsBar messages={messages} busy={busy} />;
}

const PANEL_ID = 'tts-panel';
const AUTOPLAY_KEY = 'akut.tts.autoplay';
/** A message is read once its text has not changed for this long (streamed text arrives in bursts). */
const SETTLE_MS = 600;

function useAutoplayPreference() {
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(AUTOPLAY_KEY) === '1';
    } catch {
      return false;
    }
  });
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      if (value) window.localStorage.setItem(AUTOPLAY_KEY, '1');
      else window.localStorage.removeItem(AUTOPLAY_KEY);
    } catch {
      // storage unavailable: the choice lasts for this page
    }
  }, []);
  return [on, set] as const;
}

function TtsBar({ messages, busy }: Required<TtsPanelProps>) {
  const { t, i18n } = useTranslation('tts');
  const lang = speechLang(i18n.resolvedLanguage ?? i18n.language);
  const langRef = useRef(lang);
  langRef.current = lang;
  const speech = useSpeechState();
  const mine = speech.id === PANEL_ID;
  const active = mine && (speech.status === 'loading' || speech.status === 'playing');
  const [autoplay, setAutoplay] = useAutoplayPreference();

  const assistant = useMemo(() => messages.filter((m) => m.role === 'assistant'), [messages]);
  const latest = useMemo(() => assistant.findLast((m) => hasReadableText(messageText(m))), [assistant]);

  // Messages there before 'Vorlesen' was on (and the history at mount) are not read automatically.
  const heard = useRef<Set<string> | null>(null);
  heard.current ??= new Set(assistant.map((m) => m.id));
  const queue = useRef<string[]>([]);
  const reading = useRef(false);

  const readQueue = useCallback(async () => {
    if (reading.current) return;
    reading.current = true;
    try {
      while (queue.current.length > 0) {
        const outcome = await speak(queue.current.shift()!, langRef.current, { id: PANEL_ID });
        if (outcome !== 'ended') queue.current = [];
      }
    } finally {
      reading.current = false;
    }
  }, []);

  useEffect(() => {
    if (!autoplay) for (const m of assistant) heard.current!.add(m.id);
  }, [autoplay, assistant]);

  // Changes whenever an unheard message grows or finishes, so the settle timer starts again.
  const unheard = autoplay && !busy ? assistant.filter((m) => !heard.current!.has(m.id)) : [];
  const unheardKey = unheard.map((m) => `${m.id}:${messageText(m).length}:${messageComplete(m) ? 1 : 0}`).join('|');
  const assistantRef = useRef(assistant);
  assistantRef.current = assistant;

  useEffect(() => {
    if (!unheardKey) return;
    const timer = window.setTimeout(() => {
      const pending = assistantRef.current.filter((m) => !heard.current!.has(m.id));
      if (pending.some((m) => !messageComplete(m))) return;
      for (const m of pending) heard.current!.add(m.id);
      const text = pending.map(messageText).filter(hasReadableText).join('\n\n');
      if (!text) return;
      queue.current.push(text);
      void readQueue();
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [unheardKey, readQueue]);

  // Leaving the chat ends what the panel was reading.
  useEffect(
    () => () => {
      queue.current = [];
      if (reading.current) stopSpeaking();
    },
    [],
  );

  function toggleAutoplay() {
    if (autoplay) {
      queue.current = [];
      if (mine) stopSpeaking();
    } else {
      for (const m of assistant) heard.current!.add(m.id);
      primeAudio();
    }
    setAutoplay(!autoplay);
  }

  function playOrStop() {
    queue.current = [];
    if (active) {
      stopSpeaking();
      return;
    }
    if (!latest) return;
    primeAudio();
    queue.current.push(messageText(latest));
    void readQueue();
  }

  const notice = !mine ? null : speech.status === 'blocked' ? t('blocked') : speech.status === 'error' ? (speech.error ?? t('error')) : null;

  return (
    <div data-testid="tts-panel" role="group" aria-label={t('label')} className="border-t border-border bg-muted/40 px-3 py-1.5 text-xs">
      <div className="flex items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant={autoplay ? 'secondary' : 'ghost'}
          data-testid="tts-autoplay"
          data-state={autoplay ? 'on' : 'off'}
          aria-pressed={autoplay}
          title={t('autoplayHint')}
          onClick={toggleAutoplay}
          className="h-7 shrink-0 px-2"
        >
          {autoplay ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />}
          {t('autoplay')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          data-testid="tts-play"
          data-state={mine ? speech.status : 'idle'}
          aria-label={active ? t('stopHint') : t('playHint')}
          title={active ? t('stopHint') : t('playHint')}
          disabled={!active && !latest}
          onClick={playOrStop}
          className="h-7 shrink-0 px-2"
        >
          {mine && speech.status === 'loading' ? <LoaderCircle aria-hidden className="animate-spin" /> : active ? <Square aria-hidden /> : <Play aria-hidden />}
          {active ? t('stop') : t('play')}
        </Button>
        <span data-testid="tts-voice" className="ml-auto min-w-0 truncate text-muted-foreground">
          {t('voice', { language: t(`language.${lang}`) })}
        </span>
      </div>
      <p role="status" aria-live="polite" className={cn('mt-1 empty:hidden', speech.status === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
        {notice}
      </p>
    </div>
  );
}
