// Builds the app's dependencies from configuration: database (migrated), mailer, auth, event bus.
import type { Config } from './config.ts';
import { openDatabase, type DatabaseTarget } from './db.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createAuth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/secret.ts';
import { createMemoryBus, createPostgresBus } from './realtime/bus.ts';
import type { AppDeps } from './deps.ts';
import { releaseUserDrafts } from './domain/requests/requests.ts';
import { createSecretBox, resolvePayoutKey } from './crypto/secret-box.ts';
import { createStripe } from './integrations/stripe/client.ts';
import { createPayPalClient } from './integrations/paypal/client.ts';

export async function buildDeps(config: Config, opts: { logger?: Logger; database?: DatabaseTarget } = {}): Promise<AppDeps> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const target: DatabaseTarget = opts.database ?? config.database;
  const db = await openDatabase(target, { logger });
  const mailer = createMailer({ prisma: db.prisma, logger, smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  const bus = config.eventBus === 'postgres' && db.url ? await createPostgresBus(db.url, logger) : createMemoryBus();
  const auth = createAuth({
    prisma: db.prisma,
    mailer,
    logger,
    baseUrl: config.appUrl,
    secret: resolveAuthSecret(config.authSecret, target.kind === 'pglite' && target.dir ? config.dataDir : null),
    trustedOrigins: config.trustedOrigins,
    secureCookies: config.secureCookies,
    requireEmailVerification: config.requireEmailVerification,
    // A seeker's requests held as drafts go to providers once the e-mail address is verified.
    onEmailVerified: async (userId) => {
      await releaseUserDrafts(deps, userId);
    },
  });
  if (!config.payoutKey && target.kind === 'postgres') logger.warn('PAYOUT_ENCRYPTION_KEY is not set: IBANs are encrypted with a key kept in DATA_DIR; set it when several instances share the database');
  const money = {
    box: createSecretBox(resolvePayoutKey(config.payoutKey, config.dataDir)),
    stripe: createStripe(config.stripe),
    paypal: config.paypal ? createPayPalClient(config.paypal) : null,
  };
  const deps: AppDeps = { config, db, logger, mailer, auth, bus, money };
  return deps;
}

export async function closeDeps(deps: AppDeps) {
  await deps.bus.close();
  await deps.db.close();
}
