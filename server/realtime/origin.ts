// Where an action was taken: the chat session whose turn or confirmation is running. Events published meanwhile
// carry it (BusEvent.origin), so the chat that took the action is not told of it a second time by a note.
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ chatSessionId: string }>();

/** Runs fn with the chat session as the origin of every event it publishes. */
export function inChatSession<T>(chatSessionId: string, fn: () => T): T {
  return storage.run({ chatSessionId }, fn);
}

export function currentOrigin(): string | undefined {
  return storage.getStore()?.chatSessionId;
}
