// Domain events to the people they concern. In-process by default; over PostgreSQL LISTEN/NOTIFY when
// several app instances share one database (EVENT_BUS=postgres, the default with DATABASE_URL).
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { z } from 'zod';
import type { Logger } from '../logger.ts';

export const busEventSchema = z.object({
  type: z.string().min(1),
  // Who receives it: one user, everyone with a role, or both.
  to: z.object({ userId: z.string().optional(), role: z.enum(['seeker', 'provider', 'admin']).optional() }).refine((t) => t.userId || t.role, 'an event needs a recipient'),
  payload: z.unknown(),
  at: z.string().optional(),
});
export type BusEvent = z.infer<typeof busEventSchema>;

export interface EventBus {
  kind: 'memory' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export const BUS_CHANNEL = 'akut_events';

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(event) {
      emitter.emit('event', { ...busEventSchema.parse(event), at: event.at ?? new Date().toISOString() });
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export async function createPostgresBus(url: string, logger: Logger): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listener = new pg.Client({ connectionString: url });
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  await listener.connect();
  await listener.query(`LISTEN ${BUS_CHANNEL}`);
  listener.on('notification', (msg) => {
    if (msg.channel !== BUS_CHANNEL || !msg.payload) return;
    const parsed = busEventSchema.safeParse(JSON.parse(msg.payload));
    if (parsed.success) emitter.emit('event', parsed.data);
    else logger.warn({ payload: msg.payload }, 'ignored malformed bus event');
  });
  listener.on('error', (err) => logger.error({ err: err.message }, 'event bus listener error'));
  return {
    kind: 'postgres',
    async publish(event) {
      const body = JSON.stringify({ ...busEventSchema.parse(event), at: event.at ?? new Date().toISOString() });
      await publisher.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, body]);
    },
    subscribe(handler) {
      emitter.on('event', handler);
      return () => emitter.off('event', handler);
    },
    async close() {
      emitter.removeAllListeners();
      await listener.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
