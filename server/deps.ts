import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Auth } from './auth/auth.ts';
import type { EventBus } from './realtime/bus.ts';
import type { Presence } from './realtime/presence.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { StripeClient } from './integrations/stripe/client.ts';
import type { PayPalClient } from './integrations/paypal/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { SessionCache } from './auth/session-cache.ts';

/** Everything the HTTP doors, chat tools and ws server need; built once in main.ts (or per test). */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  auth: Auth;
  bus: EventBus;
  /** Open ws connections per user in this process (the support chat's 'offline'). */
  presence: Presence;
  /** Payments and payouts: IBAN encryption, Stripe (null: test checkout), PayPal (null: payouts by hand). */
  money: { box: SecretBox; stripe: StripeClient | null; paypal: PayPalClient | null };
  /** The durable job queue (decision 044); main.ts starts its workers, elsewhere it starts on first use. */
  jobs: JobQueue;
  /** Who a session cookie belongs to, kept briefly (decision 048); only with the PostgreSQL event bus. */
  sessionCache?: SessionCache;
}
