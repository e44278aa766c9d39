// Shared between the browser-test server (scripts/e2e-server.ts) and the specs.
import os from 'node:os';
import path from 'node:path';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_AUTH_SECRET = 'e2e-auth-secret-e2e-auth-secret-e2e-auth-secret';
export const E2E_PASSWORD = 'e2e-Passwort-2026';
export const E2E_ADMIN = { email: 'e2e-admin@example.com', totpRawSecret: 'E2ETOTPSECRETE2ETOTPSECRETE2ETOT' };
/** A second admin with two-factor: an objection to a report's decision goes to an admin other than the first (DSA Art. 20). */
export const E2E_ADMIN_2 = { email: 'e2e-admin-2@example.com', totpRawSecret: 'E2ESECONDADMINTOTPSECRETE2ESECON' };
/**
 * Providers holding paid Goints (as if bought through Stripe, which the browser tests do not run), five per
 * language project, for journeys where a deal must earn the seeker money: welcome-bonus and test-checkout
 * Goints are promotional and never become earnings (decision 019). Created by scripts/e2e-server.ts.
 */
// The payouts spec uses the first five of a language; the chat journeys the next four; the affiliate journey the last.
export const E2E_PAID_PROVIDERS = 10;
export const E2E_PAID_PROVIDER = (lang: string, i: number) => `e2e-paid-provider-${lang}-${i}@example.com`;
/** Admins without two-factor, one per language project, for the enrolment journey. */
export const E2E_ENROL_ADMIN = (lang: string) => `e2e-admin-enrol-${lang}@example.com`;
/**
 * The mails' links as the server logged them (the offline default keeps account links out of the outbox and
 * prints them only in the server log): scripts/e2e-server.ts copies those log lines here, one JSON a line.
 */
export const E2E_MAIL_LINKS = path.join(os.tmpdir(), `akut-e2e-${E2E_PORT}-mail-links.jsonl`);
/**
 * One-time things the specs' worker processes share out (the admin's backup codes, TOTP steps): a directory per
 * claim, made by exactly one process. scripts/e2e-server.ts empties it for each run (fresh database).
 */
export const E2E_CLAIMS_DIR = path.join(os.tmpdir(), `akut-e2e-${E2E_PORT}-claims`);
/**
 * The test admin's backup codes. A TOTP code works once (decision 074) and at most about one new code in 30 s,
 * so the API sign-ins of the specs use a backup code each; the sign-in by the page still types a TOTP code.
 */
export const E2E_ADMIN_BACKUP_CODES = Array.from({ length: 400 }, (_, i) => `e2e-backup-${String(i).padStart(3, '0')}`);

/** Trader details for a provider made in a browser test (DSA Art. 30: no offers without them). */
export function traderFor(legalName: string) {
  return {
    legalName,
    street: 'Hohe Straße 1',
    postcode: '50667',
    city: 'Köln',
    registerKind: 'trade_licence',
    registerNumber: 'Gewerbeanmeldung 0815/2026, Stadt Köln',
    selfCertified: true,
  };
}
