// The conversation stays the same on every tab of a signed-in person (decision 054): on the live event
// 'chat.updated' for this session (a note about something that happened elsewhere, or a turn taken in another
// tab), the stored messages are loaded again. Never in the middle of a reply: then once it has finished.
import { useCallback, useEffect, useRef } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { chatApi } from './api.ts';

export function useConversationSync(
  sessionId: string | null,
  busy: boolean,
  setMessages: (messages: UIMessage[]) => void,
  /** The ids of messages shown by a reload: history, not typed out. */
  markHistory: (ids: string[]) => void,
) {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  const pending = useRef(false);
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const last = useRef<string | null>(null);

  const reload = useCallback(async () => {
    if (!sessionId) return;
    if (busyRef.current) {
      pending.current = true;
      return;
    }
    pending.current = false;
    try {
      const s = await chatApi.history(sessionId, i18n.resolvedLanguage ?? 'de');
      // A reply may have started while this was loading: it comes back with the next event.
      if (busyRef.current) {
        pending.current = true;
        return;
      }
      const signature = JSON.stringify(s.messages);
      if (signature === last.current) return;
      last.current = signature;
      markHistory(s.messages.map((m) => m.id));
      setMessages(s.messages);
    } catch {
      // offline for a moment: the next event or a reload brings it
    }
  }, [sessionId, i18n, markHistory, setMessages]);

  useLiveEvents(
    ['chat.updated'],
    (e: LiveEvent) => {
      const target = (e.payload as { sessionId?: unknown } | undefined)?.sessionId;
      if (target === sessionId) void reload();
    },
    Boolean(user && sessionId),
  );

  useEffect(() => {
    if (!busy && pending.current) void reload();
  }, [busy, reload]);
}
