// The conversation: the greeting (the assistant says plainly it is an AI), the messages with their tool
// widgets, and the typing indicator.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { OptionButtons } from './tool-renderers/option-buttons.tsx';
import { ToolPartView } from './tool-renderers/registry.tsx';
import { isToolPart } from './tool-renderers/types.ts';
import { GREETING_OPTIONS } from './tool-renderers/welcome.tsx';
import { useTypewriter } from './typewriter.ts';
import { VoiceButton } from './voice-button.tsx';
import { formBubbleText } from './intake/form-bubble.ts';

function Bubble({ role, children, testId, wide = false }: { role: 'user' | 'assistant'; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <div data-role={role} data-testid={testId} className={cn('flex', role === 'user' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          // A message with a widget (form, summary, cards) may use the whole width on a phone.
          wide ? 'w-full max-w-full sm:w-auto sm:max-w-[85%]' : 'max-w-[85%]',
          'rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words',
          role === 'user' ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {children}
      </div>
    </div>
  );
}

function MessageText({ text, animate, onTyped }: { text: string; animate: boolean; onTyped?: () => void }) {
  const { shown, done } = useTypewriter(text, animate);
  const fired = useRef(false);
  useEffect(() => {
    if (done && !fired.current) {
      fired.current = true;
      onTyped?.();
    }
  }, [done, onTyped]);
  if (!animate) return <p className="whitespace-pre-wrap">{text}</p>;
  // Screen readers get the whole text at once; the letters appear for the eyes only.
  return (
    <>
      <span className="sr-only">{text}</span>
      <p aria-hidden="true" data-typing={done ? undefined : 'true'} className="whitespace-pre-wrap">
        {shown}
      </p>
    </>
  );
}

/** What happened outside the chat (decision 054): a small notice, not an answer, with the words to type. */
function NoteItem({ message }: { message: UIMessage }) {
  const { t } = useTranslation('chat');
  const part = message.parts.find((p) => p.type === 'data-note') as { data?: { text?: unknown; say?: unknown } } | undefined;
  const text = typeof part?.data?.text === 'string' ? part.data.text : '';
  const say = typeof part?.data?.say === 'string' ? part.data.say : '';
  if (!text) return null;
  return (
    <div data-testid="chat-note" role="note" className="flex justify-center">
      <p className="max-w-[90%] rounded-lg border border-dashed border-border bg-background px-3 py-1.5 text-center text-xs text-muted-foreground">
        <span className="sr-only">{t('notes.label')}: </span>
        {text}
        {say && (
          <>
            {' '}
            {t('notes.sayHint')}{' '}
            <q data-testid="chat-note-say" className="font-medium text-foreground">
              {say}
            </q>
          </>
        )}
      </p>
    </div>
  );
}

const isNote = (m: UIMessage) => m.parts.some((p) => p.type === 'data-note');

function MessageItem({ message, isLatest, animate, onTyped }: { message: UIMessage; isLatest: boolean; animate: boolean; onTyped?: (id: string) => void }) {
  const { t } = useTranslation('chat');
  const typed = useCallback(() => onTyped?.(message.id), [onTyped, message.id]);
  const [textDone, setTextDone] = useState(!animate);
  const finish = useCallback(() => {
    setTextDone(true);
    typed();
  }, [typed]);
  if (message.role === 'system') return null;
  const visible = message.parts.filter((p) => p.type === 'text' || isToolPart(p) || p.type === 'data-voice' || p.type === 'data-options');
  if (!visible.length) return null;
  const raw = message.parts
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n\n');
  const text = message.role === 'user' ? (formBubbleText(raw) ?? raw) : raw;
  const voice = message.parts.find((p) => p.type === 'data-voice') as { data?: { lang?: string } } | undefined;
  return (
    <Bubble role={message.role} testId="chat-message" wide={message.parts.some(isToolPart)}>
      <span className="sr-only">{message.role === 'user' ? `${t('you')}: ` : `${t('persona.name')}: `}</span>
      {/* The words first, then the widgets of the tools (choices, forms, the summary) once the words are there. */}
      {text && <MessageText text={text} animate={animate && message.role === 'assistant'} onTyped={finish} />}
      {!text && <TypedOnMount onTyped={finish} />}
      {voice && text && <VoiceButton text={text} lang={voice.data?.lang ?? 'de'} />}
      {textDone &&
        message.parts.map((part, i) => {
          if (isToolPart(part)) return <ToolPartView key={part.toolCallId ?? i} part={part} isLatest={isLatest} />;
          // Suggested next steps the server put under a message (the provider greeting's choices).
          if (part.type === 'data-options')
            return (
              <OptionButtons
                key={`options-${i}`}
                options={((part as { data?: { options?: string[] } }).data?.options ?? []).filter((o) => typeof o === 'string')}
                active={isLatest}
              />
            );
          return null;
        })}
    </Bubble>
  );
}

/** A message without words counts as typed at once. */
function TypedOnMount({ onTyped }: { onTyped: () => void }) {
  const fired = useRef(false);
  useEffect(() => {
    if (!fired.current) {
      fired.current = true;
      onTyped();
    }
  }, [onTyped]);
  return null;
}

export function TypingIndicator() {
  const { t } = useTranslation('chat');
  const label = t('typing', { name: t('persona.name') });
  return (
    <div data-testid="chat-typing" role="status" aria-label={label} className="flex justify-start">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-4 py-3">
        <span className="sr-only">{label}</span>
        {[0, 1, 2].map((i) => (
          <span key={i} aria-hidden="true" className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70" style={{ animationDelay: `${i * 150}ms` }} />
        ))}
      </div>
    </div>
  );
}

export interface MessageListProps {
  messages: UIMessage[];
  typing: boolean;
  /** Show the welcome flow's greeting with its choices (providers and admins; the intake greets from the server). */
  welcomeGreeting?: boolean;
  /** Whether a message is new here and should appear with the typewriter animation. */
  animate?: (id: string) => boolean;
  /** Called when an animated message has been typed out. */
  onTyped?: (id: string) => void;
}

/** How close to the bottom (px) still counts as "at the newest message". */
const STICK_SLACK_PX = 48;

export function MessageList({ messages, typing, welcomeGreeting = false, animate, onTyped }: MessageListProps) {
  const { t } = useTranslation('chat');
  const log = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  // Follow new content while the person is at the bottom; once they scroll up to read, leave them there
  // and offer the pill instead. Content grows after the words (widgets, cards loading their data), so the
  // size of the content is watched, not only the message count.
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const name = t('persona.name');
  // A note below a card does not make the card old: its buttons stay active.
  const lastAnswer = messages.findLastIndex((m) => !isNote(m));

  const toBottom = useCallback(() => {
    stick.current = true;
    setUnseen(false);
    end.current?.scrollIntoView?.({ block: 'end' });
  }, []);

  // Only the person scrolling up lets go of the bottom: a scroll that moved up within a second of their wheel,
  // touch, key or pointer. The browser also moves scrollTop by itself (clamping when the typing dots give way
  // to the answer, events dispatched after the content grew again): that keeps following.
  const lastTop = useRef(0);
  const userInputAt = useRef(Number.NEGATIVE_INFINITY);
  const markUserInput = useCallback(() => {
    userInputAt.current = performance.now();
  }, []);
  const onScroll = useCallback(() => {
    const el = log.current;
    if (!el) return;
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_SLACK_PX;
    const movedUp = el.scrollTop < lastTop.current - 1;
    lastTop.current = el.scrollTop;
    if (atBottom) {
      stick.current = true;
      setUnseen(false);
    } else if (movedUp && performance.now() - userInputAt.current < 1_000) stick.current = false;
  }, []);

  const grew = useCallback(() => {
    if (stick.current) end.current?.scrollIntoView?.({ block: 'end' });
    else setUnseen(true);
  }, []);

  useEffect(() => {
    const inner = content.current;
    const outer = log.current;
    if (!inner || !outer || typeof ResizeObserver === 'undefined') return;
    let lastHeight = inner.getBoundingClientRect().height;
    const observer = new ResizeObserver(() => {
      const height = inner.getBoundingClientRect().height;
      const more = height > lastHeight + 1;
      lastHeight = height;
      if (more) grew();
      else if (stick.current) end.current?.scrollIntoView?.({ block: 'end' });
    });
    observer.observe(inner);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [grew]);

  // The history of a reload opens at its end.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, []);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t('log', { name })}
        // A stop for the keyboard, so the history scrolls with the arrow keys also when it holds no button
        // (WCAG 2.1.1; axe scrollable-region-focusable).
        tabIndex={0}
        data-testid="chat-messages"
        onScroll={onScroll}
        onWheel={markUserInput}
        onTouchMove={markUserInput}
        onKeyDown={markUserInput}
        onPointerDown={markUserInput}
        className="flex flex-1 flex-col overflow-y-auto px-4 py-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <div ref={content} className="flex flex-col gap-3">
          {welcomeGreeting && (
            <Bubble role="assistant" testId="chat-greeting">
              <p className="whitespace-pre-wrap">{t('greeting', { name })}</p>
              <OptionButtons options={GREETING_OPTIONS} active={messages.length === 0} />
            </Bubble>
          )}
          {messages.map((m, i) =>
            isNote(m) ? (
              <NoteItem key={m.id} message={m} />
            ) : (
              <MessageItem key={m.id} message={m} isLatest={i === lastAnswer} animate={animate?.(m.id) ?? false} onTyped={onTyped} />
            ),
          )}
          {typing && <TypingIndicator />}
          <div ref={end} />
        </div>
      </div>
      {unseen && (
        <button
          type="button"
          data-testid="chat-new-message"
          onClick={toBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-4 py-1.5 text-xs font-medium text-primary-foreground shadow-md hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('newMessage')}
        </button>
      )}
    </div>
  );
}
