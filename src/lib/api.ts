// JSON API helper: same-origin cookies, the UI language for translated errors, typed errors.
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
  constructor(status: number, code: string, message: string, fields: FieldError[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { 'x-akut-lang': currentLang(), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', '');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: FieldError[] }; code?: string; message?: string } | null) ?? {};
    // Our routes answer { error: {...} }; better-auth answers { code, message }.
    const code = e.error?.code ?? e.code ?? `HTTP_${res.status}`;
    throw new ApiError(res.status, code, e.error?.message ?? e.message ?? '', e.error?.fields ?? []);
  }
  return data as T;
}
