// Unread replies of the support team for the signed-in partner, live: for a badge on the button that opens
// SupportChatDialog (the dialog's opening marks them read; the count follows the 'support.*' events).
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useLiveEvents } from '@/lib/live';

const LIVE = ['support.message', 'support.read'] as const;

export function usePartnerSupportUnread(enabled = true): number {
  const [unread, setUnread] = useState(0);
  const load = useCallback(() => {
    if (!enabled) return;
    api<{ unread: number }>('/api/support/unread').then(
      (r) => setUnread(r.unread),
      () => {},
    );
  }, [enabled]);
  useEffect(load, [load]);
  useLiveEvents(LIVE, load, enabled);
  return unread;
}
