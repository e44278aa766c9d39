// Builds the app's dependencies from configuration: database (migrated), mailer, auth, event bus.
import type { Config } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createAuth } from './auth/auth.ts';
import { createSessionCache } from './auth/session-cache.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { createMemoryBus, createPostgresBus } from './realtime/bus.ts';
import { createPresence } from './realtime/presence.ts';
import type { AppDeps } from './deps.ts';
import { StartupError } from './startup-error.ts';
import { releaseUserDrafts } from './domain/requests/requests.ts';
import { createSecretBox, resolvePayoutKey } from './crypto/secret-box.ts';
import { createStripe } from './integrations/stripe/client.ts';
import { createPayPalClient } from './integrations/paypal/client.ts';
import { createJobQueue } from './jobs/queue.ts';

/**
 * On a PostgreSQL server several instances may share the database, and a restart must keep sessions and
 * TOTP and IBAN ciphertexts readable: the secrets come from the environment, never generated per start.
 */
export function requireSharedSecrets(config: Config, target: DatabaseTarget) {
  if (target.kind !== 'postgres') return;
  const missing = [!config.authSecret && 'AUTH_SECRET', !config.payoutKey && 'PAYOUT_ENCRYPTION_KEY'].filter(Boolean);
  if (missing.length === 0) return;
  throw new StartupError(
    `with DATABASE_URL set, AUTH_SECRET and PAYOUT_ENCRYPTION_KEY are required (missing: ${missing.join(', ')}). ` +
      'Give every instance that shares the database the same values: AUTH_SECRET signs sessions and encrypts TOTP secrets (at least 32 characters), ' +
      'PAYOUT_ENCRYPTION_KEY encrypts IBANs (64 hex characters or a passphrase). Generate each with: openssl rand -hex 32',
  );
}

export async function buildDeps(config: Config, opts: { logger?: Logger; database?: DatabaseTarget } = {}): Promise<AppDeps> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const target: DatabaseTarget = opts.database ?? config.database;
  requireSharedSecrets(config, target);
  // Generated secrets are kept in DATA_DIR only beside an embedded database on disk.
  const secretsDir = target.kind === 'pglite' && target.dir ? config.dataDir : null;
  const db = await openDatabase(target, { logger });
  const mailer = createMailer({ prisma: db.prisma, logger, smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  const bus = config.eventBus === 'postgres' && db.url ? await createPostgresBus(db.url, logger) : createMemoryBus();
  const auth = createAuth({
    prisma: db.prisma,
    mailer,
    logger,
    baseUrl: config.appUrl,
    secret: resolveAuthSecret(config.authSecret, secretsDir),
    trustedOrigins: config.trustedOrigins,
    secureCookies: config.secureCookies,
    requireEmailVerification: config.requireEmailVerification,
    onAccountChange: (change) => deps.sessionCache?.forget(change),
    // A seeker's requests held as drafts go to providers once the e-mail address is verified.
    onEmailVerified: async (userId) => {
      await releaseUserDrafts(deps, userId);
    },
  });
  const money = {
    box: createSecretBox(resolvePayoutKey(config.payoutKey, secretsDir)),
    stripe: createStripe(config.stripe),
    paypal: config.paypal ? createPayPalClient(config.paypal) : null,
  };
  const deps: AppDeps = { config, db, logger, mailer, auth, bus, presence: createPresence(), money, jobs: createJobQueue(db, logger) };
  // The session cache relies on the database's 'auth.changed' events, which only the PostgreSQL bus hears.
  if (bus.kind === 'postgres' && config.sessionCacheMs > 0) deps.sessionCache = createSessionCache({ bus, ttlMs: config.sessionCacheMs });
  return deps;
}

export async function closeDeps(deps: AppDeps) {
  deps.sessionCache?.close();
  // A flush of mails begun after a commit ends before the database closes (what it leaves, send-mails sends).
  await deps.mailer.idle();
  await deps.jobs.stop();
  await deps.bus.close();
  await deps.db.close();
}
