// useChat wiring: the transport posts only the newest message with the session id and the UI language;
// the server keeps the history. A session is created on the first message.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { chatApi, sessionStore } from './api.ts';
import { ChatInput } from './chat-input.tsx';
import { ChatActionsContext, type ChatActions } from './context.ts';
import { errorText, isSessionGone } from './errors.ts';
import { MessageList } from './message-list.tsx';
import { typewriterEnabled } from './typewriter.ts';
import { TtsPanel } from './tts/index.ts';
import { useConversationSync } from './use-conversation-sync.ts';
import { registerWelcomeRenderers } from './tool-renderers/welcome.tsx';
import { registerIntakeRenderers } from './intake/index.ts';
import { registerLazyMarketRenderers } from './market/lazy-register.ts';
import { registerLazyAffiliateRenderers } from './affiliate/lazy-register.ts';
import { registerLazyAccountRenderers } from './account/lazy-register.ts';
import { registerLazyAdminRenderers } from './admin/lazy-register.ts';
import { registerPrivacyRenderers } from './tool-renderers/privacy.tsx';
import { registerConversationRenderers } from './tool-renderers/conversation.tsx';

// The widgets of the tools, with the conversation that shows them (this chunk loads after the page, decision 055).
registerWelcomeRenderers();
registerIntakeRenderers();
registerLazyMarketRenderers();
registerLazyAffiliateRenderers();
registerLazyAccountRenderers();
registerLazyAdminRenderers();
registerPrivacyRenderers();
registerConversationRenderers();

/** Without the typewriter, the greeting's messages follow each other at this pace. */
const INTRO_STEP_MS = 700;
/** With it, a short pause after each typed greeting message. */
const INTRO_PAUSE_MS = 300;

export interface ConversationProps {
  initialSessionId: string | null;
  initialMessages: UIMessage[];
  /** The session's flow: the welcome flow shows its greeting in the client, the intake's greeting comes from the server. */
  machine?: string;
  /** A session just created: its greeting messages appear one after the other. */
  fresh?: boolean;
  /** A notice to show from the start (for example: the stored conversation was gone). */
  initialNotice?: string | null;
  autoFocus?: boolean;
  /** Words typed into the message field before the conversation took over. */
  initialDraft?: string;
  /** The session is gone (another person's, or deleted): start a fresh conversation. */
  onReset(): void;
  /** The person asked for a new conversation. */
  onNewConversation(): void;
}

export function Conversation({
  initialSessionId,
  initialMessages,
  machine,
  fresh = false,
  initialNotice,
  autoFocus,
  initialDraft,
  onReset,
  onNewConversation,
}: ConversationProps) {
  const { t, i18n } = useTranslation('chat');
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'de';
  const langRef = useRef(lang);
  langRef.current = lang;
  const [sessionId, setSessionId] = useState<string | null>(initialSessionId);
  const sessionRef = useRef<string | null>(initialSessionId);
  const creating = useRef<Promise<string> | null>(null);

  const ensureSession = useCallback(async (): Promise<string> => {
    if (sessionRef.current) return sessionRef.current;
    creating.current ??= chatApi.createSession(langRef.current).then((s) => {
      sessionRef.current = s.id;
      sessionStore.set(s.id);
      setSessionId(s.id);
      return s.id;
    });
    try {
      return await creating.current;
    } finally {
      creating.current = null;
    }
  }, []);

  const transport = useMemo(
    () =>
      new DefaultChatTransport<UIMessage>({
        api: '/api/chat',
        prepareSendMessagesRequest: async ({ messages }) => {
          const id = await ensureSession();
          const last = messages[messages.length - 1]!;
          return {
            headers: { 'x-akut-lang': langRef.current },
            body: {
              sessionId: id,
              lang: langRef.current,
              message: { id: last.id, role: 'user', parts: last.parts.filter((p) => p.type === 'text').map((p) => ({ type: 'text', text: p.text })) },
            },
          };
        },
      }),
    [ensureSession],
  );

  const { messages, sendMessage, setMessages, status, error, clearError } = useChat({
    id: 'akut-chat',
    messages: initialMessages,
    transport,
    // Shown in the panel; nothing goes to the console.
    onError: (err) => {
      if (isSessionGone(err)) {
        sessionStore.clear();
        onReset();
      }
    },
  });

  // The greeting of a new session appears message by message; a reload shows the history at once.
  const introLength = fresh ? initialMessages.length : 0;
  const [introShown, setIntroShown] = useState(introLength > 0 ? 1 : 0);
  const introducing = introShown < introLength && messages.length <= introLength;
  const animateAll = useMemo(() => typewriterEnabled(), []);
  const historyIds = useRef(new Set(fresh ? [] : initialMessages.map((m) => m.id)));
  const animate = useCallback((id: string) => animateAll && !historyIds.current.has(id), [animateAll]);
  const onTyped = useCallback(
    (id: string) => {
      historyIds.current.add(id);
      if (animateAll && introShown < introLength && initialMessages[introShown - 1]?.id === id) {
        window.setTimeout(() => setIntroShown((n) => n + 1), INTRO_PAUSE_MS);
      }
    },
    [animateAll, introShown, introLength, initialMessages],
  );
  useEffect(() => {
    if (animateAll || introShown >= introLength) return;
    const timer = window.setTimeout(() => setIntroShown((n) => n + 1), INTRO_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [animateAll, introShown, introLength]);
  const visibleMessages = introducing ? messages.slice(0, introShown) : messages;

  const busy = status === 'submitted' || status === 'streaming';
  // Notes and turns of the person's other tabs arrive live; shown at once, not typed again.
  const markHistory = useCallback((ids: string[]) => {
    for (const id of ids) historyIds.current.add(id);
  }, []);
  useConversationSync(sessionId, messages.at(-1)?.id, busy, setMessages, markHistory);
  const last = messages.at(-1);
  const typing =
    status === 'submitted' || (status === 'streaming' && (last?.role !== 'assistant' || !last.parts.some((p) => p.type === 'text' && p.text.length > 0)));

  const [initial, setInitial] = useState(initialNotice ?? null);
  const send = useCallback(
    (text: string) => {
      if (!text.trim() || busy) return;
      clearError();
      setInitial(null);
      void sendMessage({ text: text.trim() });
    },
    [busy, clearError, sendMessage],
  );

  const actions: ChatActions = useMemo(
    () => ({ send, sessionId, lang, busy, newConversation: onNewConversation }),
    [send, sessionId, lang, busy, onNewConversation],
  );
  const [inputError, setInputError] = useState<string | null>(null);
  const notice = inputError ?? (error ? errorText(error, t) : initial);

  return (
    <ChatActionsContext.Provider value={actions}>
      <MessageList messages={visibleMessages} typing={typing || introducing} welcomeGreeting={machine === 'welcome'} animate={animate} onTyped={onTyped} />
      {notice && (
        <p
          role="alert"
          data-testid="chat-error"
          className="mx-3 mb-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
        >
          {notice}
        </p>
      )}
      <TtsPanel messages={visibleMessages} busy={busy || introducing} />
      <ChatInput onSend={send} disabled={busy} autoFocus={autoFocus} initialText={initialDraft} onTooLong={setInputError} />
    </ChatActionsContext.Provider>
  );
}
