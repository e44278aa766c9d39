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
  CHAT_BUSY: 409,
  TTS_FAILED: 503,
  // The database is unreachable for a moment (restart, failover, dropped connections): try again shortly.
  SERVICE_UNAVAILABLE: 503,
  PROVIDER_PROFILE_REQUIRED: 409,
  PROVIDER_PROFILE_EXISTS: 409,
  PROFILE_INCOMPLETE: 400,
  INSUFFICIENT_GOINTS: 402,
  UNLOCK_FAILED: 500,
  REQUEST_SOLD_OUT: 409,
  ALREADY_UNLOCKED: 409,
  REQUEST_NOT_AVAILABLE: 409,
  REQUEST_DEAL_PENDING: 409,
  UNLOCK_PRICE_CHANGED: 409,
  NOT_UNLOCKED: 403,
  OFFER_EXISTS: 409,
  OFFER_NOT_AVAILABLE: 409,
  DEAL_ALREADY_CONFIRMED: 409,
  DEAL_NOT_ACTIVE: 409,
  REVIEW_NOT_ALLOWED: 409,
  REVIEW_EXISTS: 409,
  REQUEST_NOT_CLOSABLE: 409,
  REQUEST_REF_REQUIRED: 400,
  PROFILE_CHANGE_INVALID: 400,
  PROFILE_UNCHANGED: 400,
  CONTACT_NOT_VISIBLE: 409,
  INQUIRY_LIMIT: 429,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  PAYMENT_INIT_FAILED: 502,
  CHECKOUT_UNAVAILABLE: 503,
  WEBHOOK_SIGNATURE_INVALID: 400,
  PAYPAL_EMAIL_REQUIRED: 400,
  BANK_FIELDS_REQUIRED: 400,
  IBAN_INVALID: 400,
  BIC_INVALID: 400,
  PAYOUT_BELOW_MINIMUM: 400,
  INSUFFICIENT_EARNINGS: 409,
  PAYOUT_METHOD_REQUIRED: 409,
  PAYOUT_NOT_POSSIBLE: 409,
  PAYOUT_FAILED: 502,
  INVALID_CHARACTERS: 400,
  METHOD_NOT_ALLOWED: 405,
  COMMISSION_POOL_TOO_HIGH: 400,
  COMMISSION_LEVELS_TOO_HIGH: 400,
  COMMISSION_NOT_POSSIBLE: 409,
  SUPPORT_MESSAGE_EMPTY: 400,
  SUPPORT_MESSAGE_TOO_LONG: 400,
  PARTNER_PROFILE_REQUIRED: 409,
  VIDEO_NOT_AVAILABLE: 409,
  INVITE_LIMIT: 429,
  INVITE_SELF: 400,
  MATERIAL_INCOME_PROMISE: 400,
  FOLLOW_UP_SCRIPT_INVALID: 400,
  FOLLOW_UP_TOO_FEW_STEPS: 422,
  FOLLOW_UP_NAME_HIDDEN: 422,
  FOLLOW_UP_STEP_UNREACHABLE: 422,
  FOLLOW_UP_DEAD_END: 422,
  FOLLOW_UP_NO_HAND_OFF: 422,
  FOLLOW_UP_NO_DRAFT: 409,
  FOLLOW_UP_DRAFT_CHANGED: 409,
  COMMISSION_PLAN_CHANGED: 409,
  FOLLOW_UP_STEP_NOT_FOUND: 404,
  FOLLOW_UP_VERSION_NOT_FOUND: 404,
  FOLLOW_UP_STEP_LIMIT: 400,
  REASON_REQUIRED: 400,
  VIDEO_URL_INVALID: 400,
  SUPPORT_PARTNER_NOT_FOUND: 404,
  SUPPORT_PARTNER_AMBIGUOUS: 409,
  PRICE_CATEGORY_UNKNOWN: 400,
  PRICE_AMOUNT_INVALID: 400,
  PRICE_RATE_INVALID: 400,
  PRICE_ENTRY_EXISTS: 409,
  USER_CHANGE_SELF: 409,
  LAST_ADMIN: 409,
  SUSPEND_REASON_REQUIRED: 400,
  USER_ALREADY_SUSPENDED: 409,
  USER_NOT_SUSPENDED: 409,
  JOB_NOT_FAILED: 409,
  ACCOUNT_SUSPENDED: 403,
  ACCOUNT_DELETION_BLOCKED: 409,
  DELETE_CONFIRMATION_MISMATCH: 400,
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
  /** What the caller needs to go on, sent with the error (e.g. the fresh quote of UNLOCK_PRICE_CHANGED). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    opts: { message?: string; fields?: FieldError[]; params?: Record<string, string | number>; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(opts.message ?? code, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = opts.fields;
    this.params = opts.params;
    this.details = opts.details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
