// useChat wiring: the transport posts only the newest message with the session id and the UI language;
// the server keeps the history. A session is created on the first message.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { chatApi, sessionStore } from './api.ts';
import { ChatInput } from './chat-input.tsx';
import { ChatActionsContext, type ChatActions } from './context.ts';
import { errorText, isSessionGone } from './errors.ts';
import { MessageList } from './message-list.tsx';

export interface ConversationProps {
  initialSessionId: string | null;
  initialMessages: UIMessage[];
  /** A notice to show from the start (for example: the stored conversation was gone). */
  initialNotice?: string | null;
  autoFocus?: boolean;
  /** The session is gone (another person's, or deleted): start a fresh conversation. */
  onReset(): void;
}

export function Conversation({ initialSessionId, initialMessages, initialNotice, autoFocus, onReset }: ConversationProps) {
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

  const { messages, sendMessage, status, error, clearError } = useChat({
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

  const busy = status === 'submitted' || status === 'streaming';
  const last = messages.at(-1);
  const typing = status === 'submitted' || (status === 'streaming' && (last?.role !== 'assistant' || !last.parts.some((p) => p.type === 'text' && p.text.length > 0)));

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

  const actions: ChatActions = useMemo(() => ({ send, sessionId, lang, busy }), [send, sessionId, lang, busy]);
  const [inputError, setInputError] = useState<string | null>(null);
  const notice = inputError ?? (error ? errorText(error, t) : initial);

  return (
    <ChatActionsContext.Provider value={actions}>
      <MessageList messages={messages} typing={typing} />
      {notice && (
        <p role="alert" data-testid="chat-error" className="mx-3 mb-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {notice}
        </p>
      )}
      <ChatInput onSend={send} disabled={busy} autoFocus={autoFocus} onTooLong={setInputError} />
    </ChatActionsContext.Provider>
  );
}
