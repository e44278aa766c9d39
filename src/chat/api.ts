// The chat's HTTP calls besides the stream: sessions and confirmations. Errors carry the server's code
// and its already translated message (the request names the UI language in x-akut-lang).
import type { UIMessage } from 'ai';

export interface SessionView {
  id: string;
  machine: string;
  state: string | null;
  messages: UIMessage[];
}

export interface ResumeView extends SessionView {
  /** False when the kept session could not be used and a new one was created. */
  resumed: boolean;
}

export interface ConfirmResponse {
  status: 'pending' | 'confirmed' | 'cancelled' | 'failed' | 'expired';
  result: Record<string, unknown> | null;
  repeated: boolean;
}

export class ChatApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ChatApiError';
    this.status = status;
    this.code = code;
  }
}

/** Reads `{ error: { code, message } }` from a response body (also the text of an AI SDK APICallError). */
export function parseApiError(status: number, body: string): ChatApiError {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: string; message?: string } };
    if (parsed.error?.code) return new ChatApiError(status, parsed.error.code, parsed.error.message ?? parsed.error.code);
  } catch {
    // not JSON
  }
  return new ChatApiError(status, 'INTERNAL', '');
}

async function call<T>(method: string, url: string, lang: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'x-akut-lang': lang, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw parseApiError(res.status, text);
  return JSON.parse(text) as T;
}

export const chatApi = {
  // current: a signed-in person gets their one current conversation on every tab and device (decision 054).
  createSession: (lang: string) => call<ResumeView>('POST', '/api/chat/session', lang, { lang, current: true }),
  /** A new, empty conversation; for a signed-in person it becomes their current one. */
  newSession: (lang: string) => call<ResumeView>('POST', '/api/chat/session', lang, { lang, fresh: true }),
  /** The kept session with its history, or a new one when it is gone or not the caller's (no 404 in the console). */
  resumeSession: (id: string, lang: string) => call<ResumeView>('POST', '/api/chat/session', lang, { lang, resumeId: id, current: true }),
  /** The session's stored messages (after a 'chat.updated' event: a note, or a turn in another tab). */
  history: (id: string, lang: string) => call<SessionView>('GET', `/api/chat/session/${encodeURIComponent(id)}`, lang),
  confirm: (input: { sessionId: string; confirmationId: string; decision: 'confirm' | 'cancel' }, lang: string) =>
    call<ConfirmResponse>('POST', '/api/chat/confirm', lang, input),
};

const STORAGE_KEY = 'akut.chat.sessionId';

/** The chat session id kept in the browser (the server keeps the session itself). */
export const sessionStore = {
  get(): string | null {
    try {
      return window.localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
  set(id: string) {
    try {
      window.localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // storage unavailable (private mode): the session lasts for this page only
    }
  },
  clear() {
    try {
      window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // ignore
    }
  },
};
