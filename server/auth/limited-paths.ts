// The better-auth endpoints that check a password or a code, or send a mail: each attempt counts against the
// per-IP auth limit (server/app.ts), and the OpenAPI document lists 429 for them.
export const AUTH_LIMITED =
  /^\/api\/auth\/(sign-in|sign-up|forget-password|request-password-reset|reset-password|send-verification-email|verify-password|change-password|delete-user|two-factor\/(verify|enable|disable|get-totp-uri|generate-backup-codes))/;
