import type { Config } from './config.ts';
import type { Database } from './db.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Auth } from './auth/auth.ts';
import type { EventBus } from './realtime/bus.ts';

/** Everything the HTTP doors, chat tools and ws server need; built once in main.ts (or per test). */
export interface AppDeps {
  config: Config;
  db: Database;
  logger: Logger;
  mailer: Mailer;
  auth: Auth;
  bus: EventBus;
}
