import path from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '../core/api/meta.ts';

// Read once at start. Every variable is optional: the defaults run akut offline on a fresh machine.
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  // Public origin the browser uses; links in e-mails point here.
  APP_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.string().url().optional()),
  // A streaming read replica of DATABASE_URL's server (decision 079): reads that may be a moment old go there.
  DATABASE_READ_URL: optionalString.pipe(z.string().url('DATABASE_READ_URL must be a PostgreSQL connection URL').optional()),
  // After a write, the same person's reads stay on the primary this long (a signed cookie, on every instance).
  READ_AFTER_WRITE_MS: z.coerce.number().int().min(0, 'READ_AFTER_WRITE_MS must be 0 or more').max(3_600_000).default(5_000),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  TRUSTED_ORIGINS: optionalString,
  // Proxies whose X-Forwarded-For the app believes (Express 'trust proxy'): names loopback, linklocal,
  // uniquelocal or addresses/CIDR ranges, comma-separated. Behind Caddy in compose.yaml: 'loopback, uniquelocal'.
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?))*$/,
      'TRUST_PROXY must list loopback, linklocal, uniquelocal or IP addresses/CIDR ranges, comma-separated',
    )
    .default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Several app instances on one PostgreSQL: events go over LISTEN/NOTIFY.
  EVENT_BUS: z.enum(['memory', 'postgres']).optional(),
  // Model: offline rules model unless an OpenAI-compatible endpoint is configured.
  AI_PROVIDER: z.enum(['offline', 'openai']).optional(),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.string().url().optional()),
  AI_MODEL: z.string().default('gpt-4o-mini'),
  // Mail: SMTP when SMTP_URL is set, otherwise the outbox table.
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('akut <no-reply@akut.local>'),
  // Rate limits (per IP and window); tests and benchmarks may raise them.
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_CHAT: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  // Cookies marked Secure; defaults to true when APP_URL is https.
  SECURE_COOKIES: bool,
  // Payments: Stripe Checkout when both are set, otherwise the built-in test checkout.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Another Stripe API host (a local fake in tests, stripe-mock), e.g. http://127.0.0.1:12111.
  STRIPE_API_BASE: optionalString.pipe(z.string().url().optional()),
  // The built-in test checkout when Stripe is not configured: on by default, off under NODE_ENV=production
  // unless set to 'on' explicitly. Its Goints are promotional (never cash).
  TEST_CHECKOUT: z.enum(['on', 'off']).optional(),
  // Payouts through Stripe Connect (Express accounts, transfers) whenever Stripe is configured, unless 'off'.
  // Connect events (account.updated, payout.failed of a connected account) come to the same webhook URL,
  // signed with the Connect endpoint's secret when it has one of its own.
  STRIPE_CONNECT: z.enum(['on', 'off']).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  // Payouts from the operator's own accounts (SEPA transfer files from its bank account, PayPal paid by hand):
  // moving seekers' money this way needs a payment licence or a confirmed exemption (decision 081). On by
  // default in development and tests, off under NODE_ENV=production unless the operator declares 'on'.
  OWN_ACCOUNT_PAYOUTS: z.enum(['on', 'off']).optional(),
  // Payouts by PayPal's Payouts API when both are set (sandbox by default).
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_API_BASE: optionalString.pipe(z.string().url().optional()),
  PAYPAL_WEBHOOK_ID: optionalString,
  // Key for IBANs at rest (32 bytes as 64 hex characters, or any passphrase); generated into DATA_DIR when unset.
  PAYOUT_ENCRYPTION_KEY: optionalString,
  // The seller on receipts and the debtor of SEPA transfer files.
  SELLER_NAME: z.string().default('akut (Testbetrieb)'),
  SELLER_ADDRESS: z.string().default('Musterstraße 1, 10115 Berlin'),
  SELLER_VAT_ID: z.string().default('DE000000000'),
  SEPA_DEBTOR_IBAN: optionalString,
  SEPA_DEBTOR_BIC: optionalString,
  VAT_RATE_PERCENT: z.coerce.number().min(0).max(50).default(19),
  // The operator named in the Impressum (§ 5 DDG) and the privacy policy; name, address and VAT ID default to
  // the seller's. Contact form messages go to OPERATOR_EMAIL. Until OPERATOR_NAME is set the pages say the
  // data are placeholders of a test operation.
  OPERATOR_NAME: optionalString,
  OPERATOR_ADDRESS: optionalString,
  OPERATOR_EMAIL: optionalString.pipe(z.string().email('OPERATOR_EMAIL must be an e-mail address').optional()),
  OPERATOR_PHONE: optionalString,
  OPERATOR_REPRESENTATIVE: optionalString,
  OPERATOR_REGISTER: optionalString,
  OPERATOR_VAT_ID: optionalString,
  // Contact form messages per IP and window.
  RATE_LIMIT_CONTACT: z.coerce.number().int().positive().default(5),
  // Personal data exports (GET /api/me/export) per IP and window.
  RATE_LIMIT_EXPORT: z.coerce.number().int().positive().default(5),
  // Seconds a server-rendered public page answers anonymous visitors from the page cache (decision 051); 0: off.
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  // Seconds a session check is answered from the process's session cache at most (decision 048); 0: off.
  // Only with the PostgreSQL event bus, which tells every instance of a sign-out or a changed account at once.
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(30),
  // Require e-mail verification before sign-in (default true).
  REQUIRE_EMAIL_VERIFICATION: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Env = z.input<typeof envSchema>;

const checkedEnv = envSchema.superRefine((e, ctx) => {
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    ctx.addIssue({ code: 'custom', path: ['DATABASE_READ_URL'], message: 'DATABASE_READ_URL needs DATABASE_URL (the primary it replicates)' });
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = checkedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const aiProvider = e.AI_PROVIDER ?? (e.OPENAI_API_KEY || e.OPENAI_BASE_URL ? 'openai' : 'offline');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    appUrl,
    dataDir,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, ...(e.DATABASE_READ_URL ? { readUrl: e.DATABASE_READ_URL } : {}) } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'pglite') } as const),
    readAfterWriteMs: e.READ_AFTER_WRITE_MS,
    // Without AUTH_SECRET a secret is generated once and kept in DATA_DIR (see server/auth/secret.ts).
    authSecret: e.AUTH_SECRET,
    trustedOrigins: [
      appUrl,
      ...(e.TRUSTED_ORIGINS?.split(',')
        .map((o) => o.trim())
        .filter(Boolean) ?? []),
    ],
    logLevel: e.LOG_LEVEL,
    eventBus: e.EVENT_BUS ?? (e.DATABASE_URL ? 'postgres' : 'memory'),
    ai: {
      provider: aiProvider,
      apiKey: e.OPENAI_API_KEY,
      baseUrl: e.OPENAI_BASE_URL,
      model: e.AI_MODEL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    rateLimit: {
      auth: e.RATE_LIMIT_AUTH,
      chat: e.RATE_LIMIT_CHAT,
      contact: e.RATE_LIMIT_CONTACT,
      export: e.RATE_LIMIT_EXPORT,
      windowMs: e.RATE_LIMIT_WINDOW_MS,
    },
    secureCookies: env.SECURE_COOKIES !== undefined && env.SECURE_COOKIES !== '' ? e.SECURE_COOKIES : appUrl.startsWith('https://'),
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    pageCacheMs: Math.round(e.PAGE_CACHE_SECONDS * 1000),
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
    // Without Stripe: the test checkout, unless it is off (production, unless TEST_CHECKOUT=on).
    testCheckout: e.TEST_CHECKOUT ? e.TEST_CHECKOUT === 'on' : e.NODE_ENV !== 'production',
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : null,
    stripeConnect: Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) && e.STRIPE_CONNECT !== 'off',
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    ownAccountPayouts: e.OWN_ACCOUNT_PAYOUTS ? e.OWN_ACCOUNT_PAYOUTS === 'on' : e.NODE_ENV !== 'production',
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            apiBase: e.PAYPAL_API_BASE ?? (e.PAYPAL_MODE === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com'),
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : null,
    payoutKey: e.PAYOUT_ENCRYPTION_KEY,
    operator: {
      name: e.OPERATOR_NAME ?? e.SELLER_NAME,
      address: e.OPERATOR_ADDRESS ?? e.SELLER_ADDRESS,
      email: e.OPERATOR_EMAIL ?? 'kontakt@akut.local',
      phone: e.OPERATOR_PHONE ?? null,
      representative: e.OPERATOR_REPRESENTATIVE ?? null,
      register: e.OPERATOR_REGISTER ?? null,
      vatId: e.OPERATOR_VAT_ID ?? e.SELLER_VAT_ID,
      configured: Boolean(e.OPERATOR_NAME),
    },
    seller: { name: e.SELLER_NAME, address: e.SELLER_ADDRESS, vatId: e.SELLER_VAT_ID, vatRatePercent: e.VAT_RATE_PERCENT },
    sepa: {
      debtorName: e.SELLER_NAME,
      debtorIban: e.SEPA_DEBTOR_IBAN ?? 'DE89370400440532013000',
      debtorBic: e.SEPA_DEBTOR_BIC,
      configured: Boolean(e.SEPA_DEBTOR_IBAN),
    },
  };
}

// The short list of what the browser may know about the server's configuration.
export function publicConfig(config: Config): PublicConfig {
  return {
    aiProvider: config.ai.provider,
    mailMode: config.mail.smtpUrl ? 'smtp' : 'outbox',
    checkout: config.stripe ? 'stripe' : config.testCheckout ? 'test' : 'off',
    paypalPayouts: config.paypal ? 'api' : 'manual',
    payoutRails: payoutRails(config),
    aiVendor: config.ai.provider === 'openai' ? (config.ai.baseUrl ? 'custom' : 'openai') : null,
    operator: config.operator,
  };
}

/**
 * The ways a payout can go in this installation: Stripe Connect and PayPal's API through licensed providers;
 * bank transfers (SEPA files) and PayPal paid by hand only from the operator's own accounts, when declared.
 */
export function payoutRails(config: Config): PublicConfig['payoutRails'] {
  return {
    stripe: config.stripeConnect,
    paypal: config.paypal ? 'api' : config.ownAccountPayouts ? 'manual' : 'off',
    bank: config.ownAccountPayouts,
  };
}
