// Turns whatever went wrong into a sentence in the UI language.
import type { TFunction } from 'i18next';
import { ChatApiError, parseApiError } from './api.ts';

export function toChatError(err: unknown): ChatApiError | Error {
  if (err instanceof ChatApiError) return err;
  const e = err as { statusCode?: number; responseBody?: string; message?: string } | undefined;
  // The AI SDK's APICallError carries the response body: our { error: { code, message } }.
  if (e && typeof e.statusCode === 'number') return parseApiError(e.statusCode, e.responseBody ?? e.message ?? '');
  return err instanceof Error ? err : new Error(String(err));
}

export function errorText(err: unknown, t: TFunction): string {
  const e = toChatError(err);
  if (e instanceof ChatApiError) {
    if (e.message) return e.message;
    return t('error.generic');
  }
  if (e instanceof TypeError) return t('error.network');
  // Errors inside the stream arrive already translated by the server.
  return e.message && e.message.length < 300 ? e.message : t('error.generic');
}

export function isSessionGone(err: unknown): boolean {
  const e = toChatError(err);
  return e instanceof ChatApiError && e.code === 'CHAT_SESSION_NOT_FOUND';
}
