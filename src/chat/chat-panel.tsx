// The chat surface: inline on /search (height from the parent) or in the floating panel.
// The conversation itself (useChat, the AI SDK, zod, the tool widgets) is its own chunk, loaded while the session
// opens: until then the panel shows what the server rendered into /search, the greeting of a new anonymous chat
// (decision 055), or a loading line.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { chatApi, sessionStore } from './api.ts';
import { ChatInput } from './chat-input.tsx';
import { MessageList } from './message-list.tsx';
import { cn } from '@/lib/utils';
import { errorText } from './errors.ts';
import { useAuth } from '@/lib/auth';
import { useInitialData } from '@/lib/page-meta';
import { loadAllWords } from '@/i18n';
import type { ConversationProps } from './conversation.tsx';

type ConversationComponent = (props: ConversationProps) => ReactNode;
let conversationChunk: Promise<ConversationComponent> | null = null;
/** The conversation's code, loaded once (the tool widgets register themselves with it). */
function loadConversation(): Promise<ConversationComponent> {
  // With every word of the language: the conversation's widgets read many namespaces (decision 087).
  conversationChunk ??= Promise.all([import('./conversation.tsx'), loadAllWords()]).then(([m]) => m.Conversation);
  conversationChunk.catch(() => {
    conversationChunk = null;
  });
  return conversationChunk;
}

/** The greeting of a new anonymous chat as the server rendered it into /search (server/ssr/page-data.ts). */
interface ServedGreeting {
  lang: string;
  messages: UIMessage[];
}

const textsOf = (messages: UIMessage[]) =>
  messages.map((m) =>
    m.parts
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join('\n\n'),
  );
/** Whether the session's messages are the ones already on screen (same words, same order). */
const sameMessages = (a: UIMessage[], b: UIMessage[]) => a.length === b.length && textsOf(a).every((t, i) => t === textsOf(b)[i]);

export interface ChatPanelProps {
  variant: 'inline' | 'floating';
  onClose?: () => void;
}

type Loaded = {
  sessionId: string | null;
  machine: string | null;
  messages: UIMessage[];
  fresh: boolean;
  notice: string | null;
  key: number;
  /** Null when the conversation's code could not be loaded. */
  Conversation: ConversationComponent | null;
};

/**
 * Restores the stored session's history, or opens a new session (whose greeting the server sends);
 * a session that is gone is replaced by a new one.
 */
function useStoredConversation(lang: string) {
  const { t } = useTranslation('chat');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const langRef = useRef(lang);
  langRef.current = lang;

  const open = useCallback(
    async (resumeId: string | null, notice: string | null, fresh = false) => {
      const code = loadConversation().catch(() => null);
      try {
        const s = fresh
          ? await chatApi.newSession(langRef.current)
          : resumeId
            ? await chatApi.resumeSession(resumeId, langRef.current)
            : await chatApi.createSession(langRef.current);
        if (s.id !== resumeId) sessionStore.set(s.id);
        const Conversation = await code;
        setLoaded((l) => ({
          sessionId: s.id,
          machine: s.machine,
          messages: s.messages,
          fresh: !s.resumed,
          notice: Conversation ? notice : t('error.generic'),
          key: (l?.key ?? 0) + 1,
          Conversation,
        }));
      } catch (err) {
        const Conversation = await code;
        setLoaded((l) => ({ sessionId: null, machine: null, messages: [], fresh: false, notice: errorText(err, t), key: (l?.key ?? 0) + 1, Conversation }));
      }
    },
    [t],
  );

  useEffect(() => {
    // In a task of its own, not in the one that runs the effects of hydration (decision 057): starting the
    // conversation's code adds a preload link per chunk it needs, which made that task a long one on a phone.
    const start = setTimeout(() => void open(sessionStore.get(), null), 0);
    return () => clearTimeout(start);
    // The history is loaded once per mount; the language only changes how new replies are written.
  }, []);

  const reset = useCallback(() => {
    sessionStore.clear();
    void open(null, t('error.sessionReset'));
  }, [open, t]);
  const startNew = useCallback(() => {
    void open(null, null, true);
  }, [open]);
  return [loaded, reset, startNew] as const;
}

export function ChatPanel({ variant, onClose }: ChatPanelProps) {
  const { t, i18n } = useTranslation('chat');
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'de';
  const [loaded, reset, startNew] = useStoredConversation(lang);
  const name = t('persona.name');
  const { user } = useAuth();
  const served = useInitialData<ServedGreeting>('chat-greeting');
  const greeting = variant === 'inline' && !user && served && served.lang === lang && served.messages.length > 0 ? served.messages : null;
  // What the visitor typed into the served panel before the conversation took over goes on in its field.
  const draft = useRef({ text: '', focused: false });
  const keepDraft = useCallback((text: string, focused: boolean) => {
    draft.current = { text, focused };
  }, []);

  return (
    <section
      data-testid="chat-panel"
      data-variant={variant}
      // Whether the conversation has taken over (before, the served greeting and a field that cannot send yet).
      data-ready={loaded?.Conversation ? 'true' : 'false'}
      aria-label={t('title', { name })}
      className={cn(
        'flex min-h-0 flex-col overflow-hidden bg-card text-card-foreground',
        variant === 'inline' ? 'h-full rounded-xl border border-border' : 'h-full rounded-xl border border-border shadow-2xl',
      )}
    >
      <header className="flex items-start gap-3 border-b border-border px-4 py-3">
        <div aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
          {name.slice(0, 1)}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{t('title', { name })}</h2>
          <p data-testid="chat-ai-notice" className="text-xs text-muted-foreground">
            {t('aiNotice', { name })}
          </p>
        </div>
        {loaded?.Conversation && (
          <button
            type="button"
            data-testid="chat-new"
            onClick={startNew}
            className="-my-0.5 shrink-0 rounded-md border border-border px-2 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t('newChat')}
          </button>
        )}
        {onClose && (
          <button
            type="button"
            data-testid="chat-close"
            aria-label={t('close')}
            onClick={onClose}
            className="-mr-1 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        )}
      </header>
      {loaded?.Conversation ? (
        <loaded.Conversation
          key={loaded.key}
          initialSessionId={loaded.sessionId}
          initialMessages={loaded.messages}
          machine={loaded.machine ?? undefined}
          // The greeting the server rendered is on screen already: it is not introduced again.
          fresh={loaded.fresh && !(greeting && sameMessages(greeting, loaded.messages))}
          initialNotice={loaded.notice}
          initialDraft={draft.current.text}
          autoFocus={variant === 'floating' || draft.current.focused}
          onReset={reset}
          onNewConversation={startNew}
        />
      ) : loaded ? (
        <p role="alert" data-testid="chat-error" className="m-3 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {loaded.notice}
        </p>
      ) : greeting ? (
        <>
          <MessageList messages={greeting} typing={false} />
          <ChatInput onSend={ignore} disabled onDraft={keepDraft} />
        </>
      ) : (
        <p role="status" data-testid="chat-loading" className="flex flex-1 items-center justify-center p-6 text-sm text-muted-foreground">
          {t('loading')}
        </p>
      )}
    </section>
  );
}

const ignore = () => undefined;
