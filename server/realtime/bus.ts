// Domain events to the people they concern. In-process by default; over PostgreSQL LISTEN/NOTIFY when
// several app instances share one database (EVENT_BUS=postgres, the default with DATABASE_URL).
import { EventEmitter } from 'node:events';
import crypto from 'node:crypto';
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import { currentOrigin } from './origin.ts';

export const busEventSchema = z.object({
  type: z.string().min(1),
  // Who receives it: one user, everyone with a role, or both.
  to: z
    .object({ userId: z.string().optional(), role: z.enum(['seeker', 'provider', 'admin']).optional() })
    .refine((t) => t.userId || t.role, 'an event needs a recipient'),
  payload: z.unknown(),
  at: z.string().optional(),
  // Set on publish: one id per event (every instance hears the same one, so work done per event can be done
  // once), and the chat session whose turn or confirmation caused it, if any (server/realtime/origin.ts).
  id: z.string().max(64).optional(),
  origin: z.string().max(64).optional(),
});
export type BusEvent = z.infer<typeof busEventSchema>;

/** The event as it goes out: with its id, time and origin. */
function stamped(event: BusEvent): BusEvent {
  const origin = event.origin ?? currentOrigin();
  return {
    ...busEventSchema.parse(event),
    at: event.at ?? new Date().toISOString(),
    id: event.id ?? crypto.randomUUID(),
    ...(origin ? { origin } : {}),
  };
}

export type BusStatus = 'ok' | 'reconnecting';

export interface EventBus {
  kind: 'memory' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  /** Several events at once: one statement on the PostgreSQL bus (the notifications of a matched request). */
  publishMany(events: readonly BusEvent[]): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  /** 'reconnecting' while the PostgreSQL bus has lost its LISTEN connection (events published meanwhile are lost). */
  status(): BusStatus;
  /**
   * How many times the bus has (re)started listening. A change means events may have been lost in between:
   * whoever keeps state fed by events (the session cache) starts over.
   */
  epoch(): number;
  close(): Promise<void>;
}

export const BUS_CHANNEL = 'akut_events';

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(event) {
      emitter.emit('event', stamped(event));
    },
    async publishMany(events) {
      for (const event of events) emitter.emit('event', stamped(event));
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    status: () => 'ok',
    epoch: () => 0,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Connection names in pg_stat_activity, so operators and tests can tell the bus's connections apart. */
export const BUS_LISTEN_APP = 'akut-bus-listen';
export const BUS_PUBLISH_APP = 'akut-bus-publish';

export interface PostgresBusOptions {
  /** Back-off between reconnection attempts: full jitter up to min(maxDelayMs, baseDelayMs * 2^attempt). */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * The PostgreSQL bus. A dropped connection never takes the process down: the publisher pool and the LISTEN
 * client both have 'error' listeners; the LISTEN client reconnects with back-off and listens again, and
 * status() says 'reconnecting' meanwhile. NOTIFY is not durable: events published while the listener is
 * away are lost (screens reload their data on the next event or page visit).
 */
export async function createPostgresBus(url: string, logger: Logger, opts: PostgresBusOptions = {}): Promise<EventBus> {
  const baseDelayMs = opts.baseDelayMs ?? 250;
  const maxDelayMs = opts.maxDelayMs ?? 5_000;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publisher = new pg.Pool({ connectionString: url, max: 2, application_name: BUS_PUBLISH_APP, keepAlive: true });
  // An idle pooled connection that PostgreSQL terminates emits 'error' on the pool; the pool drops it.
  publisher.on('error', (err) => logger.warn({ err: err.message }, 'event bus publisher connection lost'));

  let listener: pg.Client | null = null;
  let status: BusStatus = 'reconnecting';
  let closing = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  let epoch = 0;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== BUS_CHANNEL || !msg.payload) return;
    let body: unknown;
    try {
      body = JSON.parse(msg.payload);
    } catch {
      body = undefined;
    }
    const parsed = busEventSchema.safeParse(body);
    if (parsed.success) emitter.emit('event', parsed.data);
    else logger.warn({ payload: msg.payload }, 'ignored malformed bus event');
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: url, application_name: BUS_LISTEN_APP, keepAlive: true });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (closing) return;
      status = 'reconnecting';
      logger.warn({ err: err?.message }, 'event bus lost its LISTEN connection; reconnecting');
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      lost = true;
      client.removeAllListeners('error');
      client.on('error', () => {});
      client.end().catch(() => {});
      throw err;
    }
    if (closing) {
      await client.end().catch(() => {});
      return;
    }
    client.on('notification', onNotification);
    listener = client;
    status = 'ok';
    epoch++;
    if (attempt > 0) logger.info({ attempts: attempt }, 'event bus listening again');
    attempt = 0;
  }

  function scheduleReconnect() {
    if (closing || timer) return;
    const delay = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      listen().catch((err: Error) => {
        logger.warn({ err: err.message, attempt }, 'event bus reconnection failed');
        scheduleReconnect();
      });
    }, delay);
  }

  try {
    await listen();
  } catch (err) {
    await publisher.end().catch(() => {});
    throw err;
  }
  return {
    kind: 'postgres',
    async publish(event) {
      const body = JSON.stringify(stamped(event));
      await publisher.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, body]);
    },
    async publishMany(events) {
      if (!events.length) return;
      const bodies = events.map((e) => JSON.stringify(stamped(e)));
      await publisher.query('SELECT pg_notify($1, b) FROM unnest($2::text[]) AS b', [BUS_CHANNEL, bodies]);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    status: () => status,
    epoch: () => epoch,
    async close() {
      closing = true;
      if (timer) clearTimeout(timer);
      emitter.removeAllListeners();
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
