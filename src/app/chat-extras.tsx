// The floating chat's open button and the hook that attaches this browser's chat session on sign-in: loaded
// after the page has hydrated, so they stay out of the first JavaScript of every page (decision 037).
import { FloatingChat } from '@/chat/floating-chat';
import { useAttachChatSession } from '@/chat/attach-session';

export function ChatExtras({ userId, lang, showFloatingChat }: { userId: string | null; lang: string; showFloatingChat: boolean }) {
  useAttachChatSession(userId, lang);
  if (!showFloatingChat) return null;
  return (
    <div className="print:hidden">
      <FloatingChat />
    </div>
  );
}
