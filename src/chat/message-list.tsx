// The conversation: the greeting (the assistant says plainly it is an AI), the messages with their tool
// widgets, and the typing indicator.
import { useEffect, useRef, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { OptionButtons } from './tool-renderers/option-buttons.tsx';
import { ToolPartView } from './tool-renderers/registry.tsx';
import { isToolPart } from './tool-renderers/types.ts';
import { GREETING_OPTIONS } from './tool-renderers/welcome.tsx';

function Bubble({ role, children, testId }: { role: 'user' | 'assistant'; children: ReactNode; testId: string }) {
  return (
    <div data-role={role} data-testid={testId} className={cn('flex', role === 'user' ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words',
          role === 'user' ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {children}
      </div>
    </div>
  );
}

function MessageItem({ message, isLatest }: { message: UIMessage; isLatest: boolean }) {
  const { t } = useTranslation('chat');
  if (message.role === 'system') return null;
  const visible = message.parts.filter((p) => p.type === 'text' || isToolPart(p));
  if (!visible.length) return null;
  return (
    <Bubble role={message.role} testId="chat-message">
      <span className="sr-only">{message.role === 'user' ? `${t('you')}: ` : `${t('persona.name')}: `}</span>
      {/* The words first, then the widgets of the tools (choices, confirmations) below them. */}
      {message.parts.map((part, i) =>
        part.type === 'text' ? (
          <p key={i} className="whitespace-pre-wrap [&+p]:mt-2">
            {part.text}
          </p>
        ) : null,
      )}
      {message.parts.map((part, i) => (isToolPart(part) ? <ToolPartView key={part.toolCallId ?? i} part={part} isLatest={isLatest} /> : null))}
    </Bubble>
  );
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

export function MessageList({ messages, typing }: { messages: UIMessage[]; typing: boolean }) {
  const { t } = useTranslation('chat');
  const end = useRef<HTMLDivElement>(null);
  const name = t('persona.name');
  const lastText = messages.at(-1)?.parts.map((p) => (p.type === 'text' ? p.text.length : 1)).join(',');

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastText, typing]);

  return (
    <div role="log" aria-live="polite" aria-label={t('log', { name })} data-testid="chat-messages" className="flex flex-1 flex-col gap-3 overflow-y-auto px-4 py-4">
      <Bubble role="assistant" testId="chat-greeting">
        <p className="whitespace-pre-wrap">{t('greeting', { name })}</p>
        <OptionButtons options={GREETING_OPTIONS} active={messages.length === 0} />
      </Bubble>
      {messages.map((m, i) => (
        <MessageItem key={m.id} message={m} isLatest={i === messages.length - 1} />
      ))}
      {typing && <TypingIndicator />}
      <div ref={end} />
    </div>
  );
}
