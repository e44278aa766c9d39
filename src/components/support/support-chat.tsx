// The support chat's pieces both sides use: the thread of messages and the composer (Enter sends,
// Shift+Enter is a new line, nothing empty or whitespace-only is sent).
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCheck, Loader2, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/components/market/format';
import { cn } from '@/lib/utils';
import type { PartnerMessageView } from '../../../core/api/support.ts';

export type SupportMessage = PartnerMessageView & { senderName?: string };

/** `mine`: which messages are the viewer's own (right-hand side). */
export function SupportThread({
  messages,
  mine,
  labelOf,
  testId,
}: {
  messages: SupportMessage[];
  mine: (m: SupportMessage) => boolean;
  labelOf: (m: SupportMessage) => string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('support');
  const lang = i18n.resolvedLanguage ?? 'de';
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <ol className="flex flex-col gap-3" aria-label={t('messages')} data-testid={testId}>
      {messages.map((m) => {
        const own = mine(m);
        return (
          <li
            key={m.id}
            className={cn('flex max-w-[85%] flex-col gap-1', own ? 'self-end items-end' : 'self-start items-start')}
            data-testid="support-message"
            data-from={m.fromTeam ? 'team' : 'partner'}
          >
            <span className="text-xs text-muted-foreground">
              {labelOf(m)} · {formatDateTime(m.createdAt, lang)}
            </span>
            <p className={cn('rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap', own ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
              {m.body}
            </p>
            {own && m.readAt && (
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <CheckCheck className="size-3" aria-hidden />
                {t('read')}
              </span>
            )}
          </li>
        );
      })}
      <div ref={end} />
    </ol>
  );
}

/** Returns true from onSend when the text was sent (the field is cleared then). */
export function SupportComposer({ onSend, placeholder, testId }: { onSend: (text: string) => Promise<boolean>; placeholder: string; testId?: string }) {
  const { t } = useTranslation('support');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const empty = text.trim() === '';
  const send = async () => {
    if (empty || busy) return;
    setBusy(true);
    try {
      if (await onSend(text)) setText('');
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2">
        <Textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={placeholder}
          rows={2}
          maxLength={4000}
          className="min-h-16 resize-none"
          data-testid={testId}
        />
        <Button type="submit" size="icon" disabled={empty || busy} aria-label={t('send')} data-testid={testId ? `${testId}-send` : undefined}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('hint')}</p>
    </form>
  );
}
