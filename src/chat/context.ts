// What tool widgets need from the conversation around them.
import { createContext, useContext } from 'react';

export interface ChatActions {
  /** Sends a user message, as if typed (choice buttons send their label). */
  send(text: string): void;
  /** The server session, once one exists. */
  sessionId: string | null;
  /** The UI language sent with requests. */
  lang: string;
  /** A reply is being written: choice buttons wait. */
  busy: boolean;
  /** Starts a new, empty conversation (the 'Neues Gespräch' button, or when the person asked for one). */
  newConversation(): void;
}

export const ChatActionsContext = createContext<ChatActions>({ send: () => {}, sessionId: null, lang: 'de', busy: false, newConversation: () => {} });

export function useChatActions(): ChatActions {
  return useContext(ChatActionsContext);
}
