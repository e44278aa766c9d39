// The conversation stays the same on every tab of a signed-in person (decision 054): on the live event
// 'chat.updated' for this session (a note about something that happened elsewhere, or a turn taken in another
// tab), the stored messages are loaded again. Never in the middle of a reply: then once it has finished.
import { useCallback, useEffect, useRef } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { chatApi } from './api.ts';
import { ReloadGate } from './reload-gate.ts';

export function useConversationSync(
  sessionId: string | null,
  /** The newest message shown here: a turn this tab took needs no reload. */
  lastShownId: string | undefined,
  busy: boolean,
  setMessages: (messages: UIMessage[]) => void,
  /** The ids of messages shown by a reload: history, not typed out. */
  markHistory: (ids: string[]) => void,
) {
  const { user } = useAuth();
  const { i18n } = useTranslation();
  // A reload waiting for the reply in progress to end; with the newest message id the event named, if any.
  const pending = useRef<{ lastMessageId: string | null } | null>(null);
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const last = useRef<string | null>(null);
  // A turn started while a reload was loading makes that reload stale (reload-gate.ts).
  const gate = useRef(new ReloadGate());
  useEffect(() => {
    if (busy) gate.current.turnStarted();
  }, [busy]);
  const reloadRef = useRef<() => Promise<void>>(async () => {});
  const lastShown = useRef(lastShownId);
  lastShown.current = lastShownId;

  const reload = useCallback(async () => {
    if (!sessionId) return;
    if (busyRef.current) {
      pending.current = { lastMessageId: null };
      return;
    }
    pending.current = null;
    const token = gate.current.begin();
    try {
      const s = await chatApi.history(sessionId, i18n.resolvedLanguage ?? 'de');
      // A reply may have started while this was loading: it comes back once the reply has ended. One that
      // started and ended meanwhile makes this list stale: load again.
      const settled = gate.current.settle(token, busyRef.current);
      if (settled === 'wait') {
        pending.current = { lastMessageId: null };
        return;
      }
      if (settled === 'again') {
        void reloadRef.current();
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
  reloadRef.current = reload;

  useLiveEvents(
    ['chat.updated'],
    (e: LiveEvent) => {
      const p = e.payload as { sessionId?: unknown; lastMessageId?: unknown } | undefined;
      if (p?.sessionId !== sessionId) return;
      const named = typeof p.lastMessageId === 'string' ? p.lastMessageId : null;
      if (busyRef.current) {
        // Known once the reply has ended: the event may be about this very reply.
        pending.current = pending.current && !pending.current.lastMessageId ? pending.current : { lastMessageId: named };
        return;
      }
      if (named && named === lastShown.current) return;
      void reload();
    },
    Boolean(user && sessionId),
  );

  useEffect(() => {
    const waiting = pending.current;
    if (busy || !waiting) return;
    pending.current = null;
    if (waiting.lastMessageId && waiting.lastMessageId === lastShown.current) return;
    void reload();
  }, [busy, reload]);
}
