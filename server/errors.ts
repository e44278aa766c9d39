// One error type for the whole server. Each code maps in one place to an HTTP status;
// the message shown to people comes from the `errors` locale namespace (errors.<CODE>).
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TWO_FACTOR_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CHAT_SESSION_NOT_FOUND: 404,
  CHAT_MESSAGE_EMPTY: 400,
  CHAT_MESSAGE_TOO_LONG: 400,
  TOOL_NOT_ALLOWED: 403,
  CHAT_CONFIRMATION_EXPIRED: 409,
  TTS_FAILED: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface FieldError {
  path: string;
  code: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  readonly params: Record<string, string | number> | undefined;

  constructor(code: ErrorCode, opts: { message?: string; fields?: FieldError[]; params?: Record<string, string | number>; cause?: unknown } = {}) {
    super(opts.message ?? code, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.params = opts.params;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
