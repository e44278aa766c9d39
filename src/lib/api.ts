// The client's one fetch-and-error helper (decision 067): same-origin cookies, the UI language for translated
// errors, and one reading of an error answer into a typed ApiError, whatever the body (JSON, a file, audio).
import { currentLang } from '@/i18n';

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldError[];
  /** What the server sent to go on with (e.g. the fresh quote of UNLOCK_PRICE_CHANGED). */
  readonly details: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, fields: FieldError[] = [], details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: FieldError[]; details?: Record<string, unknown> };
  code?: string;
  message?: string;
}

/** The error of a response that was not ok: our routes answer { error: {...} }, better-auth answers { code, message }. */
export function apiErrorOf(status: number, text: string): ApiError {
  let e: ErrorBody = {};
  try {
    e = (text ? (JSON.parse(text) as ErrorBody | null) : null) ?? {};
  } catch {
    e = {};
  }
  const code = e.error?.code ?? e.code ?? `HTTP_${status}`;
  return new ApiError(status, code, e.error?.message ?? e.message ?? '', e.error?.fields ?? [], e.error?.details);
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a file). */
  file?: { data: Blob; type: string };
  /** The language of translated errors when it is not the UI's (the chat's, say). */
  lang?: string;
  /**
   * A read that must see a change a live event just announced (somebody else's write): never from a read replica
   * that may lag behind (decision 079).
   */
  fresh?: boolean;
}

/** The response of a request, or the ApiError of a failed one (NETWORK when there was no answer at all). */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const headers: Record<string, string> = { 'x-akut-lang': init.lang ?? currentLang() };
  if (init.fresh) headers['x-akut-fresh'] = '1';
  let body: BodyInit | undefined;
  if (init.file) {
    headers['content-type'] = init.file.type || 'application/octet-stream';
    body = init.file.data;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), credentials: 'same-origin', headers, body });
  } catch {
    throw new ApiError(0, 'NETWORK', '');
  }
  if (!res.ok) throw apiErrorOf(res.status, await res.text());
  return res;
}

/** A JSON request and its JSON answer. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  const text = await (await apiFetch(path, { method: 'GET', ...init })).text();
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}
