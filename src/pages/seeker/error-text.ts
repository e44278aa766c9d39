import { ApiError } from '@/lib/api';

/** The server's translated message of a failed call, or the given fallback (network errors have none). */
export function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError && e.message ? e.message : fallback;
}
