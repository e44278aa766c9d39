// Who has an open ws connection to this process: the support chat mails a reply only to a partner who is
// offline. Per process: a partner connected to another instance counts as offline there and gets a mail they
// did not strictly need, never the other way round (docs/decisions/029-support-chat.md).
export interface Presence {
  connected(userId: string): void;
  disconnected(userId: string): void;
  isOnline(userId: string): boolean;
}

export function createPresence(): Presence {
  const open = new Map<string, number>();
  return {
    connected(userId) {
      open.set(userId, (open.get(userId) ?? 0) + 1);
    },
    disconnected(userId) {
      const n = (open.get(userId) ?? 0) - 1;
      if (n > 0) open.set(userId, n);
      else open.delete(userId);
    },
    isOnline: (userId) => (open.get(userId) ?? 0) > 0,
  };
}
