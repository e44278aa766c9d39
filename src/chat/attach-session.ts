// When a person signs in (for example right after verifying the e-mail address), the chat session this
// browser kept is attached to their account: its requests held as drafts become theirs and are released
// once the address is verified. Quietly: a session that is not theirs is replaced, nothing is shown.
import { useEffect, useRef } from 'react';
import { chatApi, sessionStore } from './api.ts';

export function useAttachChatSession(userId: string | null, lang: string) {
  const attachedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || attachedFor.current === userId) return;
    attachedFor.current = userId;
    const id = sessionStore.get();
    if (!id) return;
    chatApi.resumeSession(id, lang).then(
      (s) => {
        if (s.id !== id) sessionStore.set(s.id);
      },
      () => {
        // offline or rate-limited: the next chat opened attaches it
      },
    );
  }, [userId, lang]);
}
