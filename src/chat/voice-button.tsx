// A voice step of the follow-up script: its words, read aloud by the server's offline text-to-speech.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Volume2, Square } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function VoiceButton({ text, lang }: { text: string; lang: string }) {
  const { t } = useTranslation('chat');
  const [state, setState] = useState<'idle' | 'loading' | 'playing' | 'error'>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (url.current) URL.revokeObjectURL(url.current);
    },
    [],
  );

  async function play() {
    if (state === 'playing') {
      audio.current?.pause();
      setState('idle');
      return;
    }
    setState('loading');
    try {
      if (!url.current) {
        const res = await fetch('/api/tts', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-akut-lang': lang },
          body: JSON.stringify({ text, lang }),
        });
        if (!res.ok) throw new Error(String(res.status));
        url.current = URL.createObjectURL(await res.blob());
      }
      const el = (audio.current ??= new Audio());
      el.src = url.current;
      el.onended = () => setState('idle');
      await el.play();
      setState('playing');
    } catch {
      setState('error');
    }
  }

  return (
    <div className="mt-2 flex items-center gap-2">
      <Button type="button" size="sm" variant="outline" data-testid="chat-voice-play" disabled={state === 'loading'} onClick={() => void play()}>
        {state === 'playing' ? <Square className="size-3.5" aria-hidden /> : <Volume2 className="size-3.5" aria-hidden />}
        {state === 'playing' ? t('voice.stop') : state === 'loading' ? t('voice.loading') : t('voice.play')}
      </Button>
      {state === 'error' && (
        <span role="alert" className="text-xs text-destructive">
          {t('voice.error')}
        </span>
      )}
    </div>
  );
}
