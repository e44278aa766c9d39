// The message field: Enter sends, Shift+Enter adds a line.
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatNumber } from '@/components/market/format';

/** The server's limit (server/chat/limits.ts); checked here too so an over-long message is not sent at all. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The counter appears from this length on (90 % of the limit). */
export const CHAT_COUNTER_FROM = 1800;

export function ChatInput({
  onSend,
  disabled,
  autoFocus,
  onTooLong,
  initialText = '',
  onDraft,
}: {
  onSend: (text: string) => void;
  disabled: boolean;
  autoFocus?: boolean;
  onTooLong?: (message: string | null) => void;
  initialText?: string;
  /** Told of every change of the words and whether the field has the focus (the served /search panel keeps them). */
  onDraft?: (text: string, focused: boolean) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const [text, setText] = useState(initialText);
  const used = [...text.trim()].length;
  const showCounter = used >= CHAT_COUNTER_FROM;
  const over = used > CHAT_MESSAGE_MAX_LENGTH;
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const canSend = !disabled && text.trim().length > 0;

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!canSend) return;
    if ([...text.trim()].length > CHAT_MESSAGE_MAX_LENGTH) {
      onTooLong?.(t('CHAT_MESSAGE_TOO_LONG', { ns: 'errors', max: CHAT_MESSAGE_MAX_LENGTH }));
      return;
    }
    onTooLong?.(null);
    onSend(text);
    setText('');
    field.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-border bg-background p-3">
      <textarea
        ref={field}
        data-testid="chat-input"
        aria-label={t('input.label')}
        aria-describedby={showCounter ? `${hintId} ${counterId}` : hintId}
        placeholder={t('input.placeholder')}
        value={text}
        rows={1}
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          onDraft?.(e.target.value, true);
        }}
        onFocus={onDraft && ((e) => onDraft(e.target.value, true))}
        onBlur={onDraft && ((e) => onDraft(e.target.value, false))}
        onKeyDown={onKeyDown}
        className="max-h-40 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <span id={hintId} className="sr-only">
        {t('input.hint')}
      </span>
      {showCounter && (
        <span
          id={counterId}
          data-testid="chat-input-counter"
          data-over={over ? 'true' : undefined}
          aria-live="polite"
          title={over ? t('input.over', { count: used - CHAT_MESSAGE_MAX_LENGTH }) : t('input.left', { count: CHAT_MESSAGE_MAX_LENGTH - used })}
          className={cn('self-center text-xs tabular-nums', over ? 'font-medium text-destructive' : 'text-muted-foreground')}
        >
          {t('input.counter', { used: formatNumber(used, i18n.language), max: formatNumber(CHAT_MESSAGE_MAX_LENGTH, i18n.language) })}
        </span>
      )}
      <button
        type="submit"
        data-testid="chat-send"
        disabled={!canSend}
        className={cn(
          'h-10 shrink-0 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors',
          'hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50',
        )}
      >
        {t('input.send')}
      </button>
    </form>
  );
}
